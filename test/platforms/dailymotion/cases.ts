// Dailymotion's rows for the shared suites (test/platforms/cases.ts). dai.ly links name the video
// itself (a post route, no redirect), so there is no short link to follow.
import fc from 'fast-check';
import { PLATFORM_SPECS } from '../../../src/domain/platforms/index.js';
import { dress, hostFrom, hostsOf, re, specOf, variantsOf, type PostCase } from '../../fuzz/url-dressing.js';
import type { PlatformCases } from '../cases.js';

// Posts for the fuzz suites (test/fuzz/url-arbitraries.ts): one video in 2–4 equivalent URLs.
// The hosts whose paths are video ids or players (dai.ly, www.dai.ly, geo.): the spec's own list.
const OWN_PATH_HOSTS = PLATFORM_SPECS.dailymotion.ownPathHosts ?? [];
const ID_HOSTS = OWN_PATH_HOSTS.filter((h) => !h.startsWith('geo.'));
// The /video pages live on every other host of the spec.
const PAGE_HOSTS = hostsOf(specOf('dailymotion')).filter((h) => !h.endsWith('dai.ly') && !OWN_PATH_HOSTS.includes(h));
const dailymotionPost = fc
  .record({ id: re(/^x[a-z0-9]{2,19}$/), slug: re(/^[A-Za-z0-9-]{1,40}$/), player: re(/^[a-z0-9]{1,20}$/) })
  .chain(({ id, slug, player }) => {
    const form = fc.oneof(
      fc.record({ host: hostFrom(PAGE_HOSTS), path: fc.constantFrom(`/video/${id}`, `/video/${id}_${slug}`, `/embed/video/${id}`, `/crawler/video/${id}`, `/swf/video/${id}`), query: fc.constant([] as string[]), slash: fc.constant(true) }),
      fc.record({ host: hostFrom(ID_HOSTS), path: fc.constant(`/${id}`), query: fc.constant([] as string[]), slash: fc.constant(true) }),
      fc.record({ host: hostFrom([...PAGE_HOSTS, 'geo.dailymotion.com']), path: fc.constantFrom('/player.html', `/player/${player}.html`), query: fc.constant([`video=${id}`] as string[]), slash: fc.constant(false) }),
    );
    return variantsOf(form, (f, d) => dress(f.host, f.path, d, { query: f.query, slash: f.slash })).map((variants): PostCase => ({ platform: 'dailymotion', denotes: 'post', contentId: id, variants }));
  });

export const cases: PlatformCases = {
  // What GET /api/v1/platforms must say this platform can do.
  capabilities: { shortLinks: false, video: true, nsfw: true, proxy: false },
  mediaNeedProxy: false,
  // Its pages that are not posts: resolved as unsupported without asking the platform.
  pages: ['https://www.dailymotion.com/playlist/x6hynp', 'https://www.dailymotion.com/jeanbamin', 'https://geo.dailymotion.com/player/xf7zn.html?playlist=x7wdsj'],
  healthy: {
    url: 'https://www.dailymotion.com/video/x8q2k4m',
    scenario: 'ok',
    kind: 'video',
    faults: {
      // The player metadata and oEmbed are JSON-only: they cannot read an HTML page
      'answers an HTML error page where JSON was expected': 'upstream-error',
    },
  },
  wellFormed: [
    'https://www.dailymotion.com/video/x8q2k4m',
    'https://www.dailymotion.com/video/x8q2k4m_severn-bore-at-dawn?playlist=x6abc',
    'https://dai.ly/x8q2k4m',
    'https://www.dailymotion.com/embed/video/x8q2k4m?autoplay=1',
    'https://geo.dailymotion.com/player.html?video=x8q2k4m',
    'https://www.dailymotion.com/video/x' + '9'.repeat(400),
  ],
  shortLinks: [],
  fuzz: { post: dailymotionPost, shortLinks: [] },
};

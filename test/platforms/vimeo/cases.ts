// Vimeo's rows for the shared suites (test/platforms/cases.ts). It has no short links.
import fc from 'fast-check';
import { VIMEO_HOSTS } from '../../../src/domain/platforms/vimeo.js';
import { dress, hostFrom, re, variantsOf, type PostCase } from '../../fuzz/url-dressing.js';
import type { PlatformCases } from '../cases.js';

const SITE_HOSTS = ['vimeo.com', 'www.vimeo.com'];
const NAME = re(/^[A-Za-z0-9_-]{1,30}$/).filter((n) => !/^[.]+$/.test(n));

// Posts for the fuzz suites (test/fuzz/url-arbitraries.ts): one video in 2–4 equivalent URLs.
const publicVideo = fc.record({ id: re(/^[1-9][0-9]{5,10}$/), name: NAME }).chain(({ id, name }) => {
  const form = fc.oneof(
    fc.record({ host: hostFrom(SITE_HOSTS), path: fc.constantFrom(`/${id}`, `/channels/${name}/${id}`, `/groups/${name}/videos/${id}`, `/showcase/${name}/video/${id}`), query: fc.constant([] as string[]) }),
    fc.record({ host: fc.constant(VIMEO_HOSTS.player as string), path: fc.constant(`/video/${id}`), query: fc.constant([] as string[]) }),
  );
  return variantsOf(form, (f, d) => dress(f.host, f.path, d, { query: f.query })).map((variants): PostCase => ({ platform: 'vimeo', denotes: 'post', contentId: id, variants }));
});
const unlistedVideo = fc.record({ id: re(/^[1-9][0-9]{5,10}$/), hash: re(/^[0-9a-f]{10}$/) }).chain(({ id, hash }) => {
  const form = fc.oneof(
    fc.record({ host: hostFrom(SITE_HOSTS), path: fc.constant(`/${id}/${hash}`), query: fc.constant([] as string[]) }),
    fc.record({ host: fc.constant(VIMEO_HOSTS.player as string), path: fc.constant(`/video/${id}`), query: fc.constant([`h=${hash}`] as string[]) }),
  );
  return variantsOf(form, (f, d) => dress(f.host, f.path, d, { query: f.query })).map((variants): PostCase => ({ platform: 'vimeo', denotes: 'post', contentId: `${id}:${hash}`, variants }));
});

export const cases: PlatformCases = {
  // What GET /api/v1/platforms must say this platform can do.
  capabilities: { shortLinks: false, video: true, nsfw: false, proxy: true },
  mediaNeedProxy: false,
  // Its pages that are not posts: resolved as unsupported without asking the platform.
  pages: ['https://vimeo.com/northlightfilms', 'https://vimeo.com/channels/staffpicks', 'https://player.vimeo.com/api/player.js'],
  healthy: {
    url: 'https://vimeo.com/904512377',
    scenario: 'ok',
    kind: 'video',
    faults: {
      // oEmbed and the player config are JSON-only: they cannot read an HTML page.
      'answers an HTML error page where JSON was expected': 'upstream-error',
    },
  },
  wellFormed: [
    'https://vimeo.com/904512377',
    'https://www.vimeo.com/904512377?share=copy',
    'https://vimeo.com/913300417/3b9e1c7d2a',
    'https://player.vimeo.com/video/913300417?h=3b9e1c7d2a&badge=0',
    'https://vimeo.com/channels/staffpicks/904512377',
    'https://vimeo.com/northlightfilms',
    'https://vimeo.com/' + '9'.repeat(400),
  ],
  shortLinks: [],
  fuzz: { post: fc.oneof(publicVideo, unlistedVideo), shortLinks: [] },
};

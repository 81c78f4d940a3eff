// Bilibili's rows for the shared suites (test/platforms/cases.ts): a video with its MP4, and a
// b23.tv short link that redirects to it.
import fc from 'fast-check';
import { bvidOfAid, MAX_AID } from '../../../src/domain/platforms/bilibili-bvid.js';
import { BILIBILI_HOSTS } from '../../../src/domain/platforms/bilibili.js';
import { dress, hostFrom, re, variantsOf, type PostCase } from '../../fuzz/url-dressing.js';
import type { PlatformCases } from '../cases.js';

const VIDEO_HOSTS = ['bilibili.com', 'www.bilibili.com', 'm.bilibili.com'];

// Posts for the fuzz suites: one video (an av number below 2^51 and the BV id it converts to) in
// 2–4 equivalent URLs: video pages by either id (the prefixes in any case), festival pages, the
// player by either id, b23.tv by either id.
const bilibiliPost = fc
  .record({ aid: fc.bigInt({ min: 1n, max: MAX_AID - 1n }), event: re(/^[a-z0-9_-]{1,30}$/) })
  .chain(({ aid, event }) => {
    const bvid = bvidOfAid(aid)!;
    const ids = fc.constantFrom(bvid, `bv${bvid.slice(2)}`, `av${aid}`, `AV${aid}`);
    const form = fc.oneof(
      fc.record({ host: hostFrom(VIDEO_HOSTS), path: ids.map((id) => `/video/${id}`), query: fc.constant([] as string[]), slash: fc.constant(true) }),
      fc.record({ host: hostFrom(VIDEO_HOSTS), path: fc.constant(`/festival/${event}`), query: fc.constant<string[]>([`bvid=${bvid}`]), slash: fc.constant(true) }),
      fc.record({ host: fc.constant(BILIBILI_HOSTS.player), path: fc.constant('/player.html'), query: fc.constantFrom<string[]>([`bvid=${bvid}`], [`aid=${aid}`], [`aid=${aid}`, `bvid=${bvid}`, 'p=1']), slash: fc.constant(false) }),
      fc.record({ host: fc.constant(BILIBILI_HOSTS.short), path: ids.map((id) => `/${id}`), query: fc.constant([] as string[]), slash: fc.constant(true) }),
    );
    return variantsOf(form, (f, d) => dress(f.host, f.path, d, { query: f.query, slash: f.slash })).map((variants): PostCase => ({ platform: 'bilibili', denotes: 'post', contentId: bvid, variants }));
  });

/** b23.tv codes are case-sensitive; one that reads as `av{n}` names the video itself, not a code. */
const shortLink = re(/^[A-Za-z0-9]{5,12}$/)
  .filter((code) => !/^av[0-9]+$/i.test(code))
  .chain((code) => variantsOf(fc.constant(BILIBILI_HOSTS.short), (h, d) => dress(h, `/${code}`, d)).map((variants): PostCase => ({ platform: 'bilibili', denotes: 'short', contentId: `b23.tv/${code}`, variants })));

export const cases: PlatformCases = {
  // What GET /api/v1/platforms must say this platform can do.
  capabilities: { shortLinks: true, video: true, nsfw: false, proxy: true },
  // The stream hosts refuse a request without Bilibili's Referer.
  mediaNeedProxy: true,
  // Its pages that are not posts: resolved as unsupported without asking the platform.
  pages: ['https://space.bilibili.com/66606350', 'https://live.bilibili.com/21452505', 'https://www.bilibili.com/bangumi/play/ep123456'],
  healthy: {
    url: 'https://www.bilibili.com/video/BV1Hq4y1m7Ts',
    scenario: 'ok',
    kind: 'video',
    faults: {
      // The view and playurl answers are JSON-only: they cannot read an HTML page.
      'answers an HTML error page where JSON was expected': 'upstream-error',
    },
  },
  wellFormed: [
    'https://www.bilibili.com/video/BV1Hq4y1m7Ts',
    'https://m.bilibili.com/video/av592580265?p=2&share_source=copy_web',
    'https://www.bilibili.com/video/av' + '9'.repeat(19),
    'https://player.bilibili.com/player.html?aid=' + '9'.repeat(19) + '&page=9999',
    'https://www.bilibili.com/festival/2022bnj?bvid=BV1Hq4y1m7Ts',
    'https://b23.tv/Xk3mQ7p',
    'https://b23.tv/' + 'x'.repeat(400),
    'https://www.bilibili.com/video/BV' + '1'.repeat(400),
    'https://space.bilibili.com/66606350',
  ],
  shortLinks: [
    {
      short: 'https://b23.tv/Xk3mQ7p',
      scenarios: ['short-link', 'ok'],
      canonicalUrl: 'https://www.bilibili.com/video/BV1Hq4y1m7Ts',
      kind: 'video',
    },
  ],
  fuzz: { post: bilibiliPost, shortLinks: [shortLink] },
};

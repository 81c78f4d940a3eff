// VK's rows for the shared suites (test/platforms/cases.ts). VK has no short links (vk.cc is a
// general shortener, not a post's): every video and wall URL names its post directly.
import fc from 'fast-check';
import { dress, hostFrom, hostsOf, re, specOf, variantsOf, type PostCase } from '../../fuzz/url-dressing.js';
import type { PlatformCases } from '../cases.js';
import { parsePage } from '../../../src/infrastructure/platforms/vk/page.js';

const HOSTS = hostsOf(specOf('vk'));
const owner = fc.oneof(re(/^[1-9][0-9]{0,9}$/), re(/^-[1-9][0-9]{0,9}$/));
const number = re(/^[1-9][0-9]{0,9}$/);
const page = re(/^[a-z][a-z0-9_.]{2,20}$/);

// Posts for the fuzz suites (test/fuzz/url-arbitraries.ts): one video or wall post in 2–4 equivalent URLs.
const vkVideo = fc.record({ owner, id: number, page }).chain(({ owner, id, page }) => {
  const form = fc.oneof(
    fc.record({ host: hostFrom(HOSTS), path: fc.constantFrom(`/video${owner}_${id}`, `/clip${owner}_${id}`), query: fc.constant([] as string[]), slash: fc.constant(true) }),
    fc.record({ host: hostFrom(HOSTS), path: fc.constant('/video_ext.php'), query: fc.constant([`oid=${owner}`, `id=${id}`] as string[]), slash: fc.constant(false) }),
    fc.record({ host: hostFrom(HOSTS), path: fc.constant(`/${page}`), query: fc.constantFrom([`z=video${owner}_${id}`] as string[], [`z=clip${owner}_${id}%2Fpl_wall`] as string[]), slash: fc.constant(false) }),
  );
  return variantsOf(form, (f, d) => dress(f.host, f.path, d, { query: f.query, slash: f.slash })).map((variants): PostCase => ({ platform: 'vk', denotes: 'post', contentId: `video${owner}_${id}`, variants }));
});
const vkWall = fc.record({ owner, id: number, page }).chain(({ owner, id, page }) => {
  const form = fc.oneof(
    fc.record({ host: hostFrom(HOSTS), path: fc.constant(`/wall${owner}_${id}`), query: fc.constant([] as string[]), slash: fc.constant(true) }),
    fc.record({ host: hostFrom(HOSTS), path: fc.constant(`/${page}`), query: fc.constant([`w=wall${owner}_${id}`] as string[]), slash: fc.constant(false) }),
  );
  return variantsOf(form, (f, d) => dress(f.host, f.path, d, { query: f.query, slash: f.slash })).map((variants): PostCase => ({ platform: 'vk', denotes: 'post', contentId: `wall${owner}_${id}`, variants }));
});

export const cases: PlatformCases = {
  // What GET /api/v1/platforms must say this platform can do.
  capabilities: { shortLinks: false, video: true, nsfw: false, proxy: true },
  // video.get's files play only for the VK app's User-Agent, which the proxy sends.
  mediaNeedProxy: true,
  capturedPage: (html) => parsePage(html),
  // Its pages that are not posts: resolved as unsupported without asking the platform.
  pages: ['https://vk.com/durov', 'https://vk.com/club214750091', 'https://vkvideo.ru/@lakesideferry', 'https://vk.com/video/@lakesideferry'],
  healthy: {
    url: 'https://vk.com/video-214750091_456239017',
    scenario: 'video',
    kind: 'video',
  },
  wellFormed: [
    'https://vk.com/video-214750091_456239017',
    'https://m.vk.com/lakesideferry?z=video-214750091_456239017%2Fpl_wall_-214750091',
    'https://vkvideo.ru/clip73310042_456239021?utm_source=telegram',
    'https://vk.com/video_ext.php?oid=-214750091&id=456239017&hash=0a1b2c3d4e5f6789',
    'https://vk.com/feed?w=wall-214750091_1205',
    'https://vk.com/wall-214750091_1205',
    'https://vk.com/video-1_' + '9'.repeat(400),
  ],
  shortLinks: [],
  fuzz: { post: fc.oneof(vkVideo, vkWall), shortLinks: [] },
};

// YouTube's rows for the shared suites (test/platforms/cases.ts).
import fc from 'fast-check';
import { re, dress, variantsOf, hostFrom, type PostCase } from '../../fuzz/url-dressing.js';
import type { PlatformCases } from '../cases.js';
import { parseWatchPage } from '../../../src/infrastructure/platforms/youtube/watch-page.js';

// Posts for the fuzz suites (test/fuzz/url-arbitraries.ts): one post in 2–4 equivalent URLs.
const YT_MAIN = ['youtube.com', 'www.youtube.com', 'm.youtube.com', 'music.youtube.com'];
const YT_PLAYER = [...YT_MAIN, 'youtube-nocookie.com', 'www.youtube-nocookie.com'];
const youtubePost = re(/^[A-Za-z0-9_-]{11}$/).chain((id) => {
  const form = fc.oneof(
    fc.record({ host: hostFrom(YT_MAIN), path: fc.constant('/watch'), query: fc.constant([`v=${id}`] as string[]) }),
    fc.record({ host: hostFrom(YT_MAIN), path: fc.constant(`/watch/${id}`), query: fc.constant([] as string[]) }),
    fc.record({ host: fc.constantFrom('youtu.be', 'www.youtu.be'), path: fc.constant(`/${id}`), query: fc.constant([] as string[]) }),
    fc.record({ host: hostFrom(YT_PLAYER), path: fc.constantFrom('shorts', 'live', 'embed', 'v', 'e').map((k) => `/${k}/${id}`), query: fc.constant([] as string[]) }),
  );
  return variantsOf(form, (f, d) => dress(f.host, f.path, d, { query: f.query })).map((variants): PostCase => ({ platform: 'youtube', denotes: 'post', contentId: id, variants }));
});

export const cases: PlatformCases = {
  // What GET /api/v1/platforms must say this platform can do.
  capabilities: { shortLinks: false, video: true, nsfw: true, proxy: false },
  mediaNeedProxy: false,
  capturedPage: (html) => parseWatchPage(html),
  // Its pages that are not posts: resolved as unsupported without asking the platform.
  pages: ['https://www.youtube.com/@hearthandcrumb'],
  healthy: { url: 'https://www.youtube.com/watch?v=Pq3rS7tUv1w', scenario: 'ok', kind: 'video' },
  wellFormed: ['https://youtu.be/dQw4w9WgXcQ?t=42', 'https://www.youtube.com/shorts/dQw4w9WgXcQ', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ&v=AAAAAAAAAAA'],
  shortLinks: [],
  fuzz: { post: youtubePost, shortLinks: [] },
};

// Rutube's rows for the shared suites (test/platforms/cases.ts). Rutube has no short links: every
// video URL names its video (and a private one's key) directly.
import fc from 'fast-check';
import { dress, hostFrom, hostsOf, re, specOf, variantsOf, type PostCase } from '../../fuzz/url-dressing.js';
import type { PlatformCases } from '../cases.js';

const HOSTS = hostsOf(specOf('rutube'));

// Posts for the fuzz suites (test/fuzz/url-arbitraries.ts): one video in 2–4 equivalent URLs.
const rutubeVideo = fc.record({ id: re(/^[0-9a-f]{32}$/) }).chain(({ id }) => {
  const form = fc.record({ host: hostFrom(HOSTS), path: fc.constantFrom(`/video/${id}`, `/play/embed/${id}`, `/embed/${id}`), query: fc.constant([] as string[]), slash: fc.constant(true) });
  return variantsOf(form, (f, d) => dress(f.host, f.path, d, { query: f.query, slash: f.slash })).map((variants): PostCase => ({ platform: 'rutube', denotes: 'post', contentId: id, variants }));
});

export const cases: PlatformCases = {
  // What GET /api/v1/platforms must say this platform can do.
  capabilities: { shortLinks: false, video: true, nsfw: true, proxy: false },
  // The HLS playlist plays without a cookie or Referer.
  mediaNeedProxy: false,
  // Its pages that are not posts: resolved as unsupported without asking the platform.
  pages: ['https://rutube.ru/channel/3310042/', 'https://rutube.ru/plst/412345/', 'https://rutube.ru/play/embed/10259595'],
  healthy: {
    url: 'https://rutube.ru/video/5c1f0e2d9a8b47c6b3e2d1f0a9b8c7d6/',
    scenario: 'ok',
    kind: 'video',
  },
  wellFormed: [
    'https://rutube.ru/video/5c1f0e2d9a8b47c6b3e2d1f0a9b8c7d6/?r=wd',
    'https://rutube.ru/play/embed/5c1f0e2d9a8b47c6b3e2d1f0a9b8c7d6',
    'https://rutube.ru/shorts/5c1f0e2d9a8b47c6b3e2d1f0a9b8c7d6/',
    'https://rutube.ru/video/private/0a1b2c3d4e5f60718293a4b5c6d7e8f9/?p=Fx7kQm2Pz9LwTn4Rb8YsAa',
    'https://rutube.ru/video/' + 'f'.repeat(400) + '/',
  ],
  shortLinks: [],
  fuzz: { post: rutubeVideo, shortLinks: [] },
};

// PeerTube's rows for the shared suites (test/platforms/cases.ts): a fediverse family, no short links.
import fc from 'fast-check';
import { DEFAULT_PEERTUBE_INSTANCES } from '../../../src/domain/platforms/peertube.js';
import { shortUuid } from '../../../src/domain/platforms/peertube-short-uuid.js';
import { dress, variantsOf, type PostCase } from '../../fuzz/url-dressing.js';
import type { PlatformCases } from '../cases.js';

// Posts for the fuzz suites (test/fuzz/url-arbitraries.ts): one post in 2–4 equivalent URLs.
const peertubePost = fc
  .record({ instance: fc.constantFrom(...DEFAULT_PEERTUBE_INSTANCES), uuid: fc.uuid() })
  .chain(({ instance, uuid }) =>
    variantsOf(fc.record({ shape: fc.constantFrom('w', 'watch', 'embed', 'short') }), (f, d) =>
      dress(instance, f.shape === 'short' ? `/w/${shortUuid(uuid)}` : `${{ w: '/w', watch: '/videos/watch', embed: '/videos/embed' }[f.shape]}/${uuid}`, d),
    ).map((variants): PostCase => ({ platform: 'peertube', denotes: 'post', contentId: `${instance}/${shortUuid(uuid)}`, variants })),
  );

export const cases: PlatformCases = {
  // What GET /api/v1/platforms must say this platform can do.
  capabilities: { shortLinks: false, video: true, nsfw: true, proxy: false },
  mediaNeedProxy: false,
  // Its pages that are not posts: resolved as unsupported without asking the server.
  pages: ['https://framatube.org/c/mira_workshop', 'https://framatube.org/w/p/kkGMgK9YJrR6bNHRi3TWNB'],
  healthy: { url: 'https://framatube.org/w/kkGMgK9YJrR6bNHRi3TWNB', scenario: 'video', kind: 'video' },
  wellFormed: ['https://framatube.org/w/kkGMgK9YJrR6bNHRi3TWNB', 'https://framatube.org/videos/watch/9c9de5e8-0a1b-4c2d-8e3f-4a5b6c7d8e9f', 'https://framatube.org/videos/embed/9C9DE5E8-0A1B-4C2D-8E3F-4A5B6C7D8E9F?autoplay=1'],
  shortLinks: [],
  fuzz: { post: peertubePost, shortLinks: [] },
};

// Friendica's rows for the shared suites (test/platforms/cases.ts): a fediverse family, no short links.
import fc from 'fast-check';
import { DEFAULT_FRIENDICA_INSTANCES } from '../../../src/domain/platforms/friendica.js';
import { dress, re, variantsOf, type PostCase } from '../../fuzz/url-dressing.js';
import type { PlatformCases } from '../cases.js';

// Posts for the fuzz suites (test/fuzz/url-arbitraries.ts): one post in 2–4 equivalent URLs.
const friendicaPost = fc
  .record({ instance: fc.constantFrom(...DEFAULT_FRIENDICA_INSTANCES), guid: re(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/) })
  .chain(({ instance, guid }) =>
    variantsOf(fc.record({ shape: fc.constantFrom('display', 'objects') }), (f, d) => dress(instance, `/${f.shape}/${guid}`, d)).map(
      (variants): PostCase => ({ platform: 'friendica', denotes: 'post', contentId: `${instance}/${guid}`, variants }),
    ),
  );

export const cases: PlatformCases = {
  // What GET /api/v1/platforms must say this platform can do.
  capabilities: { shortLinks: false, video: true, nsfw: true, proxy: false },
  mediaNeedProxy: false,
  // Its pages that are not posts: resolved as unsupported without asking the server.
  pages: ['https://libranet.de/profile/jonas', 'https://libranet.de/network'],
  healthy: { url: 'https://libranet.de/display/6c2a1f0e-4b3d-2a19-8e7f-5d4c3b2a1908', scenario: 'activitypub', kind: 'image' },
  wellFormed: ['https://libranet.de/display/6c2a1f0e-4b3d-2a19-8e7f-5d4c3b2a1908', 'https://libranet.de/objects/6c2a1f0e-4b3d-2a19-8e7f-5d4c3b2a1908', 'https://libranet.de/display/' + 'a'.repeat(64)],
  shortLinks: [],
  fuzz: { post: friendicaPost, shortLinks: [] },
};

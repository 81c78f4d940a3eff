// GoToSocial's rows for the shared suites (test/platforms/cases.ts): a fediverse family, no short links.
import fc from 'fast-check';
import { DEFAULT_GOTOSOCIAL_INSTANCES } from '../../../src/domain/platforms/gotosocial.js';
import { dress, re, variantsOf, type PostCase } from '../../fuzz/url-dressing.js';
import type { PlatformCases } from '../cases.js';

// Posts for the fuzz suites (test/fuzz/url-arbitraries.ts): one post in 2–4 equivalent URLs.
const gotosocialPost = fc
  .record({ instance: fc.constantFrom(...DEFAULT_GOTOSOCIAL_INSTANCES), user: re(/^[a-z0-9_]{1,20}$/), id: re(/^[0-9A-HJKMNP-TV-Z]{26}$/) })
  .chain(({ instance, user, id }) =>
    variantsOf(fc.record({ shape: fc.constantFrom('at', 'users') }), (f, d) =>
      dress(instance, f.shape === 'at' ? `/@${user}/statuses/${id}` : `/users/${user}/statuses/${id}`, d),
    ).map((variants): PostCase => ({ platform: 'gotosocial', denotes: 'post', contentId: `${instance}/${id}`, variants })),
  );

export const cases: PlatformCases = {
  // What GET /api/v1/platforms must say this platform can do.
  capabilities: { shortLinks: false, video: true, nsfw: true, proxy: false },
  mediaNeedProxy: false,
  // Its pages that are not posts: resolved as unsupported without asking the server.
  pages: ['https://gts.superseriousbusiness.org/@wren'],
  healthy: { url: 'https://gts.superseriousbusiness.org/@wren/statuses/01JX2Y3Z4A5B6C7D8E9F0GHJKM', scenario: 'video', kind: 'video' },
  wellFormed: ['https://gts.superseriousbusiness.org/@wren/statuses/01JX2Y3Z4A5B6C7D8E9F0GHJKM', 'https://gts.superseriousbusiness.org/users/wren/statuses/01jx2y3z4a5b6c7d8e9f0ghjkm'],
  shortLinks: [],
  fuzz: { post: gotosocialPost, shortLinks: [] },
};

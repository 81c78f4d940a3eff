// Pixelfed's rows for the shared suites (test/platforms/cases.ts): a fediverse family, no short links.
import fc from 'fast-check';
import { DEFAULT_PIXELFED_INSTANCES } from '../../../src/domain/platforms/pixelfed.js';
import { dress, re, variantsOf, type PostCase } from '../../fuzz/url-dressing.js';
import type { PlatformCases } from '../cases.js';

// Posts for the fuzz suites (test/fuzz/url-arbitraries.ts): one post in 2–4 equivalent URLs.
const pixelfedPost = fc
  .record({ instance: fc.constantFrom(...DEFAULT_PIXELFED_INSTANCES), user: re(/^[a-z0-9_]{1,20}$/), id: re(/^[1-9][0-9]{5,18}$/) })
  .chain(({ instance, user, id }) =>
    variantsOf(fc.record({ www: fc.boolean() }), (f, d) => dress(`${f.www ? 'www.' : ''}${instance}`, `/p/${user}/${id}`, d)).map(
      (variants): PostCase => ({ platform: 'pixelfed', denotes: 'post', contentId: `${instance}/${id}`, variants }),
    ),
  );

export const cases: PlatformCases = {
  // What GET /api/v1/platforms must say this platform can do.
  capabilities: { shortLinks: false, video: true, nsfw: true, proxy: false },
  mediaNeedProxy: false,
  // Its pages that are not posts: resolved as unsupported without asking the server.
  pages: ['https://pixelfed.social/lena_frames', 'https://pixelfed.social/discover/tags/film'],
  healthy: { url: 'https://pixelfed.social/p/lena_frames/812345678901234567', scenario: 'image', kind: 'image' },
  wellFormed: ['https://pixelfed.social/p/lena_frames/812345678901234567', 'https://pixelfed.social/i/web/post/812345678901234567', 'https://pixelfed.social/p/a/99999999999999999999'],
  shortLinks: [],
  fuzz: { post: pixelfedPost, shortLinks: [] },
};

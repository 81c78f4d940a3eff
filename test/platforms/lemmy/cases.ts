// Lemmy's rows for the shared suites (test/platforms/cases.ts): a fediverse family, no short links.
import fc from 'fast-check';
import { DEFAULT_LEMMY_INSTANCES } from '../../../src/domain/platforms/lemmy.js';
import { dress, re, variantsOf, type PostCase } from '../../fuzz/url-dressing.js';
import type { PlatformCases } from '../cases.js';

// Posts for the fuzz suites (test/fuzz/url-arbitraries.ts): one post in 2–4 equivalent URLs.
const lemmyPost = fc
  .record({ instance: fc.constantFrom(...DEFAULT_LEMMY_INSTANCES), item: fc.constantFrom('post', 'comment'), n: re(/^[1-9][0-9]{0,9}$/) })
  .chain(({ instance, item, n }) =>
    variantsOf(fc.record({ www: fc.boolean() }), (f, d) => dress(`${f.www ? 'www.' : ''}${instance}`, `/${item}/${n}`, d)).map(
      (variants): PostCase => ({ platform: 'lemmy', denotes: 'post', contentId: `${instance}/${item}/${n}`, variants }),
    ),
  );

export const cases: PlatformCases = {
  // What GET /api/v1/platforms must say this platform can do.
  capabilities: { shortLinks: false, video: true, nsfw: true, proxy: false },
  mediaNeedProxy: false,
  // Its pages that are not posts: resolved as unsupported without asking the server.
  pages: ['https://lemmy.world/c/woodworking', 'https://lemmy.world/u/quill'],
  healthy: { url: 'https://lemmy.world/post/4243', scenario: 'image-post', kind: 'image' },
  wellFormed: ['https://lemmy.world/post/4242', 'https://lemmy.world/comment/977', 'https://lemmy.world/post/999999999999'],
  shortLinks: [],
  fuzz: { post: lemmyPost, shortLinks: [] },
};

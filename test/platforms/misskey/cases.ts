// Misskey's rows for the shared suites (test/platforms/cases.ts): a fediverse family, no short links.
import fc from 'fast-check';
import { DEFAULT_MISSKEY_INSTANCES } from '../../../src/domain/platforms/misskey.js';
import { dress, re, variantsOf, type PostCase } from '../../fuzz/url-dressing.js';
import type { PlatformCases } from '../cases.js';

// Posts for the fuzz suites (test/fuzz/url-arbitraries.ts): one post in 2–4 equivalent URLs.
const misskeyPost = fc
  .record({ instance: fc.constantFrom(...DEFAULT_MISSKEY_INSTANCES), id: re(/^[0-9a-z]{10,16}$/) })
  .chain(({ instance, id }) =>
    variantsOf(fc.record({ www: fc.boolean() }), (f, d) => dress(`${f.www ? 'www.' : ''}${instance}`, `/notes/${id}`, d)).map(
      (variants): PostCase => ({ platform: 'misskey', denotes: 'post', contentId: `${instance}/${id}`, variants }),
    ),
  );

export const cases: PlatformCases = {
  // What GET /api/v1/platforms must say this platform can do.
  capabilities: { shortLinks: false, video: true, nsfw: true, proxy: false },
  mediaNeedProxy: false,
  // Its pages that are not posts: resolved as unsupported without asking the server.
  pages: ['https://misskey.io/@yuki_draws', 'https://misskey.io/explore'],
  healthy: { url: 'https://misskey.io/notes/a1b2c3d4e5', scenario: 'quote', kind: 'image' },
  wellFormed: ['https://misskey.io/notes/a1b2c3d4e5', 'https://misskey.io/notes/9mnz2jxcfwwdsd0g?ref=share', 'https://misskey.io/notes/' + 'z'.repeat(32)],
  shortLinks: [],
  fuzz: { post: misskeyPost, shortLinks: [] },
};

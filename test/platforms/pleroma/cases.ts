// Pleroma's rows for the shared suites (test/platforms/cases.ts): a fediverse family, no short links.
import fc from 'fast-check';
import { DEFAULT_PLEROMA_INSTANCES } from '../../../src/domain/platforms/pleroma.js';
import { dress, re, variantsOf, type PostCase } from '../../fuzz/url-dressing.js';
import type { PlatformCases } from '../cases.js';

// Posts for the fuzz suites (test/fuzz/url-arbitraries.ts): one post in 2–4 equivalent URLs.
const pleromaPost = fc
  .record({ instance: fc.constantFrom(...DEFAULT_PLEROMA_INSTANCES), id: re(/^[A-Za-z0-9]{1,30}$/), user: re(/^[a-z0-9_]{1,20}$/) })
  .chain(({ instance, id, user }) =>
    variantsOf(fc.record({ www: fc.boolean(), shape: fc.constantFrom('notice', 'posts') }), (f, d) =>
      dress(`${f.www ? 'www.' : ''}${instance}`, f.shape === 'notice' ? `/notice/${id}` : `/@${user}/posts/${id}`, d),
    ).map((variants): PostCase => ({ platform: 'pleroma', denotes: 'post', contentId: `${instance}/${id}`, variants })),
  );

export const cases: PlatformCases = {
  // What GET /api/v1/platforms must say this platform can do.
  capabilities: { shortLinks: false, video: true, nsfw: true, proxy: false },
  mediaNeedProxy: false,
  // Its pages that are not posts: resolved as unsupported without asking the server.
  pages: ['https://akko.wtf/users/ines', 'https://akko.wtf/main/public'],
  healthy: { url: 'https://akko.wtf/notice/AQb3xYz9Kp2LmNoPqR', scenario: 'image', kind: 'image' },
  wellFormed: ['https://akko.wtf/notice/AQb3xYz9Kp2LmNoPqR', 'https://akko.wtf/@ines/posts/AQb3xYz9Kp2LmNoPqR?utm_source=x', 'https://akko.wtf/objects/0F3C9A52-6A7E-4D0E-9A51-7D1B2C3D4E5F', 'https://akko.wtf/notice/' + 'Z'.repeat(40)],
  shortLinks: [],
  fuzz: { post: pleromaPost, shortLinks: [] },
};

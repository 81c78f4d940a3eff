// Mastodon's rows for the shared suites (test/platforms/cases.ts).
import fc from 'fast-check';
import { DEFAULT_MASTODON_INSTANCES } from '../../../src/domain/platforms/mastodon.js';
import { re, digits, dress, variantsOf, type PostCase } from '../../fuzz/url-dressing.js';
import type { PlatformCases } from '../cases.js';

// Posts for the fuzz suites (test/fuzz/url-arbitraries.ts): one post in 2–4 equivalent URLs.
const mastodonPost = fc
  .record({ instance: fc.constantFrom(...DEFAULT_MASTODON_INSTANCES), user: re(/^[A-Za-z0-9_]{1,30}$/), remote: fc.option(fc.domain(), { nil: undefined }), id: digits(19) })
  .chain(({ instance, user, remote, id }) => {
    const form = fc.record({
      www: fc.boolean(),
      shape: fc.constantFrom('at', 'at-embed', 'users', 'users-activity'),
      userCase: fc.boolean(),
    });
    return variantsOf(form, (f, d) => {
      const account = `${f.userCase ? user.toUpperCase() : user}${remote ? `@${remote}` : ''}`;
      const path = {
        at: `/@${account}/${id}`,
        'at-embed': `/@${account}/${id}/embed`,
        users: `/users/${account}/statuses/${id}`,
        'users-activity': `/users/${account}/statuses/${id}/activity`,
      }[f.shape];
      return dress(`${f.www ? 'www.' : ''}${instance}`, path, d);
    }).map((variants): PostCase => ({ platform: 'mastodon', denotes: 'post', contentId: `${instance}/${id}`, variants }));
  });

export const cases: PlatformCases = {
  // What GET /api/v1/platforms must say this platform can do.
  capabilities: { shortLinks: false, video: true, nsfw: true, proxy: false },
  mediaNeedProxy: false,
  // Its pages that are not posts: resolved as unsupported without asking the platform.
  pages: ['https://mastodon.social/@Gargron'],
  healthy: {
    url: 'https://mastodon.social/@marta/113900000000001002',
    scenario: 'image',
    kind: 'image',
  },
  wellFormed: ['https://mastodon.social/@Gargron/109384017411611735', 'https://mastodon.social/@a/99999999999999999999'],
  shortLinks: [],
  fuzz: { post: mastodonPost, shortLinks: [] },
};

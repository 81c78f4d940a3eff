// Twitter/X's rows for the shared suites (test/platforms/cases.ts).
import fc from 'fast-check';
import { re, digits, dress, variantsOf, hostFrom, hostsOf, specOf, type PostCase } from '../../fuzz/url-dressing.js';
import type { PlatformCases } from '../cases.js';

// Posts for the fuzz suites (test/fuzz/url-arbitraries.ts): one post in 2–4 equivalent URLs.
const twitterPost = fc
  .record({ id: digits(19), users: fc.array(re(/^[A-Za-z0-9_]{1,15}$/), { minLength: 1, maxLength: 3 }) })
  .chain(({ id, users }) => {
    const tails = ['', '/photo/1', '/video/2', '/analytics', '/likes', '/retweets', '/retweets/with_comments', '/quotes', '/history', '/en', '.mp4', '/mediaviewer'];
    // X's paths are case-insensitive: `shout` writes the fixed words in capitals.
    const form = fc.record({
      host: hostFrom(hostsOf(specOf('twitter'))),
      path: fc.oneof(
        fc.tuple(fc.constantFrom(...users), fc.constantFrom('status', 'statuses'), fc.constantFrom(...tails), fc.boolean()).map(([u, s, t, shout]) =>
          shout ? `/${u}/${s.toUpperCase()}/${id}${t.toUpperCase()}` : `/${u}/${s}/${id}${t}`,
        ),
        fc.constantFrom(`/i/web/status/${id}`, `/statuses/${id}`, `/i/status/${id}`, `/I/WEB/STATUS/${id}`),
      ),
      bookmark: fc.boolean(),
    });
    return variantsOf(form, (f, d) => (f.bookmark ? dress(f.host, '/i/bookmarks', d, { query: [`post_id=${id}`] }) : dress(f.host, f.path, d))).map(
      (variants): PostCase => ({ platform: 'twitter', denotes: 'post', contentId: id, variants }),
    );
  });

/** Short links: the code is case-sensitive, so only the host, query and decoration vary. */
const shortLinkPosts = [
  re(/^[A-Za-z0-9]{1,20}$/).chain((code) =>
    variantsOf(fc.constant('t.co'), (h, d) => dress(h, `/${code}`, d)).map((v): PostCase => ({ platform: 'twitter', denotes: 'short', contentId: `t.co/${code}`, variants: v })),
  ),
];

export const cases: PlatformCases = {
  // What GET /api/v1/platforms must say this platform can do.
  capabilities: { shortLinks: true, video: true, nsfw: true, proxy: true },
  mediaNeedProxy: false,
  // Its pages that are not posts: resolved as unsupported without asking the platform.
  pages: ['https://x.com/jack', 'https://x.com/jack/likes'],
  healthy: {
    url: 'https://x.com/marta_bakes/status/1790000000000000101',
    scenario: 'syndication-photo',
    kind: 'image',
    faults: {
      // JSON-only APIs cannot read an HTML page
      'answers an HTML error page where JSON was expected': 'upstream-error',
    },
  },
  wellFormed: ['https://x.com/jack/status/20', 'https://twitter.com/jack/status/20/photo/1?s=20', 'https://t.co/abc123', 'x.com/jack/status/20'],
  shortLinks: [
    {
      short: 'https://t.co/Ab12Cd34Ef',
      scenarios: ['short-link-redirect', 'syndication-photo'],
      canonicalUrl: 'https://x.com/marta_bakes/status/1790000000000000101',
      kind: 'image',
    },
  ],
  fuzz: { post: twitterPost, shortLinks: shortLinkPosts },
};

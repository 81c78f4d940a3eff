// Reddit's rows for the shared suites (test/platforms/cases.ts).
import fc from 'fast-check';
import { re, dress, variantsOf, hostFrom, hostsOf, specOf, type PostCase } from '../../fuzz/url-dressing.js';
import type { PlatformCases } from '../cases.js';

// Posts for the fuzz suites (test/fuzz/url-arbitraries.ts): one post in 2–4 equivalent URLs.
const REDDIT_MAIN = hostsOf(specOf('reddit')).filter((h) => !h.endsWith('redd.it'));
const redditPost = fc
  .record({
    id: re(/^[a-z0-9]{1,8}$/),
    cid: fc.option(re(/^[a-z0-9]{1,8}$/), { nil: undefined }),
    sub: re(/^[A-Za-z0-9][A-Za-z0-9_]{2,20}$/).filter((s) => !/^u_/i.test(s)),
    user: re(/^[A-Za-z0-9_-]{3,20}$/),
    slug: fc.oneof(re(/^[a-z0-9_]{1,40}$/), fc.constantFrom('caf%C3%A9_au_lait', 'a%2Fb', 'comment', 'title-with-dashes', 'x.y')),
  })
  .chain(({ id, cid, sub, user, slug }) => {
    const owners = [`/r/${sub}`, '', `/user/${user}`, `/u/${user}`];
    if (/^[A-Za-z0-9_]{1,22}$/.test(user)) owners.push(`/r/u_${user}`);
    const form = fc.record({
      host: hostFrom(REDDIT_MAIN),
      owner: fc.constantFrom(...owners),
      withSlug: fc.boolean(),
      oldStyle: fc.boolean(),
      idCase: fc.constantFrom('lower', 'upper'),
      shortForm: fc.constantFrom('none', 'none', 'redd.it', 'gallery'),
      reddHost: fc.constantFrom('redd.it', 'www.redd.it'),
    });
    return variantsOf(form, (f, d) => {
      const i = f.idCase === 'upper' ? id.toUpperCase() : id;
      // redd.it/{id} and /gallery/{id} name the post only, never a comment.
      if (!cid && f.shortForm === 'redd.it') return dress(f.reddHost, `/${i}`, d);
      if (!cid && f.shortForm === 'gallery') return dress(f.host, `/gallery/${i}`, d);
      const comment = cid ? (f.withSlug && f.oldStyle ? `/${cid}` : `/comment/${cid}`) : '';
      return dress(f.host, `${f.owner}/comments/${i}${f.withSlug ? `/${slug}` : ''}${comment}`, d);
    }).map((variants): PostCase => ({ platform: 'reddit', denotes: 'post', contentId: cid ? `${id}/${cid}` : id, variants }));
  });

/** Short links: the code is case-sensitive, so only the host, query and decoration vary. */
const shortLinkPosts = [
  re(/^[A-Za-z0-9]{5,20}$/).chain((code) =>
    variantsOf(fc.constant('v.redd.it'), (h, d) => dress(h, `/${code}`, d)).map((v): PostCase => ({ platform: 'reddit', denotes: 'short', contentId: `v.redd.it/${code}`, variants: v })),
  ),
  fc.tuple(re(/^[A-Za-z0-9_]{3,21}$/), re(/^[A-Za-z0-9]{5,20}$/)).chain(([sub, code]) =>
    variantsOf(fc.tuple(hostFrom(REDDIT_MAIN), fc.boolean()), ([h, upper], d) => dress(h, `/r/${upper ? sub.toUpperCase() : sub}/s/${code}`, d)).map(
      (v): PostCase => ({ platform: 'reddit', denotes: 'short', contentId: `www.reddit.com/r/${sub.toLowerCase()}/s/${code}`, variants: v }),
    ),
  ),
];

export const cases: PlatformCases = {
  // What GET /api/v1/platforms must say this platform can do.
  capabilities: { shortLinks: true, video: true, nsfw: true, proxy: true },
  mediaNeedProxy: false,
  // Its pages that are not posts: resolved as unsupported without asking the platform.
  pages: ['https://www.reddit.com/r/aww/'],
  healthy: { url: 'https://www.reddit.com/r/skyscapes/comments/1qimg02/', scenario: 'image', kind: 'image' },
  wellFormed: ['https://www.reddit.com/r/pics/comments/abc123/some_title/', 'https://redd.it/abc123', 'https://www.reddit.com/r/a/comments/' + '9'.repeat(30)],
  shortLinks: [
    {
      short: 'https://www.reddit.com/r/gardening/s/Bq7ZtR2xKp',
      scenarios: ['share-link', 'text'],
      canonicalUrl: 'https://www.reddit.com/r/gardening/comments/1qtxt01/',
      kind: 'link',
    },
  ],
  fuzz: { post: redditPost, shortLinks: shortLinkPosts },
};

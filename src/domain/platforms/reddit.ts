// Reddit: posts and comment links under every reddit host and fixer, redd.it links, and share links.
import { hostVariants, type RouteMatch } from './route.js';
import type { PlatformSpec } from './platform-spec.js';

// Subreddits are 3–21 characters, a few early ones 2; user profiles appear as r/u_{user}.
const SUB = '(?<sub>[A-Za-z0-9_]{2,24})';
const USER = '(?<user>[A-Za-z0-9_-]{1,20})';
// Post and comment ids are base36.
const ID = '(?<id>[A-Za-z0-9]{1,12})';
// After the id: an optional title slug (ignored), then an optional comment id, either new-style
// (/comment/{cid}) or old-style (/{slug}/{cid}).
const TAIL = '(?:/[^/]{1,300})?(?:/(?:comment/)?(?<cid>[A-Za-z0-9]{1,12}))?/?$';
const SHORT_CODE = '(?<code>[A-Za-z0-9]{5,20})';

/**
 * Names and ids are case-insensitive on Reddit, so ids and subreddit names are lower-cased; a
 * username is a handle and keeps the case the URL gives it (docs/design.md §3). The post id alone names a
 * post, so case never splits the cache; a comment link shows that comment, so its id joins the
 * content id.
 */
function post(ids: { id: string; sub?: string; user?: string; cid?: string }): RouteMatch {
  const id = ids.id.toLowerCase();
  const cid = ids.cid?.toLowerCase();
  let sub = ids.sub?.toLowerCase();
  let user = ids.user;
  // r/u_{user} is the subreddit behind a user profile: the same posts as /user/{user}/.
  if (sub?.startsWith('u_') && sub.length > 2) {
    user = ids.sub!.slice(2);
    sub = undefined;
  }
  const owner = sub ? `r/${sub}/` : user ? `user/${user}/` : '';
  const comment = cid ? `comment/${cid}/` : '';
  return {
    canonicalUrl: `https://www.reddit.com/${owner}comments/${id}/${comment}`,
    contentId: cid ? `${id}/${cid}` : id,
    ids: { id, ...(sub ? { sub } : {}), ...(user ? { user } : {}), ...(cid ? { cid } : {}) },
  };
}

/** The hosts the adapter calls or reads besides the canonical one, by what they serve. */
export const REDDIT_HOST = {
  /** The API, with an app-only token. */
  oauth: 'oauth.reddit.com',
  /** Videos, and their ids as short links to the post. */
  video: 'v.redd.it',
  /** Uploaded pictures. */
  image: 'i.redd.it',
} as const;

/** The domains Reddit serves itself from: a link on one of them, or under one, stays on Reddit. */
export const REDDIT_SITES: readonly string[] = ['reddit.com', 'redd.it', 'redditmedia.com'];

export const reddit: PlatformSpec<'reddit'> = {
  id: 'reddit',
  name: 'Reddit',
  themeColor: '#ff4500',
  canonicalHost: 'www.reddit.com',
  hosts: ['reddit.com', 'rxddit.com', 'vxreddit.com', 'redd.it'],
  // sh. is the current web app, i./amp. the retired compact and AMP sites, v. and i. also video and image hosts on redd.it.
  subdomains: ['www', 'old', 'new', 'np', 'm', 'sh', 'amp', 'v', 'i'],
  // On redd.it a path is a post id, a video id or an image file: nothing on www.reddit.com.
  ownPathHosts: hostVariants(['redd.it'], ['www', 'v', 'i']),
  kinds: ['video', 'image', 'gallery', 'link'],
  // The JSON and oEmbed endpoints on www, the API with an app-only token on oauth., v.redd.it short links.
  upstreamHosts: ['www.reddit.com', REDDIT_HOST.oauth, REDDIT_HOST.video],
  // Uploads (i.), Reddit's renditions of uploads and of linked pictures (preview., external-preview.),
  // videos (v.), thumbnails (a./b.thumbs.) and the pre-2019 preview host (i.redditmedia.com).
  mediaHosts: [REDDIT_HOST.image, 'preview.redd.it', 'external-preview.redd.it', REDDIT_HOST.video, '.thumbs.redditmedia.com', 'i.redditmedia.com'],
  mediaNeedProxy: false,
  // `over_18`.
  nsfw: true,
  routes: [
    {
      // A v.redd.it video id redirects to its post.
      denotes: 'short',
      hosts: ['v.redd.it'],
      path: new RegExp(`^/${SHORT_CODE}/?$`),
      build: ({ code }) => ({ canonicalUrl: `https://v.redd.it/${code}`, contentId: `v.redd.it/${code}`, ids: { code: code! } }),
    },
    // redd.it/{id} names the post itself, so it needs no expansion.
    { denotes: 'post', hosts: ['redd.it', 'www.redd.it'], path: new RegExp(`^/${ID}/?$`), build: ({ id }) => post({ id: id! }) },
    {
      // The apps' share links (/r/{sub}/s/{code}) redirect to the post; the code is case-sensitive.
      denotes: 'short',
      path: new RegExp(`^/r/${SUB}/s/${SHORT_CODE}/?$`),
      build: ({ sub, code }) => {
        const path = `r/${sub!.toLowerCase()}/s/${code}`;
        return { canonicalUrl: `https://www.reddit.com/${path}`, contentId: `www.reddit.com/${path}`, ids: { code: code! } };
      },
    },
    { denotes: 'post', path: new RegExp(`^/r/${SUB}/comments/${ID}${TAIL}`), build: ({ sub, id, cid }) => post({ sub, id: id!, cid }) },
    { denotes: 'post', path: new RegExp(`^/(?:user|u)/${USER}/comments/${ID}${TAIL}`), build: ({ user, id, cid }) => post({ user, id: id!, cid }) },
    { denotes: 'post', path: new RegExp(`^/comments/${ID}${TAIL}`), build: ({ id, cid }) => post({ id: id!, cid }) },
    { denotes: 'post', path: new RegExp(`^/gallery/${ID}/?$`), build: ({ id }) => post({ id: id! }) },
  ],
};

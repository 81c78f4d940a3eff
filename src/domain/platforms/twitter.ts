// X (Twitter): posts under every alias, fixer, mirror and mobile host, and t.co short links.
import { respelledHandle } from './handle-spelling.js';
import type { Ids, RouteMatch } from './route.js';
import type { PlatformSpec } from './platform-spec.js';
import { fittedInSquare, type ImageFile, type Rendition } from '../renditions.js';

// Handles are at most 15 characters today; a few legacy accounts are longer, so allow some slack.
const USER = '(?<user>[A-Za-z0-9_]{1,20})';
const ID = '(?<id>\\d{1,20})';
// What may follow a post id and still shows that one post: the media viewers, its analytics and
// engagement lists, FxEmbed's `.mp4` (direct media) and `/{lang}` (translation) suffixes.
const TAIL = '(?:\\.mp4)?(?:/(?:photo|video)/\\d{1,2}|/mediaviewer|/analytics|/likes|/retweets(?:/with_comments)?|/quotes|/history|/[a-z]{2})?';

/**
 * The handle keeps the case the URL gives it (docs/design.md §3): X reads handles without case, and the
 * post id alone identifies the post (X redirects any handle to the right one), so the id is the
 * content id and `SpaceX` and `spacex` are one cache entry. `i` (in either case) stands for "no
 * handle" in X's own URLs.
 */
function status(id: string, user?: string): RouteMatch {
  const known = user !== undefined && user.toLowerCase() !== 'i' ? user : undefined;
  return {
    canonicalUrl: `https://x.com/${known ?? 'i'}/status/${id}`,
    contentId: id,
    ids: known ? { user: known, id } : { id },
  };
}

const HANDLE = new RegExp(`^${USER}$`);

/**
 * The canonical URL of a post with the URL's handle spelled as X spells it (its `screen_name`), when
 * the two are one handle (whatever the case); undefined otherwise (see `respelledHandle`).
 */
export function twitterRespelledUrl(ids: Ids, screenName: string): string | undefined {
  const { id, user } = ids;
  const handle = respelledHandle(user, screenName, HANDLE);
  return id && handle ? status(id, handle).canonicalUrl : undefined;
}

/** The hosts the adapter calls besides the canonical one, by what they serve. */
export const TWITTER_HOST = {
  /** The embedded-tweet widget's API. */
  syndication: 'cdn.syndication.twimg.com',
  /** The web client's GraphQL API and its guest-token endpoint. */
  graphql: 'api.x.com',
} as const;

export const twitter: PlatformSpec<'twitter'> = {
  id: 'twitter',
  name: 'X',
  themeColor: '#000000',
  canonicalHost: 'x.com',
  hosts: ['x.com', 'twitter.com', 'fxtwitter.com', 'fixupx.com', 'vxtwitter.com', 'fixvx.com', 'twittpr.com', 'nitter.net', 't.co'],
  // d. and g. are the fixers' direct-media and gallery hosts (d.fxtwitter.com/…/status/….mp4).
  subdomains: ['www', 'm', 'mobile', 'd', 'g'],
  ownPathHosts: ['t.co'],
  kinds: ['video', 'image', 'gallery', 'link'],
  // Syndication answers most posts; GraphQL (api.x.com) the rest; t.co short links redirect.
  upstreamHosts: [TWITTER_HOST.syndication, TWITTER_HOST.graphql, 't.co'],
  // pbs.twimg.com pictures, video.twimg.com MP4/HLS: both serve any client (no proxy needed, but allowed).
  mediaHosts: ['pbs.twimg.com', 'video.twimg.com'],
  mediaNeedProxy: false,
  renditions: twitterRenditions,
  // X's sensitive-media marks.
  nsfw: true,
  routes: [
    {
      denotes: 'short',
      hosts: ['t.co'],
      // t.co codes are case-sensitive (10 characters today).
      path: /^\/(?<code>[A-Za-z0-9]{1,20})\/?$/,
      build: ({ code }) => ({ canonicalUrl: `https://t.co/${code}`, contentId: `t.co/${code}`, ids: { code: code! } }),
    },
    // X's paths are case-insensitive (`/Jack/Status/20` works), hence the `i` flag.
    { denotes: 'post', path: new RegExp(`^/${USER}/status(?:es)?/${ID}${TAIL}/?$`, 'i'), build: ({ user, id }) => status(id!, user) },
    { denotes: 'post', path: new RegExp(`^/(?:i/web/status|statuses)/${ID}/?$`, 'i'), build: ({ id }) => status(id!) },
    // Opening a post from one's bookmarks yields /i/bookmarks?post_id={id}.
    { denotes: 'post', path: /^\/i\/bookmarks\/?$/i, query: { post_id: /\d{1,20}/ }, build: ({ post_id }) => status(post_id!) },
  ],
};

/**
 * pbs.twimg.com serves a picture under `name=`: `orig` as uploaded, `large`, `medium` and `small`
 * shrunk (never enlarged) to fit 2048×2048, 1200×1200 and 680×680, keeping the aspect ratio.
 * (`thumb` is a 150×150 crop, which is not the same picture, so it is not offered.)
 */
const TWITTER_SIZES: readonly (readonly [string, number])[] = [
  ['large', 2048],
  ['medium', 1200],
  ['small', 680],
];

function twitterRenditions(image: ImageFile): Rendition[] | undefined {
  const url = new URL(image.url);
  if (url.hostname !== 'pbs.twimg.com' || !url.pathname.startsWith('/media/') || url.searchParams.get('name') !== 'orig') return undefined;
  if (!image.width || !image.height) return undefined;
  const { width, height } = image;
  const sized = (name: string, w: number, h: number): Rendition => {
    const named = new URL(url);
    named.searchParams.set('name', name);
    return { url: named.href, width: w, height: h };
  };
  return [sized('orig', width, height), ...TWITTER_SIZES.map(([name, box]) => sized(name, ...fittedInSquare(width, height, box)))];
}

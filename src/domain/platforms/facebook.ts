// Facebook: posts, photos, videos, reels and group posts in their many URL forms, and its short links.
import { hostVariants, type RouteMatch } from './route.js';
import type { PlatformSpec } from './platform-spec.js';

// Post ids are numeric, or opaque `pfbid…` tokens (case-sensitive) in newer URLs.
const POST_ID_VALUE = 'pfbid[0-9A-Za-z]{10,100}|\\d{1,25}';
const POST_ID = `(?<id>${POST_ID_VALUE})`;
const NUMERIC = '(?<id>\\d{1,25})';
// A page or user vanity name, or a numeric profile id.
const OWNER = '(?<owner>[A-Za-z0-9.-]{1,100})';
const GROUP = '(?<group>[A-Za-z0-9._-]{1,100})';

export type FacebookPostType = 'post' | 'photo' | 'video' | 'reel' | 'group-post';

/**
 * The ids adapters read: `type` (what the URL names), `id` (the post, photo or video id, numeric
 * or pfbid…), and where the URL has them `owner` (vanity name or numeric id of the page or user)
 * and `group` (group id or vanity name).
 *
 * One post can have several URLs that only a fetch could prove equal (a pfbid and a numeric id),
 * so the canonical URL is the most direct form this URL gives, and the content id is that URL
 * without its origin. Forms that are known equivalents collapse into one: story.php into
 * permalink.php, every photo form into /photo/?fbid=, every video form into /watch/?v=.
 */
function match(path: string, ids: Record<string, string | undefined>): RouteMatch {
  const defined = Object.fromEntries(Object.entries(ids).filter((e): e is [string, string] => e[1] !== undefined));
  return { canonicalUrl: `https://www.facebook.com/${path}`, contentId: path, ids: defined };
}

/**
 * Vanity names are case-insensitive on Facebook; numeric ids are unaffected by lower-casing. A
 * page's or user's name is its handle and keeps the case the URL gives it (docs/design.md §3), but not in
 * a content id, so that case never splits the cache; a group's name is lower-cased everywhere.
 */
const lower = (name: string | undefined) => name?.toLowerCase();

function short(canonicalUrl: string, code: string): RouteMatch {
  return { canonicalUrl, contentId: canonicalUrl.slice('https://'.length), ids: { code } };
}

/** The hosts the adapter calls besides the canonical one, by what they serve. */
export const FACEBOOK_HOST = {
  /** Short links to videos and reels, which redirect to www. */
  watch: 'fb.watch',
} as const;

/** fb.watch as links spell it, with or without `www.`. */
export const FB_WATCH_HOSTS = hostVariants([FACEBOOK_HOST.watch], ['www']);

export const facebook: PlatformSpec<'facebook'> = {
  id: 'facebook',
  name: 'Facebook',
  themeColor: '#1877f2',
  canonicalHost: 'www.facebook.com',
  hosts: ['facebook.com', 'fb.com', FACEBOOK_HOST.watch],
  subdomains: ['www', 'm', 'mbasic', 'web'],
  ownPathHosts: FB_WATCH_HOSTS,
  // A profile is profile.php?id={id}: without it the URL names no one.
  pageQuery: ['story_fbid', 'id', 'v', 'fbid'],
  kinds: ['video', 'image', 'gallery', 'link'],
  // Post pages and /share/… on www; fb.watch/{code} redirects to www.
  upstreamHosts: ['www.facebook.com', FACEBOOK_HOST.watch],
  // scontent-*.xx.fbcdn.net photos, video-*.xx.fbcdn.net signed, expiring videos. Logged-out pages carry
  // no sensitivity flag.
  mediaHosts: ['.fbcdn.net'],
  mediaNeedProxy: true,
  // Logged-out pages carry no sensitivity flag.
  nsfw: false,
  routes: [
    {
      denotes: 'short',
      hosts: FB_WATCH_HOSTS,
      path: /^\/(?<code>[A-Za-z0-9_-]{3,20})\/?$/,
      build: ({ code }) => short(`https://${FACEBOOK_HOST.watch}/${code}/`, code!),
    },
    {
      // The share sheet's /share/{p,v,r}/{code}/ (post, video, reel) and bare /share/{code}/.
      denotes: 'short',
      path: /^\/share\/(?:(?<type>[pvr])\/)?(?<code>[A-Za-z0-9_-]{3,32})\/?$/,
      build: ({ type, code }) => short(`https://www.facebook.com/share/${type ? `${type}/` : ''}${code}/`, code!),
    },
    {
      denotes: 'post',
      path: /^\/(?:permalink|story)\.php\/?$/,
      query: { story_fbid: new RegExp(POST_ID_VALUE), id: /\d{1,25}/ },
      build: ({ story_fbid, id }) => match(`permalink.php?story_fbid=${story_fbid}&id=${id}`, { type: 'post', id: story_fbid, owner: id }),
    },
    {
      denotes: 'post',
      path: /^\/(?:permalink|story)\.php\/?$/,
      query: { story_fbid: new RegExp(POST_ID_VALUE) },
      build: ({ story_fbid }) => match(`permalink.php?story_fbid=${story_fbid}`, { type: 'post', id: story_fbid }),
    },
    {
      denotes: 'post',
      path: /^\/photo(?:\.php)?\/?$/,
      query: { fbid: /\d{1,25}/ },
      build: ({ fbid }) => match(`photo/?fbid=${fbid}`, { type: 'photo', id: fbid }),
    },
    {
      // /{owner}/photos/{id}/ and /{owner}/photos/a.{album}/{id}/ (also pb.…, pcb.… set prefixes).
      denotes: 'post',
      path: new RegExp(`^/${OWNER}/photos/(?:[a-z]{1,4}\\.[0-9.-]{1,80}/)?${NUMERIC}/?$`),
      build: ({ owner, id }) => match(`photo/?fbid=${id}`, { type: 'photo', id, owner }),
    },
    {
      denotes: 'post',
      path: /^\/(?:watch(?:\/live)?|video\.php)\/?$/,
      query: { v: /\d{1,25}/ },
      build: ({ v }) => match(`watch/?v=${v}`, { type: 'video', id: v }),
    },
    {
      // /{owner}/videos/{id}/, with an optional title slug or vb.… list segment before the id.
      denotes: 'post',
      path: new RegExp(`^/${OWNER}/videos/(?:[^/]{1,200}/)?${NUMERIC}/?$`),
      build: ({ owner, id }) => match(`watch/?v=${id}`, { type: 'video', id, owner }),
    },
    { denotes: 'post', path: new RegExp(`^/reel/${NUMERIC}/?$`), build: ({ id }) => match(`reel/${id}`, { type: 'reel', id }) },
    {
      denotes: 'post',
      path: new RegExp(`^/groups/${GROUP}/(?:posts|permalink)/${POST_ID}/?$`),
      build: ({ group, id }) => {
        const g = lower(group)!;
        return match(`groups/${g}/posts/${id}`, { type: 'group-post', id, group: g });
      },
    },
    {
      // /{owner}/posts/{id}/, also with the title slug Facebook's own rel=canonical puts before the
      // id (/{owner}/posts/{slug}/{id}/): the same post, so the same canonical URL and content id.
      denotes: 'post',
      path: new RegExp(`^/${OWNER}/posts/(?:[^/]{1,200}/)?${POST_ID}/?$`),
      build: ({ owner, id }) => ({ ...match(`${owner}/posts/${id}`, { type: 'post', id, owner }), contentId: `${lower(owner)}/posts/${id}` }),
    },
  ],
};

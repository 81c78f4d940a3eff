// Snapchat: a Spotlight video, named by its id, and a public story's snap, named by its account and
// snap id (`/add/{user}/{snapId}`, `/u/…`), on snapchat.com and story.snapchat.com; t.snapchat.com
// links redirect to them. Profiles (`/add/{user}`, `/@{user}`) are pages.
import { hostVariants, type RouteMatch } from './route.js';
import type { PlatformSpec } from './platform-spec.js';

/** The hosts the adapter names apart from the canonical one. */
export const SNAPCHAT_HOSTS = {
  /** Share links (`t.snapchat.com/{code}`), which redirect to the post. */
  short: 't.snapchat.com',
  /** The older public-story host. */
  story: 'story.snapchat.com',
} as const;

/** A username: a letter, then letters, digits, `.`, `_` or `-` (3–15 today; a little room kept). */
export const SNAPCHAT_USERNAME = /[A-Za-z][A-Za-z0-9._-]{1,29}/;
const USER = `(?<user>${SNAPCHAT_USERNAME.source})`;
// Spotlight and snap ids are URL-safe base-64-like strings (yt-dlp reads `\w+`; cobalt any segment).
const SPOTLIGHT = '(?<spotlight>[A-Za-z0-9_-]{8,200})';
const SNAP = '(?<snap>[A-Za-z0-9_-]{6,200})';
const CODE = '(?<code>[A-Za-z0-9_-]{4,40})';

function spotlight(id: string): RouteMatch {
  return { canonicalUrl: `https://www.snapchat.com/spotlight/${id}`, contentId: `spotlight/${id}`, ids: { spotlight: id } };
}

/** A story snap's URL, the account spelled as given (the URL's, or the platform's own). */
export function snapchatSnapUrl(user: string, snap: string): string {
  return `https://www.snapchat.com/add/${user}/${snap}`;
}

function storySnap(user: string, snap: string): RouteMatch {
  // One snap whatever the case of the account: the content id is lower case there.
  return { canonicalUrl: snapchatSnapUrl(user, snap), contentId: `add/${user.toLowerCase()}/${snap}`, ids: { user, snap } };
}

function short(code: string): RouteMatch {
  return { canonicalUrl: `https://${SNAPCHAT_HOSTS.short}/${code}`, contentId: `${SNAPCHAT_HOSTS.short}/${code}`, ids: { code } };
}

const SHORT_HOSTS = hostVariants([SNAPCHAT_HOSTS.short], []);
const PAGE_HOSTS = hostVariants(['snapchat.com'], ['www', 'story']);

export const snapchat: PlatformSpec<'snapchat'> = {
  id: 'snapchat',
  name: 'Snapchat',
  themeColor: '#fffc00',
  canonicalHost: 'www.snapchat.com',
  hosts: ['snapchat.com'],
  subdomains: ['www', 'story', 't'],
  // t.snapchat.com paths are share codes, story.snapchat.com's older story pages: neither means
  // anything on www.
  ownPathHosts: [SNAPCHAT_HOSTS.short, SNAPCHAT_HOSTS.story],
  kinds: ['video', 'image'],
  // The Spotlight and story pages answer on www; share links on t.
  upstreamHosts: ['www.snapchat.com', SNAPCHAT_HOSTS.short],
  // Videos, snaps and thumbnails on *.sc-cdn.net (cf-st., bolt-gcdn.) are signed URLs that need no
  // cookie or Referer (cobalt fetches them bare): nothing needs the proxy.
  mediaHosts: ['.sc-cdn.net'],
  mediaNeedProxy: false,
  nsfw: false,
  routes: [
    { denotes: 'short', hosts: SHORT_HOSTS, path: new RegExp(`^/${CODE}/?$`), build: ({ code }) => short(code!) },
    // snapchat.com/t/{code}: the same share link on the main host (cobalt reads it so).
    { denotes: 'short', hosts: PAGE_HOSTS, path: new RegExp(`^/t/${CODE}/?$`), build: ({ code }) => short(code!) },
    { denotes: 'post', hosts: PAGE_HOSTS, path: new RegExp(`^/spotlight/${SPOTLIGHT}/?$`), build: ({ spotlight: id }) => spotlight(id!) },
    { denotes: 'post', hosts: PAGE_HOSTS, path: new RegExp(`^/(?:add|u)/${USER}/${SNAP}/?$`), build: ({ user, snap }) => storySnap(user!, snap!) },
  ],
};

// SoundCloud: a track is /{user}/{track}, a set (playlist or album) /{user}/sets/{set}, each with
// the `s-…` secret token of a private share link when it has one; on.soundcloud.com/{code} is the
// apps' short link, which redirects to one of them.
import { hostVariants, type RouteMatch } from './route.js';
import type { PlatformSpec } from './platform-spec.js';

/** The hosts the adapter calls besides the canonical one, by what they serve. */
export const SOUNDCLOUD_HOST = {
  /** The web app's API: resolve a permalink, and a transcoding's signed stream URL. */
  api: 'api-v2.soundcloud.com',
  /** The web app's script bundles, which carry its public client id. */
  assets: 'a-v2.sndcdn.com',
  /** The apps' short links. */
  short: 'on.soundcloud.com',
} as const;

// Permalinks: letters, digits, `_` and `-` (SoundCloud writes them in lower case and reads them in
// any case). The first path segments SoundCloud keeps for its own pages are not users.
const RESERVED = 'discover|search|stream|upload|you|settings|charts|tags|pages|jobs|messages|notifications|people|popular|mobile|imprint|terms-of-use|pro|artists|connect|feed|logout|signin|signup|oembed|player|embed';
const USER = `(?!(?:${RESERVED})/)(?<user>[A-Za-z0-9_-]{1,64})`;
/** A user's own pages, which sit where a track's permalink would. */
const USER_PAGES = 'sets|likes|tracks|albums|reposts|followers|following|popular-tracks|comments|spotlight|stations|playlists';
const TRACK = `(?!(?:${USER_PAGES})(?:/|$))(?<track>[A-Za-z0-9_-]{1,255})`;
const SET = '(?<set>[A-Za-z0-9_-]{1,255})';
/** A private share link's token; case matters. */
const SECRET = '(?:/(?<secret>s-[A-Za-z0-9]{1,40}))?';
/** A track's own tabs (related tracks, its likers, reposters, comments, the sets it is in) are the track. */
const TRACK_TAB = '(?:/(?:recommended|likes|reposts|comments|sets))?';

/** The hosts of tracks and sets (on. holds short links only). */
const MAIN_HOSTS = hostVariants(['soundcloud.com'], ['www', 'm']);

function post(path: string, secret: string | undefined, ids: Record<string, string>): RouteMatch {
  const full = secret ? `${path}/${secret}` : path;
  // Permalinks are read in any case, so the content id is lower case; a secret token is not.
  const contentId = secret ? `${path.toLowerCase()}/${secret}` : path.toLowerCase();
  return { canonicalUrl: `https://soundcloud.com/${full}`, contentId, ids: secret ? { ...ids, secret } : ids };
}

export const soundcloud: PlatformSpec<'soundcloud'> = {
  id: 'soundcloud',
  name: 'SoundCloud',
  themeColor: '#ff5500',
  canonicalHost: 'soundcloud.com',
  hosts: ['soundcloud.com'],
  subdomains: ['www', 'm', 'on'],
  // on.soundcloud.com paths are short-link codes: nothing on soundcloud.com.
  ownPathHosts: [SOUNDCLOUD_HOST.short],
  // A sound with its artwork, or a link card when it has none; never a video.
  kinds: ['image', 'link'],
  audio: true,
  // The page that lists the script bundles, oEmbed, the API, the bundles, the short links.
  upstreamHosts: ['soundcloud.com', SOUNDCLOUD_HOST.api, SOUNDCLOUD_HOST.assets, SOUNDCLOUD_HOST.short],
  // The stream URLs the API signs (SOURCES.md): progressive files and HLS playlists with their segments.
  mediaHosts: ['cf-media.sndcdn.com', 'cf-hls-media.sndcdn.com'],
  // The CloudFront signature expires within about half an hour of the resolve (the URL's Policy
  // says when), so a raw URL kept in an unfurled card soon stops playing; through the proxy a
  // refused URL is resolved afresh.
  mediaNeedProxy: true,
  // The label's `publisher_metadata.explicit`.
  nsfw: true,
  routes: [
    {
      denotes: 'short',
      hosts: [SOUNDCLOUD_HOST.short],
      path: /^\/(?<code>[A-Za-z0-9]{1,40})\/?$/,
      build: ({ code }) => ({ canonicalUrl: `https://${SOUNDCLOUD_HOST.short}/${code}`, contentId: `${SOUNDCLOUD_HOST.short}/${code}`, ids: { code: code! } }),
    },
    {
      denotes: 'post',
      hosts: MAIN_HOSTS,
      path: new RegExp(`^/${USER}/sets/${SET}${SECRET}/?$`),
      build: ({ user, set, secret }) => post(`${user}/sets/${set}`, secret, { user: user!, set: set! }),
    },
    {
      denotes: 'post',
      hosts: MAIN_HOSTS,
      path: new RegExp(`^/${USER}/${TRACK}${SECRET}${TRACK_TAB}/?$`),
      build: ({ user, track, secret }) => post(`${user}/${track}`, secret, { user: user!, track: track! }),
    },
  ],
};

// Vimeo: video pages (with an unlisted video's hash), the same video inside a channel, group or
// showcase, and the embed player (its `h=` carries the hash) all name one video id.
import { hostVariants, type RouteMatch } from './route.js';
import type { PlatformSpec } from './platform-spec.js';

// Video ids are decimal (31158841, 1105215213); unlisted hashes are ten hex digits today
// (ebd66989cc), read a little wider so an older or longer one still matches.
const ID = '(?<id>\\d{1,12})';
const HASH = /[0-9a-f]{8,20}/;
// Channel, group and showcase names as they appear in paths (staffpicks, 1234567).
const NAME = '[A-Za-z0-9_-]{1,100}';

/** The hosts the adapter calls besides the canonical one, by what they serve. */
export const VIMEO_HOSTS = {
  /** The embed player and its config (`/video/{id}/config`). */
  player: 'player.vimeo.com',
} as const;

/** The canonical URL keeps an unlisted video's hash: without it Vimeo answers as if the video did not exist. */
function video(id: string, hash?: string): RouteMatch {
  return hash
    ? { canonicalUrl: `https://vimeo.com/${id}/${hash}`, contentId: `${id}:${hash}`, ids: { id, hash } }
    : { canonicalUrl: `https://vimeo.com/${id}`, contentId: id, ids: { id } };
}

const SITE_HOSTS = hostVariants(['vimeo.com'], ['www']);
const PLAYER_HOSTS = [VIMEO_HOSTS.player];

export const vimeo: PlatformSpec<'vimeo'> = {
  id: 'vimeo',
  name: 'Vimeo',
  themeColor: '#1ab7ea',
  canonicalHost: 'vimeo.com',
  hosts: ['vimeo.com'],
  subdomains: ['www', 'player'],
  // The player host's paths mean nothing on vimeo.com: a player page that is not a video keeps it.
  ownPathHosts: PLAYER_HOSTS,
  kinds: ['video'],
  // oEmbed on vimeo.com, the player config on player.vimeo.com.
  upstreamHosts: ['vimeo.com', VIMEO_HOSTS.player],
  // Progressive MP4s on Akamai (vod-progressive., gcs-vimeo.akamaized.net), HLS on the Vimeo CDN
  // (skyfire., vod-adaptive-ak.vimeocdn.com), thumbnails on i.vimeocdn.com (SOURCES.md). The
  // numbered Akamai HLS hosts (43vod-adaptive.akamaized.net) are not listed: a suffix for them would
  // be all of Akamai, so the adapter picks the Vimeo CDN's playlist.
  mediaHosts: ['.vimeocdn.com', 'vod-progressive.akamaized.net', 'gcs-vimeo.akamaized.net'],
  // Signed in the URL, valid for hours, bound to no IP, cookie or Referer: the raw URL plays on its
  // own while the card is cached (its TTL stops at the URL's expiry).
  mediaNeedProxy: false,
  // Neither oEmbed nor the player config states a mature flag the adapter could read.
  nsfw: false,
  routes: [
    // vimeo.com/{id}, and /{id}/{hash} for an unlisted video.
    { denotes: 'post', hosts: SITE_HOSTS, path: new RegExp(`^/${ID}(?:/(?<hash>${HASH.source}))?/?$`), build: ({ id, hash }) => video(id!, hash) },
    // The same video inside a channel, a group or a showcase (album is the showcase's old name).
    { denotes: 'post', hosts: SITE_HOSTS, path: new RegExp(`^/channels/${NAME}/${ID}/?$`), build: ({ id }) => video(id!) },
    { denotes: 'post', hosts: SITE_HOSTS, path: new RegExp(`^/groups/${NAME}/videos/${ID}/?$`), build: ({ id }) => video(id!) },
    { denotes: 'post', hosts: SITE_HOSTS, path: new RegExp(`^/(?:showcase|album)/${NAME}/video/${ID}/?$`), build: ({ id }) => video(id!) },
    // The embed player: an unlisted video's hash rides in `h`.
    { denotes: 'post', hosts: PLAYER_HOSTS, path: new RegExp(`^/video/${ID}/?$`), query: { h: HASH }, build: ({ id, h }) => video(id!, h) },
    { denotes: 'post', hosts: PLAYER_HOSTS, path: new RegExp(`^/video/${ID}/?$`), build: ({ id }) => video(id!) },
  ],
};

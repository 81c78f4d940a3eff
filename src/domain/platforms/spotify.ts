// Spotify: tracks, albums, playlists, podcast episodes and shows, and artists, each named by its type
// and 22-character base-62 id on open.spotify.com (with a language prefix, in the embed player, in
// the legacy user-playlist form) or play.spotify.com; spotify.link/{code} is the apps' short link.
import type { RouteMatch } from './route.js';
import type { PlatformSpec } from './platform-spec.js';

/** The hosts the adapter and the cards name apart from the canonical one. */
export const SPOTIFY_HOSTS = {
  /** The apps' share links (a Branch link domain), which redirect to open.spotify.com. */
  short: 'spotify.link',
  /** The old web player, whose paths are open.spotify.com's. */
  player: 'play.spotify.com',
} as const;

const TYPE = '(?<type>track|album|playlist|episode|show|artist)';
// Ids are base-62, always 22 characters, case-sensitive.
const ID = '(?<id>[A-Za-z0-9]{22})';
// `/intl-de/`, `/intl-pt/`, `/intl-zh-hant/`…: the site's language, not the item.
const LANGUAGE = '(?:/intl-[a-z]{2,3}(?:-[a-z]{2,4})?)?';
// The embed player (`/embed-podcast/` for episodes and shows until 2021).
const EMBED = '(?:/embed(?:-podcast)?)?';
/** The old embed's `uri` parameter: the item's `spotify:` URI. */
const EMBED_URI = /spotify:(?:track|album|playlist|episode|show|artist):[A-Za-z0-9]{22}/;

function item(type: string, id: string): RouteMatch {
  return { canonicalUrl: `https://open.spotify.com/${type}/${id}`, contentId: `${type}/${id}`, ids: { type, id } };
}

export const spotify: PlatformSpec<'spotify'> = {
  id: 'spotify',
  name: 'Spotify',
  themeColor: '#1db954',
  canonicalHost: 'open.spotify.com',
  // Only the web player's hosts: www.spotify.com is the company's site, no item lives there.
  hosts: ['open.spotify.com', SPOTIFY_HOSTS.player, SPOTIFY_HOSTS.short],
  subdomains: [],
  ownPathHosts: [SPOTIFY_HOSTS.short],
  // Artwork with a preview to play, or a link card for an item without artwork; never a video.
  kinds: ['image', 'link'],
  audio: true,
  // The embed page, oEmbed and the item's page answer on open.; spotify.link for its redirect.
  upstreamHosts: ['open.spotify.com', SPOTIFY_HOSTS.short],
  // 30-second previews (p.scdn.co), podcast clips (podz-content), artwork (i.scdn.co): none asks for
  // a cookie, a Referer or the resolving IP (SOURCES.md), so nothing needs the proxy.
  mediaHosts: ['p.scdn.co', 'podz-content.spotifycdn.com', 'i.scdn.co'],
  mediaNeedProxy: false,
  // The embed state's `isExplicit`.
  nsfw: true,
  routes: [
    {
      denotes: 'short',
      hosts: [SPOTIFY_HOSTS.short],
      path: /^\/(?<code>[A-Za-z0-9]{4,40})\/?$/,
      build: ({ code }) => ({ canonicalUrl: `https://${SPOTIFY_HOSTS.short}/${code}`, contentId: `${SPOTIFY_HOSTS.short}/${code}`, ids: { code: code! } }),
    },
    { denotes: 'post', hosts: ['open.spotify.com', SPOTIFY_HOSTS.player], path: new RegExp(`^${LANGUAGE}${EMBED}/${TYPE}/${ID}/?$`), build: ({ type, id }) => item(type!, id!) },
    // The legacy playlist URL under its owner, `/user/{user}/playlist/{id}` (also embedded).
    { denotes: 'post', hosts: ['open.spotify.com', SPOTIFY_HOSTS.player], path: new RegExp(`^${LANGUAGE}${EMBED}/user/[^/]{1,100}/playlist/${ID}/?$`), build: ({ id }) => item('playlist', id!) },
    // The old embed, `/embed?uri=spotify:{type}:{id}`.
    {
      denotes: 'post',
      hosts: ['open.spotify.com'],
      path: /^\/embed\/?$/,
      query: { uri: EMBED_URI },
      build: ({ uri }) => {
        const [, type, id] = uri!.split(':');
        return item(type!, id!);
      },
    },
  ],
};

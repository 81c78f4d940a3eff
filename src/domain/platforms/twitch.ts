// Twitch: clips (on clips.twitch.tv, under a channel's /clip/, and in the clip embed) and past
// broadcasts (/videos/{id}, the old /{channel}/v/{id}, and the player's ?video=). Live channels are
// pages, not posts.
import { hostVariants, type RouteMatch } from './route.js';
import type { PlatformSpec } from './platform-spec.js';

// Clip slugs are CamelCase words, since 2021 followed by `-` and a random tail (case-sensitive).
const SLUG = /[A-Za-z0-9][A-Za-z0-9_-]{0,99}/;
const CHANNEL = '[A-Za-z0-9_]{1,25}';
const VOD_ID = '(?<id>\\d{1,20})';

/** The hosts the adapter and the media come from besides the canonical one, by what they serve. */
export const TWITCH_HOSTS = {
  /** Clip pages and the clip embed; the canonical host of clips. */
  clips: 'clips.twitch.tv',
  /** The embeddable player (`?video=`, `?channel=`). */
  player: 'player.twitch.tv',
  /** The GraphQL API Twitch's own web client reads clips and videos from. */
  gql: 'gql.twitch.tv',
  /** Past broadcasts' HLS master playlists. */
  usher: 'usher.ttvnw.net',
  /** Clip MP4s (`production.assets.clips.twitchcdn.net`). */
  clipMedia: '.clips.twitchcdn.net',
} as const;

const PAGE_HOSTS = hostVariants(['twitch.tv'], ['www', 'm', 'go']);

function clip(slug: string): RouteMatch {
  return { canonicalUrl: `https://${TWITCH_HOSTS.clips}/${slug}`, contentId: `clip:${slug}`, ids: { slug } };
}

function vod(id: string): RouteMatch {
  return { canonicalUrl: `https://www.twitch.tv/videos/${id}`, contentId: `video:${id}`, ids: { video: id } };
}

export const twitch: PlatformSpec<'twitch'> = {
  id: 'twitch',
  name: 'Twitch',
  themeColor: '#9146ff',
  canonicalHost: 'www.twitch.tv',
  hosts: ['twitch.tv'],
  subdomains: ['www', 'm', 'go', 'clips', 'player'],
  // A clip host path is a slug, a player's is its query: neither means anything on www.
  ownPathHosts: [TWITCH_HOSTS.clips, TWITCH_HOSTS.player],
  // A player playing a live channel is a page, named by it.
  pageQuery: ['channel'],
  kinds: ['video'],
  upstreamHosts: [TWITCH_HOSTS.gql],
  // Clip MP4s carry their signed token in the query and play without cookies or a Referer
  // (SOURCES.md), so the raw URL plays on its own; the host is listed so that `media=proxied` can
  // still stream them through one origin. Past broadcasts' HLS variants live on hosts outside
  // Twitch's names (CloudFront), which no allowlist could name safely: they are never proxied.
  mediaHosts: [TWITCH_HOSTS.clipMedia],
  mediaNeedProxy: false,
  nsfw: false,
  routes: [
    // clips.twitch.tv/embed?clip={slug}
    { denotes: 'post', hosts: [TWITCH_HOSTS.clips], path: /^\/embed\/?$/, query: { clip: SLUG }, build: ({ clip: slug }) => clip(slug!) },
    // clips.twitch.tv/{slug}, and the older clips.twitch.tv/{channel}/{slug}
    {
      denotes: 'post',
      hosts: [TWITCH_HOSTS.clips],
      path: new RegExp(`^/(?:${CHANNEL}/)?(?!embed/?$)(?<slug>${SLUG.source})/?$`),
      build: ({ slug }) => clip(slug!),
    },
    // www.twitch.tv/{channel}/clip/{slug}, m.twitch.tv/clip/{slug}
    { denotes: 'post', hosts: PAGE_HOSTS, path: new RegExp(`^/(?:${CHANNEL}/)?clip/(?<slug>${SLUG.source})/?$`), build: ({ slug }) => clip(slug!) },
    // /videos/{id}; the old /{channel}/v/{id} and /{channel}/video/{id}
    { denotes: 'post', hosts: PAGE_HOSTS, path: new RegExp(`^/(?:videos|${CHANNEL}/v(?:ideo)?)/${VOD_ID}/?$`), build: ({ id }) => vod(id!) },
    // player.twitch.tv/?video=v{id}
    { denotes: 'post', hosts: [TWITCH_HOSTS.player], path: /^\/?$/, query: { video: /v?\d{1,20}/ }, build: ({ video }) => vod(video!.replace(/^v/, '')) },
  ],
};

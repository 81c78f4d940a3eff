// YouTube: watch pages, youtu.be, shorts, live, embed and /v/ players all name one video id.
import type { RouteMatch } from './route.js';
import type { PlatformSpec } from './platform-spec.js';

const VIDEO_ID = /[A-Za-z0-9_-]{11}/;

function video(id: string): RouteMatch {
  return { canonicalUrl: `https://www.youtube.com/watch?v=${id}`, contentId: id, ids: { id } };
}

const MAIN_HOSTS = ['youtube.com', 'www.youtube.com', 'm.youtube.com', 'music.youtube.com'];
const ALL_PLAYER_HOSTS = [...MAIN_HOSTS, 'youtube-nocookie.com', 'www.youtube-nocookie.com'];

/** The hosts the adapter calls besides the canonical one, by what they serve. */
export const YOUTUBE_HOST = {
  /** The InnerTube API (the player endpoint). */
  innerTube: 'youtubei.googleapis.com',
} as const;

export const youtube: PlatformSpec<'youtube'> = {
  id: 'youtube',
  name: 'YouTube',
  themeColor: '#ff0000',
  canonicalHost: 'www.youtube.com',
  hosts: ['youtube.com', 'youtube-nocookie.com', 'youtu.be'],
  subdomains: ['www', 'm', 'music'],
  ownPathHosts: ['youtu.be', 'www.youtu.be'],
  // Playlists and old watch links with a malformed id are pages, named by these.
  pageQuery: ['v', 'list'],
  kinds: ['video'],
  // oEmbed and the watch page on www; the player endpoint (description, age gate) on youtubei.
  upstreamHosts: ['www.youtube.com', YOUTUBE_HOST.innerTube],
  // The card's video is the embed player page, which no proxy could stream.
  mediaHosts: [],
  mediaNeedProxy: false,
  // The player's age gate.
  nsfw: true,
  routes: [
    { kind: 'post', hosts: MAIN_HOSTS, path: /^\/watch\/?$/, query: { v: VIDEO_ID }, build: ({ v }) => video(v!) },
    { kind: 'post', hosts: MAIN_HOSTS, path: /^\/watch\/(?<id>[A-Za-z0-9_-]{11})\/?$/, build: ({ id }) => video(id!) },
    { kind: 'post', hosts: ['youtu.be', 'www.youtu.be'], path: /^\/(?<id>[A-Za-z0-9_-]{11})\/?$/, build: ({ id }) => video(id!) },
    {
      kind: 'post',
      hosts: ALL_PLAYER_HOSTS,
      path: /^\/(?:shorts|live|embed|v|e)\/(?<id>[A-Za-z0-9_-]{11})(?:\/|\.html)?$/,
      build: ({ id }) => video(id!),
    },
  ],
};

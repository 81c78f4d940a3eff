// YouTube: watch pages, youtu.be, shorts, live, embed and /v/ players all name one video id.
import type { RouteMatch } from './route.js';
import type { PlatformSpec } from './platform-spec.js';
import type { ImageFile, Rendition } from '../renditions.js';

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
  renditions: youtubeRenditions,
  // The player's age gate.
  nsfw: true,
  routes: [
    { denotes: 'post', hosts: MAIN_HOSTS, path: /^\/watch\/?$/, query: { v: VIDEO_ID }, build: ({ v }) => video(v!) },
    { denotes: 'post', hosts: MAIN_HOSTS, path: /^\/watch\/(?<id>[A-Za-z0-9_-]{11})\/?$/, build: ({ id }) => video(id!) },
    { denotes: 'post', hosts: ['youtu.be', 'www.youtu.be'], path: /^\/(?<id>[A-Za-z0-9_-]{11})\/?$/, build: ({ id }) => video(id!) },
    {
      denotes: 'post',
      hosts: ALL_PLAYER_HOSTS,
      path: /^\/(?:shorts|live|embed|v|e)\/(?<id>[A-Za-z0-9_-]{11})(?:\/|\.html)?$/,
      build: ({ id }) => video(id!),
    },
  ],
};

/**
 * i.ytimg.com's thumbnails of a video, by name, at their fixed sizes. hqdefault, mqdefault and
 * default exist for every video; sddefault and maxresdefault only for some, so they are offered only
 * when the card names that file itself.
 */
const YOUTUBE_THUMBNAILS: Readonly<Record<string, readonly [number, number]>> = {
  maxresdefault: [1280, 720],
  sddefault: [640, 480],
  hqdefault: [480, 360],
  mqdefault: [320, 180],
  default: [120, 90],
};
const ALWAYS_THERE = ['hqdefault', 'mqdefault', 'default'];

function youtubeRenditions(image: ImageFile): Rendition[] | undefined {
  const url = new URL(image.url);
  const named = /^\/vi\/(?<id>[A-Za-z0-9_-]{11})\/(?<name>[a-z]+)\.jpg$/.exec(url.pathname);
  const name = named?.groups?.name;
  if (url.hostname !== 'i.ytimg.com' || url.search !== '' || !name || !(name in YOUTUBE_THUMBNAILS)) return undefined;
  const names = ALWAYS_THERE.includes(name) ? ALWAYS_THERE : [name, ...ALWAYS_THERE];
  return names.map((n) => {
    const [width, height] = YOUTUBE_THUMBNAILS[n]!;
    return { url: `https://i.ytimg.com/vi/${named!.groups!.id}/${n}.jpg`, width, height };
  });
}

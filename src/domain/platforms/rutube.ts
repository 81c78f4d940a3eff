// Rutube: a video by its page, its players, its Shorts page, or a private video's link, whose key
// (`p`) is part of what names it. Channels, playlists and the legacy numeric embeds (which only an
// upstream lookup turns into a video id) are pages.
import type { RouteMatch } from './route.js';
import type { PlatformSpec } from './platform-spec.js';

const ID = '(?<id>[0-9a-f]{32})';
/** A private video's key, as its share link carries it (`?p=IbAigKqWd1do4mjaM5XLIQ`). */
const KEY = /[A-Za-z0-9_-]{1,64}/;

function video(id: string): RouteMatch {
  return { canonicalUrl: `https://rutube.ru/video/${id}/`, contentId: id, ids: { id } };
}

function privateVideo(id: string, key: string): RouteMatch {
  return { canonicalUrl: `https://rutube.ru/video/private/${id}/?p=${key}`, contentId: `${id}?p=${key}`, ids: { id, key } };
}

export const rutube: PlatformSpec<'rutube'> = {
  id: 'rutube',
  name: 'Rutube',
  themeColor: '#100943',
  canonicalHost: 'rutube.ru',
  hosts: ['rutube.ru'],
  subdomains: ['www', 'm'],
  kinds: ['video'],
  // The video API, its play options, and oEmbed, all on rutube.ru.
  upstreamHosts: ['rutube.ru'],
  // The HLS playlist plays without a cookie or Referer; its variant and segment hosts are in no
  // capture, so none is listed and nothing is proxied.
  mediaHosts: [],
  mediaNeedProxy: false,
  // `is_adult`.
  nsfw: true,
  routes: [
    // A player or page carrying a private video's key names that private video.
    { denotes: 'post', path: new RegExp(`^/(?:video/private|video|play/embed|embed)/${ID}/?$`), query: { p: KEY }, build: ({ id, p }) => privateVideo(id!, p!) },
    { denotes: 'post', path: new RegExp(`^/(?:video|play/embed|embed)/${ID}/?$`), build: ({ id }) => video(id!) },
    {
      denotes: 'post',
      path: new RegExp(`^/shorts/${ID}/?$`),
      build: ({ id }) => ({ canonicalUrl: `https://rutube.ru/shorts/${id}/`, contentId: `shorts/${id}`, ids: { id: id! } }),
    },
  ],
};

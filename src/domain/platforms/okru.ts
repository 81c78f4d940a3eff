// OK (Odnoklassniki): a video by its page, its embed player or the old Flash player's address, on
// ok.ru or odnoklassniki.ru. Profiles and groups are pages, not posts.
import type { RouteMatch } from './route.js';
import type { PlatformSpec } from './platform-spec.js';

// Digits, with the `-0` suffix some videos carry (a different video than the one without it).
const ID = '(?<id>\\d{1,20}(?:-\\d{1,3})?)';

function video(id: string): RouteMatch {
  return { canonicalUrl: `https://ok.ru/video/${id}`, contentId: id, ids: { id } };
}

export const okru: PlatformSpec<'okru'> = {
  id: 'okru',
  name: 'OK',
  themeColor: '#ee8208',
  canonicalHost: 'ok.ru',
  hosts: ['ok.ru', 'odnoklassniki.ru'],
  subdomains: ['www', 'm', 'mobile'],
  kinds: ['video'],
  // The video page, and the embed player (same player data) when the page gives none.
  upstreamHosts: ['ok.ru'],
  // MP4s and HLS on OK's CDN (vd….mycdn.me then, vd….okcdn.ru now): signed for the IP that asked
  // (`srcIp`), so only the proxy, which resolves from the same address, can play them.
  mediaHosts: ['.mycdn.me', '.okcdn.ru'],
  mediaNeedProxy: true,
  // `ya:ovs:adult`.
  nsfw: true,
  routes: [{ denotes: 'post', path: new RegExp(`^/(?:video|videoembed|web-api/video/moviePlayer)/${ID}/?$`), build: ({ id }) => video(id!) }],
};

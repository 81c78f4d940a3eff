// VK: videos and clips (one id space: owner and number), named by their page, the player or an
// overlay (`?z=video…`) on any page; and wall posts, by their page or an overlay (`?w=wall…`).
// Profiles, communities and video catalogues (/video/@…) are pages, not posts.
import type { RouteMatch } from './route.js';
import type { PlatformSpec } from './platform-spec.js';

// Owner ids are negative for communities; both numbers fit in a signed 64-bit integer.
const OWNER = '-?\\d{1,19}';
const NUMBER = '\\d{1,19}';
// An overlay's value may run on after the id (`/pl_wall_-1`, an access list): that tail is dropped.
const OVERLAY_TAIL = '(?:[/_%?&][^]{0,300})?';
const VIDEO_OVERLAY = new RegExp(`(?:video|clip)(?<owner>${OWNER})_(?<id>${NUMBER})${OVERLAY_TAIL}`);
const WALL_OVERLAY = new RegExp(`wall(?<owner>${OWNER})_(?<id>${NUMBER})${OVERLAY_TAIL}`);

function video(owner: string, id: string): RouteMatch {
  const key = `${owner}_${id}`;
  return { canonicalUrl: `https://vk.com/video${key}`, contentId: `video${key}`, ids: { owner, video: id } };
}

function wall(owner: string, id: string): RouteMatch {
  const key = `${owner}_${id}`;
  return { canonicalUrl: `https://vk.com/wall${key}`, contentId: `wall${key}`, ids: { owner, wall: id } };
}

/** The post an overlay parameter's value names (the route has already matched it whole). */
function fromOverlay(value: string | undefined, pattern: RegExp, build: (owner: string, id: string) => RouteMatch): RouteMatch {
  const groups = pattern.exec(value ?? '')?.groups ?? {};
  return build(groups['owner'] ?? '', groups['id'] ?? '');
}

export const vk: PlatformSpec<'vk'> = {
  id: 'vk',
  name: 'VK',
  themeColor: '#0077ff',
  canonicalHost: 'vk.com',
  hosts: ['vk.com', 'vk.ru', 'vkvideo.ru'],
  subdomains: ['www', 'm', 'new'],
  kinds: ['video', 'image', 'link'],
  // The anonymous token and video.get (the API, as VK's own video app and cobalt call it); the
  // video and wall pages for their Open Graph tags.
  upstreamHosts: ['api.vk.ru', 'vk.com'],
  // video.get's progressive MP4s and HLS: VK's CDN (okcdn.ru, vkvd….mycdn.me) serves them to the
  // app's User-Agent, which the proxy sends (the adapter's mediaHeaders).
  mediaHosts: ['.okcdn.ru', '.mycdn.me'],
  mediaNeedProxy: true,
  // Neither video.get nor the pages mark a post as adult.
  nsfw: false,
  routes: [
    // An overlay names what the visitor sees, whatever page lies under it.
    { denotes: 'post', path: /^\/[^]{0,500}$/, query: { z: VIDEO_OVERLAY }, build: ({ z }) => fromOverlay(z, VIDEO_OVERLAY, video) },
    { denotes: 'post', path: /^\/[^]{0,500}$/, query: { w: WALL_OVERLAY }, build: ({ w }) => fromOverlay(w, WALL_OVERLAY, wall) },
    { denotes: 'post', path: new RegExp(`^/(?:video|clip)(?<owner>${OWNER})_(?<id>${NUMBER})/?$`), build: ({ owner, id }) => video(owner!, id!) },
    { denotes: 'post', path: /^\/video_ext\.php$/, query: { oid: new RegExp(OWNER), id: new RegExp(NUMBER) }, build: ({ oid, id }) => video(oid!, id!) },
    { denotes: 'post', path: new RegExp(`^/wall(?<owner>${OWNER})_(?<id>${NUMBER})/?$`), build: ({ owner, id }) => wall(owner!, id!) },
  ],
};

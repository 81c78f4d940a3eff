// Instagram: posts, reels and IGTV under every alias and fixer host, and /share/… short links.
import type { RouteMatch } from './route.js';
import type { PlatformSpec } from './platform-spec.js';

// Shortcodes are case-sensitive base64url; 11 characters for public posts, longer for private ones.
const CODE = '(?<code>[A-Za-z0-9_-]{5,64})';
// The owner's username may precede the type (/{user}/p/{code}/, /{user}/reel/{code}/).
const OWNER = '(?:[A-Za-z0-9._]{1,30}/)?';
// Suffixes that still show the same post: embeds, the media redirect, comment links.
const TAIL = '(?:/(?:embed(?:/captioned)?|media|liked_by|c/\\d{1,25}(?:/r/\\d{1,25})?))?';

type PostType = 'p' | 'reel' | 'tv';

/** The shortcode names the media whatever the type in the URL, so it alone is the content id. */
function post(code: string, type: PostType): RouteMatch {
  return { canonicalUrl: `https://www.instagram.com/${type}/${code}/`, contentId: code, ids: { code, type } };
}

export const instagram: PlatformSpec<'instagram'> = {
  id: 'instagram',
  name: 'Instagram',
  themeColor: '#e1306c',
  canonicalHost: 'www.instagram.com',
  hosts: ['instagram.com', 'instagr.am', 'ddinstagram.com', 'kkinstagram.com', 'uuinstagram.com', 'eeinstagram.com'],
  // d. and g. are the fixers' direct-media and gallery hosts (d.ddinstagram.com/p/…).
  subdomains: ['www', 'm', 'd', 'g'],
  kinds: ['video', 'image', 'gallery', 'link'],
  // Every request (embed, GraphQL, page, /share/ links) goes to the one web host.
  upstreamHosts: ['www.instagram.com'],
  // scontent-*.cdninstagram.com and instagram.f*.fna.fbcdn.net: signed, expiring, other origins refused.
  mediaHosts: ['.cdninstagram.com', '.fbcdn.net'],
  mediaNeedProxy: true,
  // Instagram's "sensitive content" cover (sensitivity_friction_info).
  nsfw: true,
  routes: [
    {
      // The app's share sheet gives /share/{id}/ (or /share/p|reel/{id}/), which redirects to the post.
      denotes: 'short',
      path: /^\/share\/(?:(?<type>p|reel|tv)\/)?(?<share>[A-Za-z0-9_-]{5,64})\/?$/,
      build: ({ type, share }) => {
        const path = `share/${type ? `${type}/` : ''}${share}/`;
        return { canonicalUrl: `https://www.instagram.com/${path}`, contentId: `www.instagram.com/${path}`, ids: { share: share! } };
      },
    },
    {
      denotes: 'post',
      path: new RegExp(`^/${OWNER}(?<type>p|tv|reels?)/${CODE}${TAIL}/?$`),
      build: ({ type, code }) => post(code!, type === 'p' || type === 'tv' ? type : 'reel'),
    },
  ],
};

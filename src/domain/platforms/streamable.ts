// Streamable: a video's page, its embed (/e/), its bare player (/o/) and its older share links
// (/s/) all name one short code.
import type { RouteMatch } from './route.js';
import type { PlatformSpec } from './platform-spec.js';

// Site pages that sit where a code would: never a video.
const SITE_PAGES = [
  'about', 'account', 'api', 'blog', 'careers', 'clipper', 'community', 'contact', 'developers', 'documentation', 'dmca',
  'enterprise', 'explore', 'faq', 'features', 'help', 'home', 'jobs', 'legal', 'login', 'logout', 'password', 'press',
  'pricing', 'privacy', 'reset', 'search', 'security', 'settings', 'signup', 'status', 'support', 'terms', 'tools',
  'upload', 'videos',
];
// Codes are lower-case letters and digits: three to four characters for the oldest (moo, dnd1),
// six or seven today (ql7tuy).
const CODE = `(?!(?:${SITE_PAGES.join('|')})/?$)(?<code>[a-z0-9]{2,16})`;

/** The hosts the adapter calls, by what they serve. */
export const STREAMABLE_HOSTS = {
  /** The video API (`/videos/{code}`) and oEmbed (`/oembed.json`). */
  api: 'api.streamable.com',
} as const;

function video(code: string): RouteMatch {
  return { canonicalUrl: `https://streamable.com/${code}`, contentId: code, ids: { code } };
}

export const streamable: PlatformSpec<'streamable'> = {
  id: 'streamable',
  name: 'Streamable',
  themeColor: '#0f90fa',
  canonicalHost: 'streamable.com',
  hosts: ['streamable.com'],
  subdomains: ['www'],
  kinds: ['video'],
  upstreamHosts: [STREAMABLE_HOSTS.api],
  // The MP4s and thumbnails come from its CloudFront hosts (cdn-cf-east.streamable.com), signed in
  // the URL (Expires, Signature, Key-Pair-Id) for about a day; no cookie, Referer or IP binding.
  mediaHosts: ['cdn-cf-east.streamable.com'],
  mediaNeedProxy: false,
  // The API states no sensitive flag.
  nsfw: false,
  routes: [
    { denotes: 'post', path: new RegExp(`^/(?:[eos]/)?${CODE}/?$`), build: ({ code }) => video(code!) },
    // An old share link: /s/{code}/{a second code naming the sharer}.
    { denotes: 'post', path: new RegExp(`^/s/${CODE}/[a-z0-9]{1,16}/?$`), build: ({ code }) => video(code!) },
  ],
};

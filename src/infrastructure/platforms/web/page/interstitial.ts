// A 200 answer that is not the page but a wall in front of it (docs/design.md §3 "Outcomes"): a bot
// check or an edge's refusal ("Just a moment...", "Attention Required! | Cloudflare", Akamai's
// "Access Denied"), recognised by its title together with a marker the real ones carry, or a
// cookie-consent wall (a `consent.*` host). The web platform answers `blocked`, never a card of it.
import type { PageFacts } from './page-facts.js';

/** Where in a page the markers are looked for: walls are small pages, their markers near the top. */
export const WALL_MARKER_WINDOW = 64 * 1024;

/** Strings that only a bot check's or an edge error's own markup carries. */
const MARKERS = [
  // Cloudflare's challenge (managed, JS and the older browser check) and its error pages.
  '_cf_chl_opt',
  'cf-chl-',
  '/cdn-cgi/challenge-platform/',
  'cf-browser-verification',
  'cf-error-details',
  'cf-wrapper',
  // Akamai's refusal: "Reference #18.…" (as text or entity-encoded) and its error host.
  'Reference #',
  'Reference&#32;&#35;',
  'errors.edgesuite.net',
  // DataDome and PerimeterX (HUMAN) bot checks.
  'captcha-delivery.com',
  'px-captcha',
  '_pxAppId',
] as const;

export type WallMarker = (typeof MARKERS)[number];

/** Which wall titles need which markers to count: a title alone is not enough (a page may be called "Access Denied"). */
const WALL_TITLES: readonly { title: RegExp; markers: readonly WallMarker[] }[] = [
  { title: /^just a moment(?:\.\.\.|…)?$/i, markers: ['_cf_chl_opt', 'cf-chl-', '/cdn-cgi/challenge-platform/', 'cf-browser-verification'] },
  { title: /^attention required! \| cloudflare$/i, markers: ['cf-error-details', 'cf-wrapper', 'cf-browser-verification', '/cdn-cgi/challenge-platform/'] },
  { title: /^(?:access denied|403 forbidden|forbidden)$/i, markers: ['Reference #', 'Reference&#32;&#35;', 'errors.edgesuite.net'] },
  { title: /^(?:access to this page has been denied\.?|please verify you are a human|verifying you are human)/i, markers: ['px-captcha', '_pxAppId', 'captcha-delivery.com'] },
];

/** Hosts whose every page is a cookie-consent wall (Google's, Yahoo's and their siblings'). */
const CONSENT_HOSTS = /^(?:consent|guce)\.(?:[a-z0-9-]+\.)+[a-z]{2,}$/;

/** The wall markers `text` (the page's first WALL_MARKER_WINDOW characters) holds. */
export function wallMarkersIn(text: string): WallMarker[] {
  return MARKERS.filter((marker) => text.includes(marker));
}

export type Interstitial = 'challenge' | 'consent';

/**
 * What kind of wall a page is, or undefined for a page to read: `url` is where the request ended
 * (after redirects), `facts` what the reader read of it (none for a page not read).
 */
export function interstitialOf(url: string, facts?: Pick<PageFacts, 'title' | 'wallMarkers'>): Interstitial | undefined {
  if (URL.canParse(url) && CONSENT_HOSTS.test(new URL(url).hostname)) return 'consent';
  const title = facts?.title;
  if (title === undefined) return undefined;
  const markers = new Set(facts?.wallMarkers);
  return WALL_TITLES.some((wall) => wall.title.test(title) && wall.markers.some((marker) => markers.has(marker))) ? 'challenge' : undefined;
}

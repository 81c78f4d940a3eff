// What a platform puts in place of the post for a client it will not serve: a redirect to a login,
// checkpoint, challenge or cookie-consent page, a login page served at the post's own URL, or a bot
// check that answers 200 with markup of its own. One table for every adapter (docs/design.md §4 reads
// all of them as `blocked`).
import type { HttpResponse } from '../../../application/ports/http.port.js';
import type { Reason } from '../../../domain/reasons.js';
import { canonicalLink, pageTitle, readMetaTags, type MetaTags } from './head.js';
import { reasonForStatus } from './status.js';

/** Meta's sites (Facebook, Instagram, Threads), which send a client they refuse to one another's login. */
export const META_SITES = /(?:^|\.)(?:facebook|instagram|threads)\.(?:com|net)$/;

const WALLS: readonly { sites: RegExp; paths: RegExp }[] = [
  // Meta: /login and /checkpoint (Facebook, Threads), /accounts/login and /challenge (Instagram).
  { sites: META_SITES, paths: /^\/(?:(?:accounts\/)?login|checkpoint|challenge)\b/ },
  // LinkedIn: the authwall (`/authwall?sessionRedirect=…`) and its login and sign-up pages.
  { sites: /(?:^|\.)linkedin\.com$/, paths: /^\/(?:authwall|login|uas\/login|checkpoint|signup)\b/ },
  // Google's cookie-consent page, where YouTube sends visitors from the EU without a consent cookie.
  { sites: /^consent\.(?:youtube|google)\.com$/, paths: /^\// },
];

// Titles of login pages served at the post's own URL: Facebook's `Log into Facebook`, and its home
// page's, where a logged-out visitor may be sent instead.
const LOGIN_TITLES: readonly RegExp[] = [/^(?:log ?in(?: ?to)? facebook|facebook\s*[-–—|]\s*log ?in or sign ?up)\b/i];

/** Whether `url` (relative ones against `base`) is a wall page of the table above. */
export function isWallUrl(url: string | URL, base?: string): boolean {
  const href = String(url);
  if (!URL.canParse(href, base)) return false;
  const { hostname, pathname } = new URL(href, base);
  return WALLS.some((wall) => wall.sites.test(hostname) && wall.paths.test(pathname));
}

/**
 * A login page served where the post was asked for: its og:url or canonical link is a wall page
 * (relative ones read against `origin`), or its title or og:title is a login page's. `meta`: the
 * page's meta tags when the caller has read them already.
 */
export function isLoginPage(html: string, origin: string, meta: MetaTags = readMetaTags(html)): boolean {
  if ([meta.get('og:url'), canonicalLink(html)].some((href) => href !== undefined && isWallUrl(href, origin))) return true;
  return [pageTitle(html), meta.get('og:title')].some((title) => title !== undefined && LOGIN_TITLES.some((pattern) => pattern.test(title)));
}

/** A page request that ended on a wall (after redirects), or with a refusing status; undefined for a page to read. */
export function pageRefusal(response: HttpResponse): Reason | undefined {
  if (isWallUrl(response.url)) return 'blocked';
  return reasonForStatus(response.status);
}

/** Whether a body is markup (a page) rather than JSON or text: where JSON was asked for, a wall or a bot check. */
export function isMarkup(body: string): boolean {
  return /^\uFEFF?\s*</.test(body);
}

/**
 * The reason a page strategy gives a page it found no post in. Markup without the post's data is,
 * in practice, the wall or bot check a platform puts in its place: `blocked`. A body that is not
 * markup at all (JSON, plain text, nothing) where a page was asked for is an answer the adapter
 * cannot read: `upstream-error` (docs/design.md §4), not a reason to ask for cookies or a proxy.
 */
export function pageWithoutPost(body: string): 'blocked' | 'upstream-error' {
  return isMarkup(body) ? 'blocked' : 'upstream-error';
}

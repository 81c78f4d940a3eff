// Cookies in both directions: a configured session as request headers, and the cookies a platform
// set in a response (one reader for every adapter).
import type { PlatformCredential } from '../../../application/credentials.js';

/** `name=value; …` for a Cookie header, or undefined when there are none. */
export function cookieHeader(cookies: PlatformCredential['cookies']): string | undefined {
  const pairs = Object.entries(cookies ?? {}).map(([name, value]) => `${name}=${value}`);
  return pairs.length ? pairs.join('; ') : undefined;
}

/**
 * The headers of a session whose cookies are configured: the Cookie header and, for Meta's web apps
 * (Instagram, Threads), the `X-CSRFToken` header they pair with the `csrftoken` cookie. Empty
 * without cookies.
 */
export function sessionHeaders(cookies: PlatformCredential['cookies']): Record<string, string> {
  const cookie = cookieHeader(cookies);
  if (!cookie) return {};
  const csrf = cookies?.['csrftoken'];
  return csrf ? { cookie, 'x-csrftoken': csrf } : { cookie };
}

/**
 * Every `name=value` a response set, the last of a name winning as in a browser. The HTTP port
 * gives one cookie per line; a fetch layer that folded them joins them with commas, which are told
 * apart from the comma in an `Expires` date by the `name=` that follows.
 */
export function setCookies(setCookie: string | undefined): Record<string, string> {
  const cookies = new Map<string, string>();
  for (const line of (setCookie ?? '').split(/\n|,(?=\s*[\w.-]+=)/)) {
    const pair = line.split(';')[0] ?? '';
    const at = pair.indexOf('=');
    if (at > 0) cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
  }
  // fromEntries defines own properties: a cookie named `__proto__` stays a cookie.
  return Object.fromEntries(cookies);
}

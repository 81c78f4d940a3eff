// Cookies in both directions: the configured ones as a request header, and one value a platform set.
import type { PlatformCredential } from '../../../application/credentials.js';

/** `name=value; …` for a Cookie header, or undefined when there are none. */
export function cookieHeader(cookies: PlatformCredential['cookies']): string | undefined {
  const pairs = Object.entries(cookies ?? {}).map(([name, value]) => `${name}=${value}`);
  return pairs.length ? pairs.join('; ') : undefined;
}

/** The value of cookie `name` in a response's set-cookie header (one cookie per line). */
export function setCookieValue(setCookie: string | undefined, name: string): string | undefined {
  for (const line of (setCookie ?? '').split('\n')) {
    const [pair] = line.split(';');
    const at = pair?.indexOf('=') ?? -1;
    if (at > 0 && pair!.slice(0, at).trim() === name) return pair!.slice(at + 1).trim();
  }
  return undefined;
}

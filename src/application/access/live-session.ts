// One configured session as the running service holds it: its name, its own way out if it has one,
// and its credential, whose cookies follow what the platform sets (DESIGN §9 "Refreshed"), in
// memory only, as a browser keeps them.
import type { PlatformCredential, SessionSettings } from '../credentials.js';
import { proxyEgress, type Egress } from './egress.js';

export class LiveSession {
  readonly name: string;
  /** The session's own proxy: a logged-in account keeps one address. */
  readonly egress: Egress | undefined;
  private current: PlatformCredential;

  /** `egressOf`: the registry's names of the proxies configured (default: worked out here). */
  constructor(settings: SessionSettings, egressOf: (proxyUrl: string) => Egress = proxyEgress) {
    const { name, proxy, ...credential } = settings;
    this.name = name;
    this.egress = proxy ? egressOf(proxy) : undefined;
    this.current = credential;
  }

  /** What the session presents now. A new object after each refresh, so holders of the old one see it unchanged. */
  get credential(): PlatformCredential {
    return this.current;
  }

  /**
   * Takes the cookies a platform set for this session (`set-cookie`, one per line) as a browser
   * would: a cookie set again is replaced, one expired (`Max-Age=0` or a past `Expires`) is dropped,
   * a new one is kept, up to MAX_COOKIES. A session without cookies (an API client) takes none.
   */
  refresh(setCookie: string, now: number): void {
    const before = this.current.cookies;
    if (!before) return;
    const cookies: Record<string, string> = { ...before };
    for (const line of setCookie.split('\n')) {
      const cookie = parseSetCookie(line, now);
      if (!cookie) continue;
      if (cookie.expired) delete cookies[cookie.name];
      else if (cookie.name in cookies || Object.keys(cookies).length < MAX_COOKIES) cookies[cookie.name] = cookie.value;
    }
    if (sameCookies(before, cookies)) return;
    this.current = { ...this.current, cookies };
  }
}

/** A platform setting ever more cookies cannot make a session grow without bound. */
export const MAX_COOKIES = 64;

/** The valid cookie-name characters (RFC 6265 token); values may not hold `;` or line breaks. */
const NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

function parseSetCookie(line: string, now: number): { name: string; value: string; expired: boolean } | undefined {
  const [pair = '', ...attributes] = line.split(';');
  const at = pair.indexOf('=');
  if (at <= 0) return undefined;
  const name = pair.slice(0, at).trim();
  const value = pair.slice(at + 1).trim();
  if (!NAME.test(name) || /[\r\n;]/.test(value)) return undefined;
  let expired = false;
  for (const attribute of attributes) {
    const [key = '', ...rest] = attribute.split('=');
    const text = rest.join('=').trim();
    const lower = key.trim().toLowerCase();
    if (lower === 'max-age' && /^-?\d+$/.test(text)) expired = Number(text) <= 0;
    else if (lower === 'expires' && !attributes.some((a) => /^\s*max-age\s*=/i.test(a))) expired = Date.parse(text) <= now;
  }
  return { name, value, expired };
}

function sameCookies(a: Readonly<Record<string, string>>, b: Readonly<Record<string, string>>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => b[key] === a[key]);
}

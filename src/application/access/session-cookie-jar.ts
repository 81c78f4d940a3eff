// A session's cookies as a browser keeps them (docs/design.md §9 "Refreshed"): per domain and path, in
// tough-cookie's jar (RFC 6265: domain and path matching, expiry, public suffixes refused as a
// Domain) rather than hand-written rules. The configured cookies (the file names them without a
// domain) stand for the platform's sites: each is set for the registrable domain of every host the
// platform calls, path `/`. A `Set-Cookie` is taken only from one of those hosts, and only for that
// host or a parent domain of it (the jar refuses any other Domain). In memory only; expiry is read
// against the system clock, as tough-cookie does.
import { Cookie, CookieJar, domainMatch, getPublicSuffix } from 'tough-cookie';

/** A platform setting ever more cookies cannot make a session grow without bound. */
export const MAX_COOKIES = 64;

export class SessionCookieJar {
  private readonly jar = new CookieJar(undefined, { looseMode: false, rejectPublicSuffixes: true });
  private readonly hosts: ReadonlySet<string>;

  /** `hosts`: the platform's own upstream hosts (the first is its main site). */
  constructor(
    configured: Readonly<Record<string, string>>,
    private readonly ownHosts: readonly string[],
  ) {
    this.hosts = new Set(ownHosts.map((host) => host.toLowerCase()));
    const domains = new Map<string, string>();
    for (const host of this.hosts) domains.set(getPublicSuffix(host) ?? host, host);
    for (const [domain, host] of domains) {
      for (const [key, value] of Object.entries(configured)) {
        const cookie = new Cookie({ key, value, domain, path: '/', hostOnly: false });
        this.jar.setCookieSync(cookie, `https://${host}/`, { ignoreError: true });
      }
    }
  }

  /** The cookies the main site is sent, by name: what adapters read (a CSRF token, whether one is logged in). */
  ofMainSite(): Record<string, string> {
    const main = this.ownHosts[0];
    const cookies: Record<string, string> = {};
    if (!main) return cookies;
    // Sorted as a browser sends them (longest path first): the first of a name is the one that counts.
    for (const cookie of this.jar.getCookiesSync(`https://${main}/`)) if (!(cookie.key in cookies)) cookies[cookie.key] = cookie.value;
    return cookies;
  }

  /**
   * The Cookie header for a request to `url` whose adapter put `given` on it: the session's cookies
   * in it are replaced by the ones the jar sends to that URL (domain, path, expiry); the adapter's
   * other cookies (a guest token, a page's own) stay.
   */
  headerFor(url: string, given: string): string {
    const ours = new Set(this.all().map((cookie) => cookie.key));
    const kept = given
      .split(';')
      .map((pair) => pair.trim())
      .filter((pair) => pair !== '' && !ours.has(pair.slice(0, pair.indexOf('=') >>> 0).trim()));
    const sent = this.jar.getCookiesSync(url).map((cookie) => cookie.cookieString());
    return [...kept, ...sent].join('; ');
  }

  /**
   * Takes the `set-cookie` lines (one per line) of an answer from `url`: only when its host is one
   * of the platform's own, each as a browser would (replaced, expired, refused for a foreign Domain),
   * a new one only while the jar holds fewer than MAX_COOKIES. True when anything changed.
   */
  take(setCookie: string, url: string): boolean {
    const host = URL.canParse(url) ? new URL(url).hostname.toLowerCase() : '';
    if (!this.hosts.has(host)) return false;
    const before = this.fingerprint();
    for (const line of setCookie.split('\n')) {
      const cookie = Cookie.parse(line, { loose: false });
      if (!cookie) continue;
      const fresh = !this.all().some((c) => c.key === cookie.key && c.domain !== null && domainMatch(host, c.domain) === true);
      if (fresh && this.all().length >= MAX_COOKIES) continue;
      this.jar.setCookieSync(cookie, url, { ignoreError: true });
    }
    return this.fingerprint() !== before;
  }

  private all(): Cookie[] {
    return this.jar.serializeSync()?.cookies.map((json) => Cookie.fromJSON(json)).filter((c): c is Cookie => c !== undefined) ?? [];
  }

  private fingerprint(): string {
    return JSON.stringify(this.jar.serializeSync()?.cookies.map((c) => [c.key, c.value, c.domain, c.path, c.expires]));
  }
}

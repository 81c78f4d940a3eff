// One configured session as the running service holds it: its name, its own egress if it has one,
// and its credential, whose cookies follow what the platform sets (docs/design.md §9 "Refreshed"), in
// memory only, as a browser keeps them (session-cookie-jar.ts: per domain and path).
import type { PlatformCredential, SessionSettings } from '../credentials.js';
import { proxyEgress, type Egress } from './egress.js';
import { SessionCookieJar } from './session-cookie-jar.js';

export { MAX_COOKIES } from './session-cookie-jar.js';

export class LiveSession {
  readonly name: string;
  /** The session's own proxy: a logged-in account keeps one address. */
  readonly egress: Egress | undefined;
  /** Absent for a session without cookies (an API client): it takes none. */
  private readonly jar: SessionCookieJar | undefined;
  private current: PlatformCredential;

  /**
   * `egressOf`: the registry's names of the proxies configured (default: worked out here);
   * `ownHosts`: the platform's own upstream hosts, the only ones whose cookies it keeps.
   */
  constructor(settings: SessionSettings, egressOf: (proxyUrl: string) => Egress = proxyEgress, ownHosts: readonly string[] = []) {
    const { name, proxy, ...credential } = settings;
    this.name = name;
    this.egress = proxy ? egressOf(proxy) : undefined;
    this.jar = credential.cookies ? new SessionCookieJar(credential.cookies, ownHosts) : undefined;
    this.current = this.jar ? { ...credential, cookies: this.jar.ofMainSite() } : credential;
  }

  /** What the session presents now (its cookies: those of the platform's main site). A new object after each refresh, so holders of the old one see it unchanged. */
  get credential(): PlatformCredential {
    return this.current;
  }

  /** The Cookie header for a request to `url` that its adapter gave `cookie`: the session's own cookies as the jar sends them there. */
  cookieHeader(url: string, cookie: string): string {
    return this.jar ? this.jar.headerFor(url, cookie) : cookie;
  }

  /**
   * Takes the cookies the platform set for this session (`set-cookie`, one per line) in an answer
   * from `url`, as a browser would: only from the platform's own hosts, for that host or a parent
   * domain; a cookie set again is replaced, one expired is dropped, a new one kept up to
   * MAX_COOKIES. A session without cookies (an API client) takes none.
   */
  refresh(setCookie: string, url: string): void {
    if (!this.jar?.take(setCookie, url)) return;
    this.current = { ...this.current, cookies: this.jar.ofMainSite() };
  }
}

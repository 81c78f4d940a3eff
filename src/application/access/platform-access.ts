// One platform's sessions and egresses, and whose turn is next (docs/design.md §9 "Choosing"): sessions in
// turn, and a pool of egresses in turn — the platform's proxies, else UPSTREAM_PROXY, else direct.
// Replaced whole when the credentials file is read again; what is benched lives in the bench.
import type { PlatformAccessSettings } from '../credentials.js';
import { DIRECT, proxyEgress, type Egress } from './egress.js';
import { LiveSession } from './live-session.js';

export class PlatformAccess {
  readonly sessions: readonly LiveSession[];
  /** The egresses of anonymous requests and of sessions without a proxy of their own. */
  readonly pool: readonly Egress[];
  /** Whether the operator chose the pool (proxies); direct is never benched, it is what remains. */
  readonly pooled: boolean;
  private sessionTurn = 0;
  private egressTurn = 0;

  /**
   * `egressOf`: the registry's names of the proxies configured (default: worked out here);
   * `ownHosts`: the platform's own upstream hosts (its sessions keep the cookies of those only).
   */
  constructor(settings: PlatformAccessSettings | undefined, defaultProxy: string | undefined, egressOf: (proxyUrl: string) => Egress = proxyEgress, ownHosts: readonly string[] = []) {
    this.sessions = (settings?.sessions ?? []).map((session) => new LiveSession(session, egressOf, ownHosts));
    const proxies = settings?.proxies.length ? settings.proxies : defaultProxy ? [defaultProxy] : [];
    this.pooled = proxies.length > 0;
    this.pool = this.pooled ? proxies.map(egressOf) : [DIRECT];
  }

  /** Every name the bench may hold for this platform: its sessions and its pooled egresses. */
  get benchable(): string[] {
    return [...this.sessions.map((s) => s.name), ...(this.pooled ? this.pool.map((e) => e.name) : [])];
  }

  /** The next session in turn that `usable` accepts, or undefined. */
  nextSession(usable: (session: LiveSession) => boolean): LiveSession | undefined {
    return next(this.sessions, this.sessionTurn++, usable);
  }

  /** The next pooled egress in turn that `usable` accepts (direct always is), or undefined. */
  nextEgress(usable: (egress: Egress) => boolean): Egress | undefined {
    return next(this.pool, this.egressTurn++, (egress) => !this.pooled || usable(egress));
  }

  /** The egress of that name (a pooled one or a session's own), for `/v/` media sealed with it; names are unique across both. */
  egressNamed(name: string): Egress | undefined {
    return this.pool.find((e) => e.name === name) ?? this.sessions.find((s) => s.egress?.name === name)?.egress;
  }
}

/** Round-robin from `turn`: the first item on or after it that `usable` accepts. */
function next<T>(items: readonly T[], turn: number, usable: (item: T) => boolean): T | undefined {
  for (let i = 0; i < items.length; i++) {
    const item = items[(turn + i) % items.length]!;
    if (usable(item)) return item;
  }
  return undefined;
}

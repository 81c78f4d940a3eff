// One resolve's access, taken in turn and benched when refused (docs/design.md §9 "Choosing", "Benching"):
// the next healthy session (round-robin) with its own proxy or the next healthy pooled egress, kept
// for every request of the resolve; an answer that refuses them — a wall or bot check (`blocked`) or
// a rate limit (`rate-limited`) — benches the session (cookies refused) or, without one, the egress
// (address refused), and the resolve is tried once more with the next healthy one, within its
// budget. When every session is benched the resolve runs anonymously; when every pooled egress is
// benched too, nothing is asked and the answer is the refusal that benched them. Statements about
// the post (`not-found`, `private`, …) bench nothing; a success clears the refusals counted so far.
// A post on a host no operator configured (a discovered server, a web page) is a stranger's host
// (docs/design.md §9 "Open-ended platforms"): it runs anonymously through the next egress, and what it
// answers, refusal or success, benches and clears nothing — only the platform's own hosts speak for
// a session or an egress.
import type { PlatformId } from '../../domain/platforms/platform-id.js';
import type { Reason } from '../../domain/reasons.js';
import type { AccessBench, BenchCause, BenchState } from '../ports/access-bench.port.js';
import type { Logger } from '../ports/logger.port.js';
import type { Metrics } from '../ports/metrics.port.js';
import { forRequest } from '../request-log.js';
import type { AccessRegistry } from './access-registry.js';
import type { AccessGrant, AccessScope } from './access-scope.js';
import type { PlatformAccess } from './platform-access.js';

/** The reasons that say the platform refused who asked or from where, not what was asked about. */
const REFUSALS: ReadonlySet<Reason> = new Set<Reason>(['blocked', 'rate-limited']);

/** A first try and one more with the next healthy session or egress. */
const TRIES = 2;

/**
 * What an access is judged by: a success, or a reason (an adapter's result, a short link's
 * expansion); `unasked` when every egress is benched and nothing was asked of the platform.
 */
export type Answer = { ok: true } | { ok: false; reason: Reason; unasked?: true };

export const ACCESS_TURNS = Symbol('AccessTurns');

export class AccessTurns {
  constructor(
    private readonly registry: AccessRegistry,
    private readonly bench: AccessBench,
    private readonly scope: AccessScope,
    private readonly logger: Logger,
    private readonly metrics?: Metrics,
  ) {}

  /**
   * Runs `work` (an adapter's resolve, or a short link's read) with the platform's next healthy
   * access, and once more after a refusal while `signal` has not aborted. `work` is told the name
   * of the proxy it leaves through (undefined: direct), for the media of what it finds.
   */
  async run<T extends Answer>(platform: PlatformId, signal: AbortSignal, work: (proxyName: string | undefined) => Promise<T>, requestId?: string, discoveredHost?: string): Promise<T | Extract<Answer, { ok: false }>> {
    const access = this.registry.of(platform);
    const states = new Map(await this.bench.states(platform, access.benchable));
    if (discoveredHost !== undefined) return this.runOnStrangersHost(access, platform, states, work);
    let refused: T | undefined;
    for (let tried = 0; tried < TRIES && !signal.aborted; tried++) {
      const grant = choose(platform, access, states);
      if (!grant) break;
      const result = await this.scope.run(grant, () => work(grant.egress.proxyUrl ? grant.egress.name : undefined));
      if (result.ok) {
        this.succeeded(platform, grant, states);
        return result;
      }
      if (!REFUSALS.has(result.reason)) return result;
      refused = result;
      // Nothing benched (direct, anonymous): another try would ask the same way again.
      if (!(await this.benchRefused(platform, grant, result.reason as BenchCause, states, requestId))) return result;
    }
    return refused ?? { ok: false, reason: benchedCause(access, states), unasked: true };
  }

  /**
   * A post on a host no operator configured: one try, anonymous (a session is the platform's, never
   * shown to another host), through the next healthy egress — or, when every one is benched, the
   * next in turn all the same (their benches were earned at the platform's own hosts, not this one).
   */
  private async runOnStrangersHost<T extends Answer>(access: PlatformAccess, platform: PlatformId, states: ReadonlyMap<string, BenchState>, work: (proxyName: string | undefined) => Promise<T>): Promise<T> {
    const egress = access.nextEgress((e) => !states.get(e.name)?.benched) ?? access.nextEgress(() => true)!;
    return this.scope.run({ platform, egress }, () => work(egress.proxyUrl ? egress.name : undefined));
  }

  /**
   * Benches what the refusal was aimed at: the session when there was one, else the pooled egress.
   * False when there was nothing to bench (an anonymous request sent direct).
   */
  private async benchRefused(platform: PlatformId, grant: AccessGrant, cause: BenchCause, states: Map<string, BenchState>, requestId: string | undefined): Promise<boolean> {
    const benched = grant.session ? 'session' : 'egress';
    const name = grant.session?.name ?? grant.egress.name;
    // Direct is what remains when nothing was configured: never benched (docs/design.md §9).
    if (benched === 'egress' && !this.registry.of(platform).pooled) return false;
    const strikes = (states.get(name)?.strikes ?? 0) + 1;
    states.set(name, { benched: cause, strikes });
    const ms = await this.bench.bench(platform, name, cause);
    this.metrics?.accessBenched(platform, benched, cause);
    this.logger.info(forRequest(requestId, { platform, [benched]: name, cause, benchS: Math.round(ms / 1000) }), `${benched} benched`);
    return true;
  }

  /** A success: the session and egress used start afresh, where a refusal had been counted. */
  private succeeded(platform: PlatformId, grant: AccessGrant, states: Map<string, BenchState>): void {
    for (const name of [grant.session?.name, grant.egress.name]) {
      if (name !== undefined && (states.get(name)?.strikes ?? 0) > 0) void this.bench.clear(platform, name);
    }
  }
}

/** The next healthy session with its egress, else anonymous through the next healthy egress. */
function choose(platform: PlatformId, access: PlatformAccess, states: ReadonlyMap<string, BenchState>): AccessGrant | undefined {
  const healthy = (name: string) => !states.get(name)?.benched;
  const pooled = access.nextEgress((egress) => healthy(egress.name));
  const session = access.nextSession((s) => healthy(s.name) && (s.egress !== undefined || pooled !== undefined));
  if (session) return { platform, session, egress: session.egress ?? pooled! };
  return pooled ? { platform, egress: pooled } : undefined;
}

/** Why nothing could be asked: the refusal that benched the pool's first egress. */
function benchedCause(access: PlatformAccess, states: ReadonlyMap<string, BenchState>): BenchCause {
  return access.pool.map((egress) => states.get(egress.name)?.benched).find((cause) => cause !== undefined) ?? 'blocked';
}

// The platform guard on cockatiel: per guard scope (a platform, or one host of an open-ended
// platform), a bulkhead in front of a consecutive-failure circuit breaker, and one shared bulkhead
// for every host no operator listed. cockatiel because it is already the Redis breaker here (one
// library, one behaviour to know), has no dependencies, gives breaker, half-open probe and bulkhead
// as small composable policies, and is cheap per call (measured in bench/RESULTS.md).
import { BrokenCircuitError, bulkhead, isBrokenCircuitError, isBulkheadRejectedError, type BulkheadPolicy } from 'cockatiel';
import type { Logger } from '../../application/ports/logger.port.js';
import type { Guarded, GuardedAnswer, GuardScope, PlatformGuard } from '../../application/ports/platform-guard.port.js';
import type { PlatformId } from '../../domain/platforms/platform-id.js';
import { ScopePolicy, type BreakerState } from './scope-policy.js';

/**
 * Calls to one platform (or one host of an open-ended one) running at once. Single-flight already
 * folds identical posts into one call, so this bounds distinct cold posts: enough for a busy
 * instance at typical upstream latencies, few enough that a hanging
 * platform cannot hold every socket.
 */
export const PLATFORM_MAX_CONCURRENT = 32;
/** Calls that may wait for a slot; beyond that the answer is `rate-limited` at once (a wait is bounded by the budget anyway). */
export const PLATFORM_MAX_QUEUED = 64;
/**
 * Calls to hosts no operator listed (discovered servers, web pages) running at once across the
 * whole process, whatever their hosts: two slow hosts' worth, so many slow hosts cannot hold every
 * socket while one slow host (32 at most) leaves room for the others.
 */
export const UNLISTED_MAX_CONCURRENT = 64;
/** Calls to unlisted hosts that may wait for one of those slots. */
export const UNLISTED_MAX_QUEUED = 64;
/**
 * Guards kept in memory at most: one per host called, and anyone can name new hosts. Past it, the
 * idle ones with a closed breaker (nothing to remember) are let go, oldest first.
 */
export const MAX_HELD_SCOPES = 10_000;

export interface PlatformGuardOptions {
  /** BREAKER_THRESHOLD: consecutive upstream failures that open a scope's breaker. */
  threshold: number;
  /** BREAKER_COOLDOWN_S in ms: how long it stays open before one probe is let through. */
  cooldownMs: number;
  maxConcurrent?: number;
  maxQueued?: number;
  unlistedMaxConcurrent?: number;
  unlistedMaxQueued?: number;
  maxHeldScopes?: number;
}

const OPEN = { admitted: false, reason: 'circuit-open' } as const;
const FULL = { admitted: false, reason: 'rate-limited' } as const;

/**
 * One platform's guards as /metrics shows them: how many of its breakers are in each state (a
 * platform guarded as a whole has one; an open-ended one, one per host called), and the calls
 * running and waiting for a slot across them.
 */
export interface PlatformGuardState {
  platform: PlatformId;
  breakers: Record<BreakerState, number>;
  running: number;
  queued: number;
}

export class CockatielPlatformGuard implements PlatformGuard {
  private readonly scopes = new Map<string, ScopePolicy>();
  /** The one bulkhead every call to an unlisted host also passes. */
  private readonly unlisted: BulkheadPolicy;

  constructor(
    private readonly options: PlatformGuardOptions,
    private readonly logger: Logger,
  ) {
    this.unlisted = bulkhead(options.unlistedMaxConcurrent ?? UNLISTED_MAX_CONCURRENT, options.unlistedMaxQueued ?? UNLISTED_MAX_QUEUED);
    this.unlisted.onReject(() => logger.debug({}, 'bulkhead of unlisted hosts full; answering rate-limited'));
  }

  async run<T extends GuardedAnswer>(scope: GuardScope, work: () => Promise<T>, signal: AbortSignal): Promise<Guarded<T>> {
    const policy = this.policyOf(scope);
    // Checked before the bulkheads: an open breaker answers at once, never after a queue.
    if (policy.refusesNow()) return OPEN;
    const guarded = () => {
      // Checked again when a queued call gets its slot: the breaker may have opened meanwhile.
      if (policy.refusesNow()) throw new BrokenCircuitError();
      return policy.breaker.execute(() => work());
    };
    try {
      // The scope's own bulkhead first: one slow host fills its own queue before the shared one.
      const value = await policy.bulkhead.execute(() => (scope.unlisted ? this.unlisted.execute(guarded, signal) : guarded()), signal);
      return { admitted: true, value };
    } catch (error) {
      if (isBrokenCircuitError(error)) return OPEN;
      if (isBulkheadRejectedError(error)) return FULL;
      throw error;
    }
  }

  isOpen(platform: PlatformId): boolean {
    const state = this.scopes.get(platform)?.breakerState();
    return state !== undefined && state !== 'closed';
  }

  openHosts(platform: PlatformId): number {
    let open = 0;
    for (const policy of this.scopes.values()) if (policy.scope.host !== undefined && policy.scope.platform === platform && policy.breakerState() !== 'closed') open += 1;
    return open;
  }

  /** The guards of the platforms called so far, one entry per platform (the others have never run anything: closed, idle). */
  states(): PlatformGuardState[] {
    const byPlatform = new Map<PlatformId, PlatformGuardState>();
    for (const policy of this.scopes.values()) {
      const { platform } = policy.scope;
      let state = byPlatform.get(platform);
      if (!state) byPlatform.set(platform, (state = { platform, breakers: { closed: 0, open: 0, 'half-open': 0 }, running: 0, queued: 0 }));
      const { breaker, running, queued } = policy.state();
      state.breakers[breaker] += 1;
      state.running += running;
      state.queued += queued;
    }
    return [...byPlatform.values()];
  }

  private policyOf(scope: GuardScope): ScopePolicy {
    let policy = this.scopes.get(scope.key);
    if (!policy) {
      this.letIdleGo();
      const { threshold, cooldownMs, maxConcurrent = PLATFORM_MAX_CONCURRENT, maxQueued = PLATFORM_MAX_QUEUED } = this.options;
      policy = new ScopePolicy(scope, { threshold, cooldownMs, maxConcurrent, maxQueued }, this.logger);
      this.scopes.set(scope.key, policy);
    }
    return policy;
  }

  /** At the cap, forgets the idle guards whose breaker is closed (oldest first) down to nine tenths of it. */
  private letIdleGo(): void {
    const cap = this.options.maxHeldScopes ?? MAX_HELD_SCOPES;
    if (this.scopes.size < cap) return;
    for (const [key, policy] of this.scopes) {
      if (this.scopes.size < cap * 0.9) break;
      if (policy.isIdle()) this.scopes.delete(key);
    }
  }
}

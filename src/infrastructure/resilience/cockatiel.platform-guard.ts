// The platform guard on cockatiel: per platform, a bulkhead in front of a consecutive-failure
// circuit breaker. cockatiel because it is already the Redis breaker here (one library, one
// behaviour to know), has no dependencies, gives breaker, half-open probe and bulkhead as small
// composable policies, and costs < 0.1 µs a call (docs/design.md §13).
import {
  BrokenCircuitError,
  bulkhead,
  circuitBreaker,
  CircuitState,
  ConsecutiveBreaker,
  handleAll,
  isBrokenCircuitError,
  isBulkheadRejectedError,
  type BulkheadPolicy,
  type CircuitBreakerPolicy,
} from 'cockatiel';
import type { Logger } from '../../application/ports/logger.port.js';
import type { Guarded, GuardedAnswer, PlatformGuard } from '../../application/ports/platform-guard.port.js';
import type { PlatformId } from '../../domain/platforms/platform-id.js';
import { isUpstreamFailure } from '../../domain/upstream-failure.js';

/**
 * Calls to one platform running at once. Single-flight already folds identical posts into one
 * call, so this bounds distinct cold posts: enough for a busy instance (32 × ~300 ms upstream ≈
 * 100 resolves/s per platform), few enough that a hanging platform cannot hold every socket.
 */
export const PLATFORM_MAX_CONCURRENT = 32;
/** Calls that may wait for a slot; beyond that the answer is `rate-limited` at once (a wait is bounded by the budget anyway). */
export const PLATFORM_MAX_QUEUED = 64;

export interface PlatformGuardOptions {
  /** BREAKER_THRESHOLD: consecutive upstream failures that open a platform's breaker. */
  threshold: number;
  /** BREAKER_COOLDOWN_S in ms: how long it stays open before one probe is let through. */
  cooldownMs: number;
  maxConcurrent?: number;
  maxQueued?: number;
}

const OPEN = { admitted: false, reason: 'circuit-open' } as const;
const FULL = { admitted: false, reason: 'rate-limited' } as const;

/** One platform's guard as /metrics shows it: breaker state, calls running and waiting for a slot. */
export interface PlatformGuardState {
  platform: PlatformId;
  breaker: 'closed' | 'open' | 'half-open';
  running: number;
  queued: number;
}

export class CockatielPlatformGuard implements PlatformGuard {
  private readonly policies = new Map<PlatformId, PlatformPolicy>();

  constructor(
    private readonly options: PlatformGuardOptions,
    private readonly logger: Logger,
  ) {}

  async run<T extends GuardedAnswer>(platform: PlatformId, work: () => Promise<T>, signal: AbortSignal): Promise<Guarded<T>> {
    const policy = this.policyOf(platform);
    // Checked before the bulkhead: an open breaker answers at once, never after a queue.
    if (policy.refusesNow()) return OPEN;
    try {
      const value = await policy.bulkhead.execute(() => {
        // Checked again when a queued call gets its slot: the breaker may have opened meanwhile.
        if (policy.refusesNow()) throw new BrokenCircuitError();
        return policy.breaker.execute(() => work());
      }, signal);
      return { admitted: true, value };
    } catch (error) {
      if (isBrokenCircuitError(error)) return OPEN;
      if (isBulkheadRejectedError(error)) return FULL;
      throw error;
    }
  }

  isOpen(platform: PlatformId): boolean {
    const state = this.policies.get(platform)?.breaker.state;
    return state !== undefined && state !== CircuitState.Closed;
  }

  /** The guards of the platforms called so far (the others have never run anything: closed, idle). */
  states(): PlatformGuardState[] {
    return [...this.policies].map(([platform, policy]) => ({ platform, ...policy.state() }));
  }

  private policyOf(platform: PlatformId): PlatformPolicy {
    let policy = this.policies.get(platform);
    if (!policy) {
      policy = new PlatformPolicy(platform, this.options, this.logger);
      this.policies.set(platform, policy);
    }
    return policy;
  }
}

class PlatformPolicy {
  readonly breaker: CircuitBreakerPolicy;
  readonly bulkhead: BulkheadPolicy;
  private readonly cooldownMs: number;
  private readonly maxConcurrent: number;
  private readonly maxQueued: number;
  private openedAt = 0;

  constructor(platform: PlatformId, options: PlatformGuardOptions, logger: Logger) {
    this.cooldownMs = options.cooldownMs;
    // Thrown errors are transport failures (the use case maps them to timeout/upstream-error), so
    // all count; an answer counts only when its reason is an upstream failure, so a run of
    // not-found or private posts never opens the breaker, and such an answer closes it as a probe.
    this.breaker = circuitBreaker(handleAll.orWhenResult(isFailedAnswer), {
      halfOpenAfter: options.cooldownMs,
      breaker: new ConsecutiveBreaker(options.threshold),
    });
    // The bulkhead sits outside the breaker: a refusal for a full bulkhead is our own load, not a
    // failure of the platform, and must neither count against it nor end a probe.
    this.maxConcurrent = options.maxConcurrent ?? PLATFORM_MAX_CONCURRENT;
    this.maxQueued = options.maxQueued ?? PLATFORM_MAX_QUEUED;
    this.bulkhead = bulkhead(this.maxConcurrent, this.maxQueued);
    this.breaker.onStateChange((state) => {
      if (state === CircuitState.Open) {
        this.openedAt = Date.now();
        logger.warn({ platform, cooldownMs: options.cooldownMs }, 'platform circuit breaker opened; answering circuit-open');
      } else if (state === CircuitState.HalfOpen) {
        logger.info({ platform }, 'platform circuit breaker probing');
      } else if (state === CircuitState.Closed) {
        logger.info({ platform }, 'platform circuit breaker closed');
      }
    });
    this.bulkhead.onReject(() => logger.debug({ platform }, 'platform bulkhead full; answering rate-limited'));
  }

  state(): Omit<PlatformGuardState, 'platform'> {
    const state = this.breaker.state;
    const breaker = state === CircuitState.Closed ? 'closed' : state === CircuitState.HalfOpen ? 'half-open' : 'open';
    return { breaker, running: this.maxConcurrent - this.bulkhead.executionSlots, queued: this.maxQueued - this.bulkhead.queueSlots };
  }

  /**
   * True while the breaker refuses: cooling down, or while its one probe is in flight (cockatiel
   * would make every other caller wait for the probe; they answer `circuit-open` at once instead).
   */
  refusesNow(): boolean {
    const state = this.breaker.state;
    if (state === CircuitState.HalfOpen) return true;
    return state === CircuitState.Open && Date.now() - this.openedAt < this.cooldownMs;
  }
}

function isFailedAnswer(value: unknown): boolean {
  const answer = value as GuardedAnswer;
  return !answer.ok && !answer.unasked && isUpstreamFailure(answer.reason);
}

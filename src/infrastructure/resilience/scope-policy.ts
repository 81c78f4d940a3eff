// One guard scope's policies (a platform, or one host of an open-ended platform): its bulkhead and
// its consecutive-failure circuit breaker, with the log lines of its state changes.
import { circuitBreaker, CircuitState, ConsecutiveBreaker, handleWhen, bulkhead, type BulkheadPolicy, type CircuitBreakerPolicy } from 'cockatiel';
import { isRefusedTarget } from '../../application/errors.js';
import type { Logger } from '../../application/ports/logger.port.js';
import type { GuardedAnswer, GuardScope } from '../../application/ports/platform-guard.port.js';
import { isUpstreamFailure } from '../../domain/upstream-failure.js';

export type BreakerState = 'closed' | 'open' | 'half-open';

export interface ScopePolicyOptions {
  threshold: number;
  cooldownMs: number;
  maxConcurrent: number;
  maxQueued: number;
}

export class ScopePolicy {
  readonly breaker: CircuitBreakerPolicy;
  readonly bulkhead: BulkheadPolicy;
  private readonly cooldownMs: number;
  private readonly maxConcurrent: number;
  private readonly maxQueued: number;
  private openedAt = 0;

  constructor(
    readonly scope: GuardScope,
    options: ScopePolicyOptions,
    logger: Logger,
  ) {
    this.cooldownMs = options.cooldownMs;
    // Thrown errors are transport failures (the use case maps them to timeout/upstream-error), so
    // they count, except a request this service refused itself (a host outside the allowlist, an
    // address the guard refuses): that is ours, not the upstream's. An answer counts only when its
    // reason is an upstream failure, so a run of not-found or private posts never opens the
    // breaker, and such an answer closes it as a probe.
    this.breaker = circuitBreaker(handleWhen((error) => !isRefusedTarget(error)).orWhenResult(isFailedAnswer), {
      halfOpenAfter: options.cooldownMs,
      breaker: new ConsecutiveBreaker(options.threshold),
    });
    // The bulkhead sits outside the breaker: a refusal for a full bulkhead is our own load, not a
    // failure of the platform, and must neither count against it nor end a probe.
    this.maxConcurrent = options.maxConcurrent;
    this.maxQueued = options.maxQueued;
    this.bulkhead = bulkhead(this.maxConcurrent, this.maxQueued);
    const fields = scope.host === undefined ? { platform: scope.platform } : { platform: scope.platform, host: scope.host };
    this.breaker.onStateChange((state) => {
      if (state === CircuitState.Open) {
        this.openedAt = Date.now();
        logger.warn({ ...fields, cooldownMs: options.cooldownMs }, 'platform circuit breaker opened; answering circuit-open');
      } else if (state === CircuitState.HalfOpen) {
        logger.info(fields, 'platform circuit breaker probing');
      } else if (state === CircuitState.Closed) {
        logger.info(fields, 'platform circuit breaker closed');
      }
    });
    this.bulkhead.onReject(() => logger.debug(fields, 'platform bulkhead full; answering rate-limited'));
  }

  breakerState(): BreakerState {
    const state = this.breaker.state;
    return state === CircuitState.Closed ? 'closed' : state === CircuitState.HalfOpen ? 'half-open' : 'open';
  }

  state(): { breaker: BreakerState; running: number; queued: number } {
    return { breaker: this.breakerState(), running: this.maxConcurrent - this.bulkhead.executionSlots, queued: this.maxQueued - this.bulkhead.queueSlots };
  }

  /** Nothing running or waiting, and a closed breaker: forgetting it loses nothing but a failure count below the threshold. */
  isIdle(): boolean {
    const { breaker, running, queued } = this.state();
    return breaker === 'closed' && running === 0 && queued === 0;
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

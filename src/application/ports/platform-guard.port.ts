// Per-platform protection of the upstreams (docs/design.md §9): a circuit breaker that stops calling a
// platform after consecutive upstream failures, and a bulkhead bounding how many calls to one
// platform run and wait at once. The resolve use case runs every upstream call through it.
import type { PlatformId } from '../../domain/platforms/platform-id.js';
import type { Reason } from '../../domain/reasons.js';

/**
 * What guarded work answers: a success, or a reason (`isUpstreamFailure` reasons count against the
 * breaker, unless `unasked`: no upstream request was made because every way out to the platform
 * rests, which says nothing new about the platform).
 */
export type GuardedAnswer = { ok: true } | { ok: false; reason: Reason; unasked?: true };

/**
 * The work ran (`admitted`), or it was refused without any upstream request: `circuit-open` while
 * the breaker is open, `rate-limited` when the platform's bulkhead is full (this service throttles
 * itself on the platform's behalf, which is what that reason tells a client: try again shortly).
 */
export type Guarded<T> = { admitted: true; value: T } | { admitted: false; reason: 'circuit-open' | 'rate-limited' };

export interface PlatformGuard {
  /**
   * Runs `work` for `platform` unless the breaker or the bulkhead refuses it. A thrown error counts
   * as an upstream failure and is rethrown. While queued, `signal` aborting drops the work.
   */
  run<T extends GuardedAnswer>(platform: PlatformId, work: () => Promise<T>, signal: AbortSignal): Promise<Guarded<T>>;
  /** Whether the platform's breaker is open now (cooling down, or letting its one probe through). */
  isOpen(platform: PlatformId): boolean;
}

export const PLATFORM_GUARD = Symbol('PlatformGuard');

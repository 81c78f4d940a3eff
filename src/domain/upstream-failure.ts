// Which reasons say that our access to the platform failed rather than something about the post.
// They count against the platform's circuit breaker (docs/design.md §9) and let a recently expired `ok`
// entry answer instead (stale-if-error, §8); `not-found`, `private`, `age-restricted`,
// `region-locked` and `unsupported` are true answers about the post and do neither.
import type { Reason } from './reasons.js';

export const UPSTREAM_FAILURE_REASONS: readonly Reason[] = ['blocked', 'rate-limited', 'timeout', 'upstream-error'];

/** A failure of the upstream itself: one more strike for the platform's breaker. */
export function isUpstreamFailure(reason: Reason): boolean {
  return UPSTREAM_FAILURE_REASONS.includes(reason);
}

/**
 * A degraded answer a stale `ok` entry may replace: an upstream failure, or no upstream request at
 * all because the platform's breaker is open.
 */
export function staleMayAnswer(reason: Reason): boolean {
  return reason === 'circuit-open' || isUpstreamFailure(reason);
}

// How long a result may be cached (DESIGN.md §8). Pure: the use case supplies the clock and settings.
import type { Outcome } from './outcome.js';

export interface TtlSettings {
  okTtlSeconds: number;
  degradedTtlSeconds: number;
}

/** Reasons that describe the post itself and so stay true for a while. */
const STABLE_REASONS = new Set(['not-found', 'private', 'unsupported']);
const STABLE_TTL_SECONDS = 600;
/** Media URLs that expire must leave the cache this long before they do. */
const MEDIA_EXPIRY_MARGIN_SECONDS = 300;

/** Seconds to keep the outcome, or undefined when it must not be cached at all. */
export function cacheTtlSeconds(
  outcome: Outcome,
  settings: TtlSettings,
  nowMs: number,
  mediaExpiresAtMs?: number,
): number | undefined {
  if (outcome.status === 'no-adapter') return undefined;
  if (outcome.status === 'degraded') {
    if (outcome.reason === 'circuit-open' || outcome.reason === 'disabled') return undefined;
    return STABLE_REASONS.has(outcome.reason) ? STABLE_TTL_SECONDS : settings.degradedTtlSeconds;
  }
  let ttl = settings.okTtlSeconds;
  if (mediaExpiresAtMs !== undefined) {
    const untilExpiry = Math.floor((mediaExpiresAtMs - nowMs) / 1000) - MEDIA_EXPIRY_MARGIN_SECONDS;
    ttl = Math.min(ttl, untilExpiry);
  }
  return ttl > 0 ? ttl : undefined;
}

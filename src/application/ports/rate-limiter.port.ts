// Counting of requests per key (hashed API key, or client IP for public endpoints).
export interface RateDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Milliseconds until the window resets. */
  resetMs: number;
}

export interface RateLimiter {
  /** A decision at once when counted in process; a promise of one when counted elsewhere (Redis). */
  consume(key: string, points: number): RateDecision | Promise<RateDecision>;
}

/** Limits `/api/v1` per API key. */
export const API_RATE_LIMITER = Symbol('ApiRateLimiter');
/** Limits the public endpoints (`/oembed`, `/v/`) per client IP. */
export const PUBLIC_RATE_LIMITER = Symbol('PublicRateLimiter');

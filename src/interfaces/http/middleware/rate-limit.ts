// Applies a rate limiter to a request: RateLimit-* headers on every limited response, 429 with an
// integer Retry-After (at least 1 s) when the key is out of points. The 429 and the headers are
// written from here by both doors (this middleware, and the hot path in front of Koa).
import type { Context, Middleware } from 'koa';
import type { RateDecision, RateLimiter } from '../../../application/ports/rate-limiter.port.js';
import { errorBody, type ErrorBody } from '../error-codes.js';

/** The API's limiter key of a caller (AuthState.callerId): one count per API key, whichever door. */
export function callerLimitKey(callerId: string): string {
  return `api:${callerId}`;
}

/** Whole seconds until the window resets, at least 1 (Retry-After may not be fractional or 0). */
export function resetSeconds(decision: RateDecision): number {
  return Math.max(1, Math.ceil(decision.resetMs / 1000));
}

/** The RateLimit-* headers of a decision, and Retry-After when it refuses. */
export function rateLimitHeaders(decision: RateDecision): Record<string, string> {
  const seconds = String(resetSeconds(decision));
  const headers: Record<string, string> = {
    'RateLimit-Limit': String(decision.limit),
    'RateLimit-Remaining': String(Math.max(0, decision.remaining)),
    'RateLimit-Reset': seconds,
  };
  if (!decision.allowed) headers['Retry-After'] = seconds;
  return headers;
}

/** The body of the 429 a refused decision is answered with. */
export function rateLimitRefusal(decision: RateDecision): ErrorBody {
  return errorBody('RATE_LIMITED', `Rate limit exceeded (${decision.limit} requests per window); retry in ${resetSeconds(decision)} s.`);
}

export function rateLimit(limiter: RateLimiter, keyOf: (ctx: Context) => string, pointsOf: (ctx: Context) => number = () => 1): Middleware {
  return async (ctx, next) => {
    const decision = await limiter.consume(keyOf(ctx), pointsOf(ctx));
    ctx.set(rateLimitHeaders(decision));
    if (!decision.allowed) {
      ctx.status = 429;
      ctx.body = rateLimitRefusal(decision);
      return;
    }
    await next();
  };
}

// Applies a rate limiter to a request: RateLimit-* headers on every limited response, 429 with an
// integer Retry-After (at least 1 s) when the key is out of points.
import type { IncomingMessage } from 'node:http';
import type { Context, Middleware } from 'koa';
import type { RateDecision, RateLimiter } from '../../../application/ports/rate-limiter.port.js';

/** Whole seconds until the window resets, at least 1 (Retry-After may not be fractional or 0). */
export function resetSeconds(decision: RateDecision): number {
  return Math.max(1, Math.ceil(decision.resetMs / 1000));
}

/** The RateLimit-* headers of a decision, as [name, value] pairs. */
export function rateLimitHeaders(decision: RateDecision): [string, string][] {
  return [
    ['RateLimit-Limit', String(decision.limit)],
    ['RateLimit-Remaining', String(Math.max(0, decision.remaining))],
    ['RateLimit-Reset', String(resetSeconds(decision))],
  ];
}

/**
 * Decisions already taken for a request by the hot path (hot-path.ts) before it handed the request
 * on: the limiter that took it answers from here instead of counting the request twice.
 */
const decided = new WeakMap<IncomingMessage, { limiter: RateLimiter; decision: RateDecision }>();

export function handOnDecision(req: IncomingMessage, limiter: RateLimiter, decision: RateDecision): void {
  decided.set(req, { limiter, decision });
}

export function rateLimit(limiter: RateLimiter, keyOf: (ctx: Context) => string, pointsOf: (ctx: Context) => number = () => 1): Middleware {
  return async (ctx, next) => {
    const taken = decided.get(ctx.req);
    const decision = taken?.limiter === limiter ? taken.decision : await limiter.consume(keyOf(ctx), pointsOf(ctx));
    for (const [name, value] of rateLimitHeaders(decision)) ctx.set(name, value);
    if (!decision.allowed) {
      const seconds = resetSeconds(decision);
      ctx.status = 429;
      ctx.set('Retry-After', String(seconds));
      ctx.body = { error: `Rate limit exceeded; retry in ${seconds} s.` };
      return;
    }
    await next();
  };
}

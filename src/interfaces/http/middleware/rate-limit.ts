// Applies a rate limiter to a request: RateLimit-* headers on every limited response, 429 with an
// integer Retry-After (at least 1 s) when the key is out of points.
import type { Context, Middleware } from 'koa';
import type { RateLimiter } from '../../../application/ports/rate-limiter.port.js';

export function rateLimit(limiter: RateLimiter, keyOf: (ctx: Context) => string, pointsOf: (ctx: Context) => number = () => 1): Middleware {
  return async (ctx, next) => {
    const decision = await limiter.consume(keyOf(ctx), pointsOf(ctx));
    const resetSeconds = Math.max(1, Math.ceil(decision.resetMs / 1000));
    ctx.set('RateLimit-Limit', String(decision.limit));
    ctx.set('RateLimit-Remaining', String(Math.max(0, decision.remaining)));
    ctx.set('RateLimit-Reset', String(resetSeconds));
    if (!decision.allowed) {
      ctx.status = 429;
      ctx.set('Retry-After', String(resetSeconds));
      ctx.body = { error: `Rate limit exceeded; retry in ${resetSeconds} s.` };
      return;
    }
    await next();
  };
}

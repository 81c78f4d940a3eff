// Fixed-window request counting: in Redis with rate-limiter-flexible when a client is given, so
// every instance counts one key together (docs/design.md §6, §11); in process memory otherwise, with the
// same windows counted synchronously (fixed-window.ts).
import type { CircuitBreakerPolicy } from 'cockatiel';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { Logger } from '../../application/ports/logger.port.js';
import type { RateDecision, RateLimiter } from '../../application/ports/rate-limiter.port.js';
import { FixedWindowCounter } from './fixed-window.js';
import { createRedisBreaker, describeError, extraDeadline, guardedRedisCall, throttledWarn, type RedisClient } from '../cache/redis-client.js';

export interface FlexibleRateLimiterOptions {
  /** Points per window and window length, e.g. RATE_LIMIT_POINTS and RATE_LIMIT_DURATION. */
  points: number;
  durationSeconds: number;
  /** Keeps separate limiters apart in Redis: keys are `{keyPrefix}rl:{name}:{key}`. */
  name: string;
  /** REDIS_KEY_PREFIX. */
  keyPrefix: string;
  /** Count in Redis through this client (one server, Sentinel or a cluster: a key is one slot); omitted, count in memory. */
  redis?: RedisClient;
  /** Shared with the Redis cache when given; otherwise the limiter has its own. */
  breaker?: CircuitBreakerPolicy;
  /** Upper bound on one Redis round trip even if the client has no commandTimeout. */
  commandDeadlineMs?: number;
}

/**
 * When Redis fails (error, timeout, or its breaker is open) the request is counted by the in-memory
 * insurance limiter instead — not waved through and not refused — so an outage neither lifts every
 * limit nor blocks all traffic; each instance then counts on its own. The adapter applies the
 * insurance itself rather than through the library's `insuranceLimiter` option because it must see
 * the store errors: to log them and to trip the breaker, without which a frozen Redis would cost
 * every request a command timeout. The limiter never throws; counted in memory, it answers at once
 * (no promise), which the hot path (interfaces/http/hot-path.ts) uses.
 */
export class FlexibleRateLimiter implements RateLimiter {
  private readonly memory: FixedWindowCounter;
  private readonly store?: RateLimiterRedis;
  private readonly breaker: CircuitBreakerPolicy;
  private readonly warn: (fields: object, message: string) => void;
  private readonly points: number;
  private readonly durationMs: number;
  private readonly commandDeadlineMs: number | undefined;

  constructor(options: FlexibleRateLimiterOptions, logger: Logger) {
    this.points = options.points;
    this.durationMs = options.durationSeconds * 1000;
    this.memory = new FixedWindowCounter(this.durationMs);
    // rejectIfRedisNotReady: while disconnected, fail at once instead of trying the socket.
    if (options.redis) {
      this.store = new RateLimiterRedis({
        points: options.points,
        duration: options.durationSeconds,
        keyPrefix: `${options.keyPrefix}rl:${options.name}`,
        storeClient: options.redis,
        rejectIfRedisNotReady: true,
      });
    }
    this.breaker = options.breaker ?? createRedisBreaker();
    this.warn = throttledWarn(logger);
    this.commandDeadlineMs = options.redis ? extraDeadline(options.redis, options.commandDeadlineMs ?? 250) : undefined;
  }

  consume(key: string, points: number): RateDecision | Promise<RateDecision> {
    return this.store ? this.consumeInRedis(this.store, key, points) : this.consumeInMemory(key, points);
  }

  private async consumeInRedis(store: RateLimiterRedis, key: string, points: number): Promise<RateDecision> {
    // A refusal is an answer, not a failure: returned as a value so the breaker counts it a success.
    const result = await guardedRedisCall(
      this.breaker,
      () => store.consume(key, points).catch(refusalAsValue),
      this.commandDeadlineMs,
      'redis rate limiter',
      (error) => this.warn({ err: describeError(error) }, 'redis rate limiter failed; counting in memory'),
    );
    return result.ok ? this.decide(result.value) : this.consumeInMemory(key, points);
  }

  private consumeInMemory(key: string, points: number): RateDecision {
    const { consumed, msLeft } = this.memory.count(key, points);
    return { allowed: consumed <= this.points, limit: this.points, remaining: Math.max(0, this.points - consumed), resetMs: Math.max(0, msLeft) };
  }

  private decide(res: RateLimiterRes | Refusal): RateDecision {
    const refused = res instanceof Refusal;
    const r = refused ? res.res : res;
    return {
      allowed: !refused,
      limit: this.points,
      remaining: Math.max(0, r.remainingPoints),
      // Exact milliseconds: Retry-After is derived as max(1, ceil(resetMs / 1000)).
      resetMs: Math.max(0, Math.ceil(r.msBeforeNext)),
    };
  }
}

/** rate-limiter-flexible rejects with a RateLimiterRes when over the limit. */
class Refusal {
  constructor(readonly res: RateLimiterRes) {}
}

function refusalAsValue(error: unknown): Refusal {
  if (error instanceof RateLimiterRes) return new Refusal(error);
  throw error;
}

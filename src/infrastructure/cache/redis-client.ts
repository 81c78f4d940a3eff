// The one ioredis client shared by the Redis cache and the Redis rate limiter, tuned so that a dead
// or frozen Redis costs a request at most one short command timeout (DESIGN §8, §13), plus the
// circuit breaker and throttled warning both Redis adapters put in front of it.
import { Redis } from 'ioredis';
import { BrokenCircuitError, circuitBreaker, CircuitState, ConsecutiveBreaker, handleAll, type CircuitBreakerPolicy } from 'cockatiel';
import type { Logger } from '../../application/ports/logger.port.js';

/** A command that has not answered by then is failed; the caller treats it as a miss. */
export const REDIS_COMMAND_TIMEOUT_MS = 150;
/** Reconnect attempts back off up to this interval, forever, so the cache returns with Redis. */
export const REDIS_RECONNECT_MAX_MS = 1000;

export function createRedisClient(url: string, logger: Logger): Redis {
  const warn = throttledWarn(logger);
  const client = new Redis(url, {
    // Without a connection a command fails at once instead of queueing (ioredis' default queue
    // held a GET ~73 s with Redis down).
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    // Commands issued in the same tick share one write and one round trip: under load the rate
    // limiter's and the cache's calls of many requests go out together (bench P2).
    enableAutoPipelining: true,
    connectTimeout: 1000,
    // Connect at construction: the first requests should not pay for the handshake.
    lazyConnect: false,
    // Returning a number keeps ioredis reconnecting; it never gives up (null would end the client).
    retryStrategy: (attempt) => Math.min(50 * 2 ** Math.min(attempt, 10), REDIS_RECONNECT_MAX_MS),
  });
  // Without an 'error' listener ioredis prints every connection error; reconnects make them many.
  client.on('error', (error: Error) => warn({ err: describeError(error) }, 'redis connection error'));
  client.on('ready', () => logger.info({}, 'redis connection ready'));
  return client;
}

/** Breaker settings for Redis: open after 3 consecutive failures, probe again after 1 s. */
export const REDIS_BREAKER_THRESHOLD = 3;
export const REDIS_BREAKER_HALF_OPEN_AFTER_MS = 1000;

/**
 * A breaker in front of Redis: with Redis frozen, every command would otherwise still cost its
 * timeout (§13 measured ~320 req/s). The cache and the limiter may share one (one view of Redis).
 */
export function createRedisBreaker(
  threshold = REDIS_BREAKER_THRESHOLD,
  halfOpenAfterMs = REDIS_BREAKER_HALF_OPEN_AFTER_MS,
): CircuitBreakerPolicy {
  return circuitBreaker(handleAll, { halfOpenAfter: halfOpenAfterMs, breaker: new ConsecutiveBreaker(threshold) });
}

/**
 * Runs one Redis call through the breaker, bounded by a deadline (undefined: the client's own). While a half-open probe is in
 * flight the call is skipped (cockatiel would make it wait for the probe), so every request but the
 * probe stays fast. `onFailure` hears of real failures only: an open breaker is the expected,
 * already-reported state.
 */
export async function guardedRedisCall<T>(
  breaker: CircuitBreakerPolicy,
  command: () => Promise<T>,
  deadlineMs: number | undefined,
  what: string,
  onFailure: (error: unknown) => void,
): Promise<{ ok: true; value: T } | { ok: false }> {
  if (breaker.state === CircuitState.HalfOpen) return { ok: false };
  try {
    return { ok: true, value: await breaker.execute(() => (deadlineMs === undefined ? command() : withDeadline(command(), deadlineMs, what))) };
  } catch (error) {
    if (!(error instanceof BrokenCircuitError)) onFailure(error);
    return { ok: false };
  }
}

/**
 * The deadline a call needs on top of the client's own: none when the client's commandTimeout
 * already ends the command sooner (createRedisClient's does). A second timer and a Promise.race per
 * command were measurable under load (bench P2); a client without a commandTimeout keeps the guard.
 */
export function extraDeadline(client: Redis, deadlineMs: number): number | undefined {
  const own = client.options.commandTimeout;
  return own !== undefined && own > 0 && own <= deadlineMs ? undefined : deadlineMs;
}

/**
 * A warn that writes at most one line per message per interval, carrying how many were suppressed:
 * an outage makes every request fail, and a line per request would drown the log.
 */
export function throttledWarn(logger: Logger, intervalMs = 10_000): (fields: object, message: string) => void {
  const last = new Map<string, { at: number; suppressed: number }>();
  return (fields, message) => {
    try {
      const now = Date.now();
      const seen = last.get(message);
      if (seen && now - seen.at < intervalMs) {
        seen.suppressed++;
        return;
      }
      last.set(message, { at: now, suppressed: 0 });
      logger.warn({ ...fields, suppressed: seen?.suppressed ?? 0 }, message);
    } catch {
      // Logging must never break the caller (this runs inside event handlers and fail-open paths).
    }
  };
}

export function describeError(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

/** Rejects when `promise` has not settled within `ms` — a guard independent of client settings. */
export function withDeadline<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms);
    timer.unref();
  });
  // The loser of the race may still reject later; keep that from becoming an unhandled rejection.
  promise.catch(() => undefined);
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}

// The shared cache: JSON values in Redis under REDIS_KEY_PREFIX. Fails open — every error is a
// miss or a no-op, logged at most once per interval — and skips Redis through a circuit breaker
// once it stops answering, so a frozen Redis does not cost every request a command timeout.
import { CircuitState, type CircuitBreakerPolicy } from 'cockatiel';
import type { Cache } from '../../application/ports/cache.port.js';
import type { Logger } from '../../application/ports/logger.port.js';
import { createRedisBreaker, describeError, extraDeadline, guardedRedisCall, throttledWarn, withDeadline, type RedisClient } from './redis-client.js';
import { WriteProbe } from './redis-write-probe.js';

export interface RedisCacheOptions {
  /** Handed over: `close()` ends it. One server, Sentinel or a cluster. */
  client: RedisClient;
  /** REDIS_KEY_PREFIX. */
  keyPrefix: string;
  /** Shared with the rate limiter when given; otherwise the cache has its own. */
  breaker?: CircuitBreakerPolicy;
  /** Upper bound on one command even if the client has no commandTimeout. */
  commandDeadlineMs?: number;
  /** `isReachable()` answers false when its write probe takes longer. */
  probeDeadlineMs?: number;
}

export class RedisCache implements Cache {
  readonly backend = 'redis' as const;
  private readonly client: RedisClient;
  private readonly prefix: string;
  private readonly breaker: CircuitBreakerPolicy;
  private readonly warn: (fields: object, message: string) => void;
  private readonly commandDeadlineMs: number | undefined;
  private readonly probeDeadlineMs: number | undefined;
  private readonly probe: WriteProbe;

  constructor(options: RedisCacheOptions, logger: Logger) {
    this.client = options.client;
    this.prefix = options.keyPrefix;
    this.breaker = options.breaker ?? createRedisBreaker();
    this.warn = throttledWarn(logger);
    this.commandDeadlineMs = extraDeadline(this.client, options.commandDeadlineMs ?? 250);
    this.probeDeadlineMs = extraDeadline(this.client, options.probeDeadlineMs ?? 500);
    this.probe = new WriteProbe(this.client, this.prefix);
  }

  async get(key: string): Promise<unknown> {
    const text = await this.run('get', () => this.client.get(this.prefix + key));
    if (text === undefined || text === null) return undefined;
    try {
      return JSON.parse(text);
    } catch {
      // Not ours or damaged: a miss, and removed so the next write starts clean.
      this.warn({ op: 'get' }, 'redis cache value is not JSON; treated as a miss');
      void this.delete(key);
      return undefined;
    }
  }

  async set(key: string, value: unknown, ttlSeconds: number): Promise<boolean> {
    const text = JSON.stringify(value);
    if (text === undefined) return false; // undefined and functions have no JSON form: nothing to store
    const ttl = Math.max(1, Math.ceil(ttlSeconds));
    // False when Redis did not take it (down, breaker open, read-only): the near cache then keeps it.
    return (await this.run('set', () => this.client.set(this.prefix + key, text, 'EX', ttl))) === 'OK';
  }

  async delete(key: string): Promise<void> {
    await this.run('delete', () => this.client.del(this.prefix + key));
  }

  async isReachable(): Promise<boolean> {
    if (this.client.status !== 'ready' || this.breaker.state === CircuitState.HalfOpen) return false;
    // A write, not a PING: a read-only server (a demoted master) answers PING but takes no cache
    // write and no rate-limit count (redis-write-probe.ts). Through the breaker: open → false at
    // once; due for a probe → this one is it, so the liveness poll alone brings the cache back.
    return (await this.run('probe', () => this.probe.run(), this.probeDeadlineMs)) === true;
  }

  async close(): Promise<void> {
    try {
      if (this.client.status === 'ready') await withDeadline(this.client.quit(), 500, 'redis QUIT');
    } catch {
      // A frozen or vanished Redis: fall through to dropping the socket.
    } finally {
      this.client.disconnect();
    }
  }

  /** Runs one command through the breaker with a deadline; any failure becomes `undefined`. */
  private async run<T>(op: string, command: () => Promise<T>, deadlineMs = this.commandDeadlineMs): Promise<T | undefined> {
    const result = await guardedRedisCall(this.breaker, command, deadlineMs, `redis ${op}`, (error) =>
      this.warn({ op, err: describeError(error) }, 'redis cache call failed; treated as a miss'),
    );
    return result.ok ? result.value : undefined;
  }
}

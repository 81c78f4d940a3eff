// The shared (Redis) cache with a small in-process copy in front. A hot entry is then read from
// Redis about once a second per instance rather than on every request: each read costs a round
// trip, a JSON parse and its validation, and under load (bench P2) the garbage of a parsed card per
// request was a third of the process's time. What another instance writes is seen within that
// second; writes and deletes of this instance reach both at once.
import type { Cache } from '../../application/ports/cache.port.js';
import { MemoryCache } from './memory.cache.js';

/** How long an instance answers from its own copy before asking the shared cache again. */
export const NEAR_CACHE_TTL_SECONDS = 1;

export interface NearCacheOptions {
  /** Bounds the in-process copies (CACHE_MAX_ENTRIES). */
  maxEntries: number;
  ttlSeconds?: number;
}

export class NearCache implements Cache {
  private readonly near: MemoryCache;
  private readonly ttlSeconds: number;

  constructor(
    private readonly shared: Cache,
    options: NearCacheOptions,
  ) {
    this.near = new MemoryCache({ maxEntries: options.maxEntries });
    this.ttlSeconds = options.ttlSeconds ?? NEAR_CACHE_TTL_SECONDS;
  }

  get kind(): Cache['kind'] {
    return this.shared.kind;
  }

  peek(key: string): unknown {
    return this.near.peek(key);
  }

  async get(key: string): Promise<unknown> {
    const near = this.near.peek(key);
    if (near !== undefined) return near;
    const value = await this.shared.get(key);
    if (value === undefined) return undefined;
    await this.near.set(key, value, this.ttlSeconds);
    // The near copy (frozen, the same object until it expires) rather than the parsed value.
    return this.near.get(key);
  }

  async set(key: string, value: unknown, ttlSeconds: number): Promise<void> {
    await this.near.set(key, value, Math.min(ttlSeconds, this.ttlSeconds));
    await this.shared.set(key, value, ttlSeconds);
  }

  async delete(key: string): Promise<void> {
    await this.near.delete(key);
    await this.shared.delete(key);
  }

  isReachable(): Promise<boolean> {
    return this.shared.isReachable();
  }

  async close(): Promise<void> {
    await this.near.close();
    await this.shared.close();
  }
}

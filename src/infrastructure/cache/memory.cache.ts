// The in-process cache used when no REDIS_URL is set: an LRU bounded by CACHE_MAX_ENTRIES with a
// TTL per entry.
import { LRUCache } from 'lru-cache';
import type { Cache } from '../../application/ports/cache.port.js';

export interface MemoryCacheOptions {
  maxEntries: number;
}

/**
 * Values are stored as deep-frozen copies made through JSON: mutating what was passed to `set` cannot
 * reach the cache, and what `get` returns cannot be mutated at all. It is the same object on every
 * hit, so a hit costs no parse, and the use case validates it once (cached-result.ts) and may reuse
 * what it made of it. The JSON round trip makes values come back exactly as they do from Redis
 * (Dates become strings, undefined fields vanish), so both adapters behave the same.
 */
export class MemoryCache implements Cache {
  readonly kind = 'memory' as const;
  private readonly entries: LRUCache<string, { value: unknown }>;

  constructor(options: MemoryCacheOptions) {
    this.entries = new LRUCache<string, { value: unknown }>({ max: options.maxEntries });
  }

  async get(key: string): Promise<unknown> {
    return this.peek(key);
  }

  peek(key: string): unknown {
    return this.entries.get(key)?.value;
  }

  async set(key: string, value: unknown, ttlSeconds: number): Promise<void> {
    const text = JSON.stringify(value);
    if (text === undefined) return; // undefined and functions have no JSON form: nothing to store
    // Boxed: the LRU takes no null, and a short link's expansion is a bare string.
    this.entries.set(key, { value: deepFreeze(JSON.parse(text) as unknown) }, { ttl: Math.max(1, Math.ceil(ttlSeconds)) * 1000 });
  }

  async delete(key: string): Promise<void> {
    this.entries.delete(key);
  }

  async isReachable(): Promise<boolean> {
    return true;
  }

  async close(): Promise<void> {
    this.entries.clear();
  }
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

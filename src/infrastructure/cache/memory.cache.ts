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
  readonly backend = 'memory' as const;
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

  async set(key: string, value: unknown, ttlSeconds: number): Promise<boolean> {
    const copy = frozenCopy(value);
    if (copy === undefined) return false;
    this.entries.set(key, copy, { ttl: ttlMs(ttlSeconds) });
    return true;
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

/**
 * What an in-process cache stores for `value`: a deep-frozen copy made through JSON, boxed (an LRU
 * takes no null); undefined when the value has no JSON form (undefined, a function): nothing to store.
 */
export function frozenCopy(value: unknown): { value: unknown } | undefined {
  const text = JSON.stringify(value);
  return text === undefined ? undefined : { value: deepFreeze(JSON.parse(text) as unknown) };
}

/** A cache TTL in whole seconds, at least one, as the LRU's milliseconds (Redis' EX rounds alike). */
export function ttlMs(ttlSeconds: number): number {
  return Math.max(1, Math.ceil(ttlSeconds)) * 1000;
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

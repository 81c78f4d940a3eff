// The shared (Redis) cache with an in-process cache in front (docs/design.md §8).
//
// Normally it holds a one-second copy of what it reads or writes: a hot entry is then read from
// Redis about once a second per instance rather than on every request (each read costs a round
// trip, a JSON parse and its validation, and under load, bench P2, the garbage of a parsed card per
// request was a third of the process's time). What another instance writes is seen within that
// second; writes and deletes of this instance reach both at once.
//
// When the shared cache does not take a write (Redis down, its breaker open, a read-only master),
// the in-process cache is the whole cache: the entry is kept for its full TTL, so an outage does not
// make every instance fetch a hot post upstream once a second. Such a copy is this instance's only
// one, so about once a second a read of it looks at the shared cache again; once that answers, the
// cache is shared again at once: a value there wins (another instance wrote it since), otherwise the
// kept copy is written back with its remaining TTL, and either way it is a one-second copy again.
import { LRUCache } from 'lru-cache';
import type { Cache } from '../../application/ports/cache.port.js';
import { frozenCopy, ttlMs } from './memory.cache.js';

/** How long an instance answers from its own copy before asking the shared cache again. */
export const NEAR_CACHE_TTL_SECONDS = 1;

export interface NearCacheOptions {
  /** Bounds the in-process entries, near copies and kept ones together (CACHE_MAX_ENTRIES). */
  maxEntries: number;
  ttlSeconds?: number;
}

interface LocalEntry {
  /** Deep-frozen (memory.cache.ts): the same object on every hit. */
  value: unknown;
  /** Only on a copy the shared cache did not take: when a read next looks at the shared cache (performance.now()). */
  recheckAt?: number;
}

export class NearCache implements Cache {
  private readonly local: LRUCache<string, LocalEntry>;
  private readonly ttlSeconds: number;

  constructor(
    private readonly shared: Cache,
    options: NearCacheOptions,
  ) {
    this.local = new LRUCache<string, LocalEntry>({ max: options.maxEntries });
    this.ttlSeconds = options.ttlSeconds ?? NEAR_CACHE_TTL_SECONDS;
  }

  get backend(): Cache['backend'] {
    return this.shared.backend;
  }

  /** A kept copy due for a look at the shared cache is not given here, so the caller's `get` looks. */
  peek(key: string): unknown {
    const entry = this.local.get(key);
    return entry && !this.recheckDue(entry) ? entry.value : undefined;
  }

  async get(key: string): Promise<unknown> {
    const entry = this.local.get(key);
    if (entry && !this.recheckDue(entry)) return entry.value;
    if (entry) return this.recheck(key, entry);
    const value = await this.shared.get(key);
    if (value === undefined) return undefined;
    const copy = frozenCopy(value);
    return copy && this.put(key, copy.value, this.ttlSeconds).value;
  }

  async set(key: string, value: unknown, ttlSeconds: number): Promise<boolean> {
    const copy = frozenCopy(value);
    if (copy === undefined) return false;
    // The copy first: this instance sees its own write before the round trip ends.
    const near = this.put(key, copy.value, Math.min(ttlSeconds, this.ttlSeconds));
    if (await this.shared.set(key, value, ttlSeconds)) return true;
    // Not taken: kept here for the whole TTL, unless another write of this instance replaced it meanwhile.
    if (this.local.peek(key) === near) this.put(key, copy.value, ttlSeconds, true);
    return true;
  }

  async delete(key: string): Promise<void> {
    this.local.delete(key);
    await this.shared.delete(key);
  }

  isReachable(): Promise<boolean> {
    return this.shared.isReachable();
  }

  async close(): Promise<void> {
    this.local.clear();
    await this.shared.close();
  }

  private recheckDue(entry: LocalEntry): boolean {
    return entry.recheckAt !== undefined && performance.now() >= entry.recheckAt;
  }

  /** A read of a kept copy, due for a look at the shared cache. */
  private async recheck(key: string, kept: LocalEntry): Promise<unknown> {
    // Claimed at once: readers meanwhile answer from the copy rather than each asking too.
    kept.recheckAt = performance.now() + this.ttlSeconds * 1000;
    const remainingSeconds = this.local.getRemainingTTL(key) / 1000;
    const current = await this.shared.get(key);
    const sharedAgain = current !== undefined || (await this.shared.set(key, kept.value, remainingSeconds));
    // Still not shared, or a write of this instance replaced the copy meanwhile: answer what is held.
    const held = this.local.peek(key);
    if (!sharedAgain || held !== kept) return held === undefined ? kept.value : held.value;
    if (current === undefined) return this.put(key, kept.value, Math.min(remainingSeconds, this.ttlSeconds)).value;
    const copy = frozenCopy(current);
    return copy && this.put(key, copy.value, this.ttlSeconds).value;
  }

  /** `onlyHere`: the shared cache does not hold it, so reads look there again about once a near TTL. */
  private put(key: string, frozen: unknown, ttlSeconds: number, onlyHere = false): LocalEntry {
    const entry: LocalEntry = onlyHere ? { value: frozen, recheckAt: performance.now() + this.ttlSeconds * 1000 } : { value: frozen };
    this.local.set(key, entry, { ttl: ttlMs(ttlSeconds) });
    return entry;
  }
}

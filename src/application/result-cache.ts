// Resolve results in the cache (docs/design.md §8): read and validated (a misfit is dropped), answered while
// fresh, kept past that for stale-if-error and re-armed when it answers for a failed upstream, and
// stored for as long as the cache policy says.
import { cacheLifetime, isFresh, isUsable, jitterUnit, rearmedTimes } from '../domain/cache-policy.js';
import type { DegradedOutcome, OkOutcome } from '../domain/outcome.js';
import { readCachedResult, type CachedResult } from './cached-result.js';
import type { Cache } from './ports/cache.port.js';
import type { Clock } from './ports/clock.port.js';
import type { Logger } from './ports/logger.port.js';
import { forRequest } from './request-log.js';
import type { Settings } from './settings.js';

/** An entry that answers, and its outcome as a cache hit answers it. */
export interface Hit {
  entry: CachedResult;
  result: (OkOutcome | DegradedOutcome) & { cacheHit: true };
}

export class ResultCache {
  /**
   * What was made of each deep-frozen value the store gave (the in-process caches give the same
   * object on every hit, see Cache.get): validated, and its answer made, once. Such a hit is
   * deep-frozen itself, so whoever answers with it may keep what it makes of it too.
   */
  private readonly hits = new WeakMap<object, Hit>();

  constructor(
    private readonly cache: Cache,
    private readonly clock: Clock,
    private readonly logger: Logger,
    private readonly settings: Pick<Settings, 'cacheTtlOk' | 'cacheTtlDegraded' | 'staleIfErrorSeconds'>,
  ) {}

  /** A fresh hit this process holds, given without waiting (Cache.peek); undefined: `fresh` tells. */
  held(key: string, requestId: string | undefined): Hit | undefined {
    return this.freshOnly(this.hitOf(key, this.cache.peek?.(key), requestId));
  }

  /** A fresh hit read from the store. */
  async fresh(key: string, requestId: string | undefined): Promise<Hit | undefined> {
    return this.freshOnly(this.hitOf(key, await this.cache.get(key), requestId));
  }

  /**
   * After an upstream failure: the `ok` entry still in the cache, fresh or inside its stale-if-error
   * window, which then answers instead of the failure (and is not overwritten by it). A stale one is
   * re-armed to answer as a hit for as long as the failure would have been cached, so the upstream
   * is not asked again for that post meanwhile.
   */
  async stale(key: string, requestId: string | undefined): Promise<Hit | undefined> {
    const hit = this.hitOf(key, await this.cache.get(key), requestId);
    const now = this.clock.now();
    if (hit?.entry.outcome.status !== 'ok' || !isUsable(hit.entry, now)) return undefined;
    const { entry } = hit;
    if (!isFresh(entry, now) && entry.staleUntil !== undefined) {
      const rearmed = rearmedTimes(entry.staleUntil, now, this.settings.cacheTtlDegraded);
      if (rearmed) void this.cache.set(key, { ...entry, freshUntil: rearmed.freshUntil }, rearmed.keepSeconds);
    }
    return hit;
  }

  /** Stores a fetched entry for as long as the cache policy says, fresh and then stale (ok only). */
  store(key: string, entry: CachedResult): void {
    const now = this.clock.now();
    const ttl = { okTtlSeconds: this.settings.cacheTtlOk, degradedTtlSeconds: this.settings.cacheTtlDegraded, staleIfErrorSeconds: this.settings.staleIfErrorSeconds };
    const life = cacheLifetime(entry.outcome, ttl, now, jitterUnit(key), entry.mediaExpiresAt);
    if (!life) return;
    const stored: CachedResult = { ...entry, freshUntil: now + life.freshSeconds * 1000 };
    if (life.keepSeconds > life.freshSeconds) stored.staleUntil = now + life.keepSeconds * 1000;
    // Not awaited: the answer never waits for the store (which fails open anyway).
    void this.cache.set(key, stored, life.keepSeconds);
  }

  private freshOnly(hit: Hit | undefined): Hit | undefined {
    return hit && isFresh(hit.entry, this.clock.now()) ? hit : undefined;
  }

  /** What a stored value holds (none: undefined); a value that fails validation is dropped, with a warning. */
  private hitOf(key: string, raw: unknown, requestId: string | undefined): Hit | undefined {
    if (raw === undefined) return undefined;
    const frozen = typeof raw === 'object' && raw !== null && Object.isFrozen(raw);
    const known = frozen ? this.hits.get(raw) : undefined;
    if (known) return known;
    const entry = readCachedResult(raw);
    if (!entry) {
      this.logger.warn(forRequest(requestId, { key }), 'cache entry failed validation; dropped');
      void this.cache.delete(key);
      return undefined;
    }
    const hit: Hit = { entry, result: { ...entry.outcome, cacheHit: true } };
    if (frozen) this.hits.set(raw, deepFreeze(hit));
    return hit;
  }
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

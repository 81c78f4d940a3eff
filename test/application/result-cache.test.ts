// The result cache (src/application/result-cache.ts) over the memory cache and over a store that
// parses anew on every read: what a stored value answers, what a misfit costs, and that the work
// made of a deep-frozen value (validation, the hit's answer) is done once.
import { expect } from 'chai';
import type { CachedResult } from '../../src/application/cached-result.js';
import type { Cache } from '../../src/application/ports/cache.port.js';
import { ResultCache } from '../../src/application/result-cache.js';
import { MemoryCache } from '../../src/infrastructure/cache/memory.cache.js';
import { collectingLogger } from '../support/redis.js';

const NOW = Date.parse('2026-01-01T00:00:00Z');
const KEY = 'r1:twitter:20';
const ENTRY: CachedResult = {
  outcome: { status: 'ok', platform: 'twitter', canonicalUrl: 'https://x.com/jack/status/20', kind: 'link', title: 'just setting up my twttr', siteName: 'X', themeColor: '#000000', nsfw: false, author: { name: 'jack', url: 'https://x.com/jack' } },
};
const SETTINGS = { cacheTtlOk: 3600, cacheTtlDegraded: 60 };

/** A store like Redis: nothing held in-process, and every read a new, mutable copy. */
function parsingCache(): Cache {
  const memory = new MemoryCache({ maxEntries: 10 });
  return {
    backend: 'redis',
    get: async (key) => {
      const value = await memory.get(key);
      return value === undefined ? undefined : JSON.parse(JSON.stringify(value));
    },
    set: (key, value, ttl) => memory.set(key, value, ttl),
    delete: (key) => memory.delete(key),
    isReachable: async () => true,
    close: () => memory.close(),
  };
}

function setup(cache: Cache = new MemoryCache({ maxEntries: 10 })) {
  const logger = collectingLogger();
  const clock = { now: () => NOW };
  return { cache, logger, results: new ResultCache(cache, clock, logger, SETTINGS) };
}

describe('result cache', () => {
  it('when an entry is stored, it is held (peek) and read (get) fresh, as a hit with cacheHit true', async () => {
    const { results } = setup();
    results.store(KEY, ENTRY);
    await new Promise((resolve) => setImmediate(resolve));
    const held = results.held(KEY, undefined);
    expect(held?.result).to.deep.equal({ ...ENTRY.outcome, cacheHit: true });
    expect(held?.entry.outcome).to.deep.equal(ENTRY.outcome);
    // CACHE_TTL_OK less its jitter (up to a tenth), then the stale-if-error hour.
    expect(held?.entry.freshUntil).to.be.within(NOW + 3240_000, NOW + 3600_000);
    expect(held!.entry.staleUntil! - held!.entry.freshUntil!).to.equal(3600_000);
    expect((await results.fresh(KEY, undefined))?.result).to.deep.equal(held?.result);
  });

  it('when the memory cache gives the same frozen value again, the hit is the same deep-frozen object (validated and made once)', async () => {
    const { results } = setup();
    results.store(KEY, ENTRY);
    await new Promise((resolve) => setImmediate(resolve));
    const first = results.held(KEY, undefined)!;
    const second = await results.fresh(KEY, undefined);
    expect(second).to.equal(first);
    expect(Object.isFrozen(first.result)).to.equal(true);
    expect(Object.isFrozen((first.result as { author: object }).author), 'nested too').to.equal(true);
    expect(Object.isFrozen(first.entry.outcome)).to.equal(true);
  });

  it('when the store parses anew on every read, each hit is its own mutable object', async () => {
    const { results } = setup(parsingCache());
    results.store(KEY, ENTRY);
    await new Promise((resolve) => setImmediate(resolve));
    expect(results.held(KEY, undefined), 'nothing held in-process').to.equal(undefined);
    const first = await results.fresh(KEY, undefined);
    const second = await results.fresh(KEY, undefined);
    expect(first?.result).to.deep.equal({ ...ENTRY.outcome, cacheHit: true });
    expect(second).to.not.equal(first);
    expect(Object.isFrozen(first!.result)).to.equal(false);
  });

  it('when a stored value fails validation, it is a miss, deleted, with one warning naming the key and the request', async () => {
    const { cache, logger, results } = setup();
    await cache.set(KEY, { outcome: { status: 'ok', platform: 'twitter' } }, 60);
    expect(results.held(KEY, 'req-result-cache-1')).to.equal(undefined);
    await new Promise((resolve) => setImmediate(resolve));
    expect(await cache.get(KEY), 'deleted').to.equal(undefined);
    const warnings = logger.lines.filter((line) => line.message === 'cache entry failed validation; dropped');
    expect(warnings.map((w) => w.fields)).to.deep.equal([{ key: KEY, reqId: 'req-result-cache-1' }]);
  });

  it('when an entry is past its freshness, it is no hit, but after an upstream failure it answers (stale) and is re-armed', async () => {
    const { cache, results } = setup();
    await cache.set(KEY, { ...ENTRY, freshUntil: NOW - 1, staleUntil: NOW + 600_000 }, 600);
    expect(results.held(KEY, undefined)).to.equal(undefined);
    expect(await results.fresh(KEY, undefined)).to.equal(undefined);
    const stale = await results.stale(KEY, undefined);
    expect(stale?.result).to.deep.equal({ ...ENTRY.outcome, cacheHit: true });
    await new Promise((resolve) => setImmediate(resolve));
    expect((await results.fresh(KEY, undefined))?.entry.freshUntil, 're-armed for the degraded TTL').to.equal(NOW + 60_000);
  });
});

// Stale-if-error: an `ok` entry past its freshness but inside its stale window answers (cacheHit
// true) when the upstream fails or the breaker is open, and is re-armed so the upstream is not
// asked again at once; truthful answers about the post and fresh cards replace it. Run against the
// memory cache and a real Redis, with a movable clock for the logical times.
import { expect } from 'chai';
import type { Redis } from 'ioredis';
import nock from 'nock';
import type { AdapterResult } from '../../src/application/ports/platform-adapter.port.js';
import type { Cache } from '../../src/application/ports/cache.port.js';
import type { Reason } from '../../src/domain/reasons.js';
import { MemoryCache } from '../../src/infrastructure/cache/memory.cache.js';
import { createRedisClient } from '../../src/infrastructure/cache/redis-client.js';
import { RedisCache } from '../../src/infrastructure/cache/redis.cache.js';
import { q, TestApp } from '../support/app.js';
import { appView, postUrl as blueskyPost, thread } from '../support/bluesky.js';
import { collectingLogger, deleteKeys, describeWithRedis, eventually, REDIS_URL, sleep, uniquePrefix } from '../support/redis.js';
import { card, postUrl, scripted, type Scripted } from '../support/scripted-resolve.js';

const NOW = 1_800_000_000_000;
const HOUR = 3_600_000;
const KEY = 'r1:twitter:1';

function staleSuite(makeCache: () => Promise<Cache>, ttlOf?: (key: string) => Promise<number>) {
  let answer: AdapterResult;
  let s: Scripted;
  let cache: Cache;

  beforeEach(async () => {
    answer = card('first');
    cache = await makeCache();
    s = scripted(async () => answer, { cache, startAt: NOW, guard: { threshold: 3 } });
  });
  afterEach(async () => {
    await cache.close();
  });

  /** Resolves post 1 once (ok, stored), then moves the clock just past its freshness. */
  async function cachedThenExpired() {
    const first = await s.resolve(postUrl(1));
    expect(first).to.include({ status: 'ok', title: 'first', cacheHit: false });
    // The memory store is synchronous behind a promise; Redis takes a round trip.
    expect(await eventually(async () => (await cache.get(KEY)) !== undefined, 2000)).to.equal(true);
    s.clock.advance(HOUR + 1000);
    return first;
  }

  it('when a fresh entry is stored, it carries freshUntil within the jittered TTL and staleUntil an hour later, and the store keeps it that long', async () => {
    await s.resolve(postUrl(1));
    expect(await eventually(async () => (await cache.get(KEY)) !== undefined, 2000)).to.equal(true);
    const stored = (await cache.get(KEY)) as { freshUntil: number; staleUntil: number };
    expect(stored.freshUntil).to.be.within(NOW + 0.9 * HOUR, NOW + HOUR);
    expect(stored.staleUntil - stored.freshUntil).to.equal(HOUR);
    if (ttlOf) {
      const seconds = await ttlOf(KEY);
      expect(seconds).to.be.within((stored.staleUntil - NOW) / 1000 - 5, (stored.staleUntil - NOW) / 1000);
    }
  });

  for (const reason of ['upstream-error', 'timeout', 'blocked', 'rate-limited'] as Reason[]) {
    it(`when the entry is past its freshness and the upstream answers ${reason}, answers the stale card with cacheHit true`, async () => {
      const first = await cachedThenExpired();
      answer = { ok: false, reason };
      expect(await s.resolve(postUrl(1))).to.deep.equal({ ...first, cacheHit: true });
      expect(s.adapter.calls).to.equal(2);
    });
  }

  it('when the adapter throws, answers the stale card too', async () => {
    const first = await cachedThenExpired();
    s.adapter.script = async () => {
      throw new Error('socket hang up');
    };
    expect(await s.resolve(postUrl(1))).to.deep.equal({ ...first, cacheHit: true });
  });

  it('when a stale card has answered, it is re-armed: hits without an upstream request for CACHE_TTL_DEGRADED, then the upstream is tried again', async () => {
    const first = await cachedThenExpired();
    answer = { ok: false, reason: 'upstream-error' };
    await s.resolve(postUrl(1));
    expect(s.adapter.calls).to.equal(2);
    await eventually(async () => ((await cache.get(KEY)) as { freshUntil: number }).freshUntil > s.clock.now(), 2000);
    s.clock.advance(59_000);
    expect(await s.resolve(postUrl(1))).to.deep.equal({ ...first, cacheHit: true });
    expect(s.adapter.calls).to.equal(2);
    s.clock.advance(2000);
    answer = card('second');
    expect(await s.resolve(postUrl(1))).to.include({ status: 'ok', title: 'second', cacheHit: false });
    expect(s.adapter.calls).to.equal(3);
  });

  it('when the breaker is open, answers the stale card without an upstream request', async () => {
    const first = await cachedThenExpired();
    answer = { ok: false, reason: 'upstream-error' };
    for (const id of [2, 3, 4]) await s.resolve(postUrl(id));
    expect(await s.resolve(postUrl(5))).to.include({ reason: 'circuit-open' });
    const calls = s.adapter.calls;
    expect(await s.resolve(postUrl(1))).to.deep.equal({ ...first, cacheHit: true });
    expect(s.adapter.calls).to.equal(calls);
  });

  for (const reason of ['not-found', 'private'] as Reason[]) {
    it(`when the upstream says the post is ${reason}, answers that (the truth about the post), not the stale card, and caches it`, async () => {
      await cachedThenExpired();
      answer = { ok: false, reason };
      expect(await s.resolve(postUrl(1))).to.include({ status: 'degraded', reason, cacheHit: false });
      await eventually(async () => ((await cache.get(KEY)) as { outcome: { status: string } }).outcome.status === 'degraded', 2000);
      expect(await s.resolve(postUrl(1))).to.include({ status: 'degraded', reason, cacheHit: true });
      expect(s.adapter.calls).to.equal(2);
    });
  }

  it('when the upstream answers again, the new card replaces the stale one', async () => {
    await cachedThenExpired();
    answer = card('second');
    expect(await s.resolve(postUrl(1))).to.include({ status: 'ok', title: 'second', cacheHit: false });
    await eventually(async () => ((await cache.get(KEY)) as { outcome: { title: string } }).outcome.title === 'second', 2000);
    expect(await s.resolve(postUrl(1))).to.include({ status: 'ok', title: 'second', cacheHit: true });
  });

  it('when the stale window has passed too, answers the failure', async () => {
    await cachedThenExpired();
    s.clock.advance(HOUR);
    answer = { ok: false, reason: 'upstream-error' };
    expect(await s.resolve(postUrl(1))).to.include({ status: 'degraded', reason: 'upstream-error', cacheHit: false });
  });

  it('when many callers ask for the stale post while the upstream fails, one upstream request serves them all the stale card', async () => {
    const first = await cachedThenExpired();
    s.adapter.script = async () => {
      await sleep(50);
      return { ok: false, reason: 'timeout' };
    };
    const answers = await Promise.all(Array.from({ length: 50 }, () => s.resolve(postUrl(1))));
    expect(answers).to.deep.equal(answers.map(() => ({ ...first, cacheHit: true })));
    expect(s.adapter.calls).to.equal(2);
  });

  it('when a health check (no cache read) meets a failure, it answers the failure but leaves the ok entry in place', async () => {
    const first = await s.resolve(postUrl(1));
    await eventually(async () => (await cache.get(KEY)) !== undefined, 2000);
    answer = { ok: false, reason: 'upstream-error' };
    expect(await s.resolve(postUrl(1), { skipCacheRead: true })).to.include({ status: 'degraded', reason: 'upstream-error', cacheHit: false });
    await sleep(20);
    expect(await s.resolve(postUrl(1))).to.deep.equal({ ...first, cacheHit: true });
  });

  it('when an entry was written before freshUntil existed, it counts as fresh for its whole TTL', async () => {
    const legacy = { outcome: { status: 'ok', platform: 'twitter', canonicalUrl: postUrl(1), kind: 'link', title: 'legacy', siteName: 'X', themeColor: '#000000', nsfw: false } };
    await cache.set(KEY, legacy, 600);
    s.clock.advance(10 * HOUR);
    expect(await s.resolve(postUrl(1))).to.deep.equal({ ...legacy.outcome, cacheHit: true });
    expect(s.adapter.calls).to.equal(0);
  });
}

describe('stale-if-error with the memory cache', () => {
  staleSuite(async () => new MemoryCache({ maxEntries: 100 }));
});

describeWithRedis('stale-if-error with Redis', () => {
  const prefix = uniquePrefix('stale-if-error');
  let admin: Redis;
  before(async () => {
    admin = createRedisClient(REDIS_URL, collectingLogger());
    await eventually(() => admin.status === 'ready', 3000);
  });
  after(async () => {
    if (!admin) return;
    await deleteKeys(admin, prefix);
    admin.disconnect();
  });
  let n = 0;
  staleSuite(
    async () => {
      const client = createRedisClient(REDIS_URL, collectingLogger());
      await eventually(() => client.status === 'ready', 3000);
      return new RedisCache({ client, keyPrefix: `${prefix}${++n}:` }, collectingLogger());
    },
    async (key) => admin.ttl(`${prefix}${n}:${key}`),
  );
});

/** The whole service with real time: CACHE_TTL_OK=1, so an entry is stale after a second. */
function httpSuite(env: () => Record<string, string>) {
  let app: TestApp;
  beforeEach(async () => {
    app = await TestApp.start({ CACHE_TTL_OK: '1', ...env() });
  });
  afterEach(async () => {
    nock.cleanAll();
    await app.close();
  });

  it('when a cached card is past CACHE_TTL_OK and the upstream answers 500, answers the card with cacheHit true', async () => {
    const url = `/api/v1/resolve?url=${q(blueskyPost('3kstale1'))}`;
    const healthy = appView('3kstale', (rkey) => [200, thread(rkey, 'still here')]);
    const first = await app.get(url);
    expect(first.body).to.include({ status: 'ok', description: 'still here', cacheHit: false });
    await sleep(1200);
    nock.cleanAll();
    const failing = appView('3kstale', () => [500, { error: 'InternalServerError' }]);
    const stale = await app.get(url);
    expect(stale.body).to.deep.equal({ ...first.body, cacheHit: true });
    expect(healthy.calls).to.equal(1);
    expect(failing.calls).to.equal(1);
  });
}

describe('stale-if-error over HTTP, memory cache', () => {
  httpSuite(() => ({}));
});

describeWithRedis('stale-if-error over HTTP, Redis', () => {
  const prefix = uniquePrefix('stale-http');
  after(async () => {
    const admin = createRedisClient(REDIS_URL, collectingLogger());
    await eventually(() => admin.status === 'ready', 3000);
    await deleteKeys(admin, prefix);
    admin.disconnect();
  });
  httpSuite(() => ({ REDIS_URL, REDIS_KEY_PREFIX: prefix }));
});

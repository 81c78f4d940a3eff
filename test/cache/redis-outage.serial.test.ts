// A Redis outage does not multiply upstream requests (docs/design.md §8): while Redis is down the
// in-process cache is the whole cache with the normal TTLs, and once Redis is back the cache is
// shared again. Against throwaway redis-servers that the tests stop and start, never the shared one.
import { expect } from 'chai';
import type { Redis } from 'ioredis';
import nock from 'nock';
import { createRedisClient } from '../../src/infrastructure/cache/redis-client.js';
import { NearCache } from '../../src/infrastructure/cache/near.cache.js';
import { RedisCache } from '../../src/infrastructure/cache/redis.cache.js';
import { q, TestApp } from '../support/app.js';
import { appView, postUrl, thread } from '../support/bluesky.js';
import { collectingLogger, eventually, skipOrFail, sleep, ThrowawayRedis, uniquePrefix } from '../support/redis.js';

async function connected(url: string): Promise<Redis> {
  const client = createRedisClient(url, collectingLogger());
  if (!(await eventually(() => client.status === 'ready', 5000))) throw new Error(`no connection to ${url}`);
  return client;
}

async function redisOnHealthz(app: TestApp, expected: boolean, withinMs: number): Promise<void> {
  const seen = await eventually(async () => (await app.get('/healthz')).body.redis === expected, withinMs);
  expect(seen, `/healthz redis: ${expected} within ${withinMs} ms`).to.equal(true);
}

describe('a Redis outage through the service', function () {
  this.timeout(60_000);
  let redis: ThrowawayRedis;
  let a: TestApp;
  let b: TestApp;

  before(function () {
    if (!ThrowawayRedis.available()) skipOrFail(this, 'redis-server is not installed');
  });
  beforeEach(async () => {
    redis = await ThrowawayRedis.create();
    // A short CACHE_TTL_OK (its jitter still rounds to 3 s) so that one expiry fits in the test; still
    // three times the in-process copy's second, so one request per TTL and one a second differ.
    const env = { REDIS_URL: redis.url, REDIS_KEY_PREFIX: uniquePrefix('outage'), CACHE_TTL_OK: '3', RATE_LIMIT_POINTS: '100000' };
    [a, b] = [await TestApp.start(env), await TestApp.start(env)];
    await redisOnHealthz(a, true, 5000);
    await redisOnHealthz(b, true, 5000);
  });
  afterEach(async () => {
    nock.cleanAll();
    await a.close();
    await b.close();
    await redis.dispose();
  });

  it('when Redis is down, one post resolved for 4.5 s costs one upstream request per CACHE_TTL_OK (3 s), not one a second; when Redis is back, two instances share a new entry', async () => {
    await redis.stop();
    await redisOnHealthz(a, false, 2000);
    const upstream = appView('3kout', (rkey) => [200, thread(rkey)]);
    const url = `/api/v1/resolve?url=${q(postUrl('3koutage1'))}`;

    expect((await a.get(url)).body).to.include({ status: 'ok', cacheHit: false });
    const started = Date.now();
    let callsInFirstTtl = 0;
    let resolves = 0;
    // Half a TTL past the first expiry: 1.5 s on either side of it and of the second one at 6 s.
    while (Date.now() - started < 4500) {
      const res = await a.get(url);
      expect(res.status).to.equal(200);
      expect(res.body.status).to.equal('ok');
      resolves++;
      // Inside the first entry's 3 s, however late the first answer came (the entry is written after it).
      if (Date.now() - started < 2000) callsInFirstTtl = upstream.calls;
      await sleep(100);
    }
    expect(resolves).to.be.above(20);
    // One in the first CACHE_TTL_OK, one more once the entry expired at 3 s (one a second would be four or five).
    expect({ callsInFirstTtl, callsOver4500ms: upstream.calls }, 'upstream requests').to.deep.equal({ callsInFirstTtl: 1, callsOver4500ms: 2 });

    await redis.start();
    await redisOnHealthz(a, true, 15_000);
    await redisOnHealthz(b, true, 15_000);
    const admin = await connected(redis.url);
    try {
      const fresh = appView('3knew', (rkey) => [200, thread(rkey)]);
      const newUrl = `/api/v1/resolve?url=${q(postUrl('3knewpost1'))}`;
      expect((await a.get(newUrl)).body).to.include({ status: 'ok', cacheHit: false });
      // The store is not awaited by the answer: wait for it to reach Redis before asking the other instance.
      expect(await eventually(async () => (await admin.keys('*3knewpost1')).length === 1, 3000), 'the entry in Redis').to.equal(true);
      expect((await b.get(newUrl)).body).to.include({ status: 'ok', cacheHit: true });
      expect(fresh.calls, 'upstream requests for the new post, both instances together').to.equal(1);
    } finally {
      admin.disconnect();
    }
  });
});

describe('NearCache over a Redis that stops and starts', function () {
  this.timeout(30_000);
  let redis: ThrowawayRedis;

  before(async function () {
    if (!ThrowawayRedis.available()) return skipOrFail(this, 'redis-server is not installed');
    redis = await ThrowawayRedis.create();
  });
  after(async () => {
    await redis?.dispose();
  });

  const nearCache = (client: Redis) => new NearCache(new RedisCache({ client, keyPrefix: 'outage:' }, collectingLogger()), { maxEntries: 100 });

  it('when an entry was written while Redis was down, it answers past the near TTL, and once Redis is back it is written back for the other instances', async () => {
    const [a, b] = [nearCache(await connected(redis.url)), nearCache(await connected(redis.url))];
    const admin = await connected(redis.url);
    try {
      await redis.stop();
      expect(await a.set('r1:x:kept', { n: 1 }, 60)).to.equal(true);
      await sleep(1200);
      expect(await a.get('r1:x:kept'), 'past the near TTL, Redis still down').to.deep.equal({ n: 1 });
      await redis.start();
      // Reads of the kept copy look at Redis about once a second; one of them writes it back.
      const writtenBack = await eventually(async () => {
        await a.get('r1:x:kept');
        return (await admin.get('outage:r1:x:kept').catch(() => null)) === '{"n":1}';
      }, 10_000);
      expect(writtenBack, 'the kept copy written back to Redis').to.equal(true);
      const ttl = await admin.ttl('outage:r1:x:kept');
      expect(ttl).to.be.within(40, 59);
      expect(await b.get('r1:x:kept'), 'the other instance').to.deep.equal({ n: 1 });
    } finally {
      admin.disconnect();
      await a.close();
      await b.close();
    }
  });
});

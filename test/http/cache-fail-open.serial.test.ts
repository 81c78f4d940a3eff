// The cache fails open at the service level: with Redis stopped, never there, or frozen, resolve
// still answers 200 within its budget and /healthz reports redis: false within a second; when Redis
// is back, results are cached again.
import { expect } from 'chai';
import nock from 'nock';
import { useFixture } from '../support/fixtures.js';
import { q, TestApp } from '../support/app.js';
import { NOWHERE_REDIS_URL, skipOrFail, ThrowawayRedis } from '../support/redis.js';

const IMAGE_POST = 'https://bsky.app/profile/did:plc:bobplcidplcidplcidplcidp/post/3lpbimage22ab';
const BUDGET_MS = 2000;

async function until(what: string, check: () => Promise<boolean>, withinMs: number): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < withinMs) {
    if (await check()) return Date.now() - started;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${what} did not happen within ${withinMs} ms`);
}

describe('cache fail-open through the service', function () {
  this.timeout(30_000);
  let redis: ThrowawayRedis;
  let app: TestApp;

  before(function () {
    if (!ThrowawayRedis.available()) skipOrFail(this, 'redis-server is not installed');
  });
  beforeEach(async () => {
    redis = await ThrowawayRedis.create();
    app = await TestApp.start({ REDIS_URL: redis.url, RESOLVE_BUDGET_MS: String(BUDGET_MS), UPSTREAM_TIMEOUT_MS: '1000' });
    useFixture('bluesky', 'image');
    await until('redis: true on /healthz', async () => (await app.get('/healthz')).body.redis === true, 3000);
  });
  afterEach(async () => {
    nock.cleanAll();
    await app.close();
    await redis.dispose();
  });

  const resolve = () => app.get(`/api/v1/resolve?url=${q(IMAGE_POST)}`);

  async function cachedAgain(): Promise<void> {
    // The first resolve after recovery may be a miss; a later one must be a hit.
    await until('a cache hit', async () => (await resolve()).body.cacheHit === true, 10_000);
  }

  it('when Redis is up, the second resolve is a cache hit', async () => {
    expect((await resolve()).body.cacheHit).to.equal(false);
    await until('a cache hit', async () => (await resolve()).body.cacheHit === true, 2000);
  });

  it('when Redis is stopped, resolve answers 200 within budget, /healthz says false within 1 s, and recovers', async () => {
    await redis.stop();
    const took = await until('redis: false', async () => (await app.get('/healthz')).body.redis === false, 1000);
    expect(took).to.be.below(1000);
    for (let i = 0; i < 5; i++) {
      const res = await resolve();
      expect(res.status).to.equal(200);
      expect(res.body.status).to.equal('ok');
      expect(res.ms).to.be.below(BUDGET_MS);
    }
    await redis.start();
    await until('redis: true', async () => (await app.get('/healthz')).body.redis === true, 10_000);
    await cachedAgain();
  });

  it('when Redis freezes (SIGSTOP), resolve answers 200 within budget, /healthz says false within 1 s, and recovers on SIGCONT', async () => {
    await resolve();
    redis.freeze();
    const healthStarted = Date.now();
    const health = await app.get('/healthz');
    expect(Date.now() - healthStarted).to.be.below(1000);
    expect(health.body.redis).to.equal(false);
    const times = [];
    for (let i = 0; i < 10; i++) {
      const res = await resolve();
      expect(res.status).to.equal(200);
      expect(res.body.status).to.equal('ok');
      times.push(res.ms);
    }
    expect(Math.max(...times)).to.be.below(BUDGET_MS);
    // The breaker keeps a frozen Redis from costing every request its command timeout.
    expect(times.slice(-5).every((t) => t < 100), `late requests took ${times.join(', ')} ms`).to.equal(true);
    redis.thaw();
    await until('redis: true', async () => (await app.get('/healthz')).body.redis === true, 10_000);
    await cachedAgain();
  });
});

describe('cache fail-open when nothing ever listened', function () {
  this.timeout(15_000);
  it('when REDIS_URL points at a closed port, resolve answers 200 and /healthz says false', async () => {
    const app = await TestApp.start({ REDIS_URL: NOWHERE_REDIS_URL });
    try {
      useFixture('bluesky', 'image');
      const health = await app.get('/healthz');
      expect(health.body).to.deep.equal({ ok: true, redis: false });
      expect(health.ms).to.be.below(1000);
      const res = await app.get(`/api/v1/resolve?url=${q(IMAGE_POST)}`);
      expect(res.status).to.equal(200);
      expect(res.body.status).to.equal('ok');
    } finally {
      nock.cleanAll();
      await app.close();
    }
  });
});

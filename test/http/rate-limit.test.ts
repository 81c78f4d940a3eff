import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { q, TestApp } from '../support/app.js';
import { describeWithRedis, eventually, REDIS_URL } from '../support/redis.js';

describe('rate limits', () => {
  it('when a key runs out of points, answers 429 with an integer Retry-After and RateLimit-* headers', async () => {
    const app = await TestApp.start({ RATE_LIMIT_POINTS: '3', RATE_LIMIT_DURATION: '60' });
    try {
      const statuses: number[] = [];
      let last;
      for (let i = 0; i < 4; i++) {
        last = await app.get('/api/v1/platforms');
        statuses.push(last.status);
        expect(last.headers.get('ratelimit-limit')).to.equal('3');
        expect(Number(last.headers.get('ratelimit-remaining'))).to.equal(Math.max(0, 2 - i));
      }
      expect(statuses).to.deep.equal([200, 200, 200, 429]);
      expect(last!.headers.get('retry-after')).to.match(/^[1-9]\d*$/);
      expect(Number(last!.headers.get('retry-after'))).to.be.at.most(60);
      expect(last!.body.error).to.match(/Rate limit exceeded/);
    } finally {
      await app.close();
    }
  });

  it('when a batch holds more URLs than the points left, answers 429: one point per URL', async () => {
    const app = await TestApp.start({ RATE_LIMIT_POINTS: '3' });
    try {
      const ok = await app.request('/api/v1/resolve', { body: { urls: ['https://example.org/1', 'https://example.org/2'] } });
      expect(ok.status).to.equal(200);
      expect(ok.headers.get('ratelimit-remaining')).to.equal('1');
      const refused = await app.request('/api/v1/resolve', { body: { urls: ['https://example.org/3', 'https://example.org/4'] } });
      expect(refused.status).to.equal(429);
    } finally {
      await app.close();
    }
  });

  it('when the public endpoints are called, they are limited per client IP, not per key', async () => {
    const app = await TestApp.start({ PUBLIC_RATE_LIMIT_POINTS: '2' });
    try {
      const url = `/oembed?url=${q('https://example.org/')}`;
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await app.get(url, { anonymous: true })).status);
      expect(statuses).to.deep.equal([404, 404, 429]);
      // A different API key does not help: the count is the IP's.
      expect((await app.get(url, { headers: { authorization: 'Bearer other' } })).status).to.equal(429);
      // /v/ shares the per-IP budget.
      expect((await app.get('/v/anything', { anonymous: true })).status).to.equal(429);
    } finally {
      await app.close();
    }
  });
});

describeWithRedis('rate limits across instances', () => {
  it('when two instances share one Redis, one key is counted across both', async () => {
    const env = { REDIS_URL, REDIS_KEY_PREFIX: `postlens-test-${randomUUID()}:`, RATE_LIMIT_POINTS: '4' };
    const a = await TestApp.start(env);
    const b = await TestApp.start(env);
    try {
      // Until an instance's Redis connection is ready it counts in memory (the insurance limiter).
      for (const app of [a, b]) expect(await eventually(async () => (await app.get('/healthz')).body.redis === true, 3000)).to.equal(true);
      const statuses = [];
      for (let i = 0; i < 6; i++) statuses.push((await (i % 2 ? b : a).get('/api/v1/platforms')).status);
      // Each instance alone would have allowed 4; together they allowed 4 in all.
      expect(statuses).to.deep.equal([200, 200, 200, 200, 429, 429]);
    } finally {
      await a.close();
      await b.close();
    }
  });
});

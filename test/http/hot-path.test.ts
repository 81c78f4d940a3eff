// The hot path (src/interfaces/http/hot-path.ts) in front of Koa, on a real loopback server: what
// it answers itself must be what Koa answers; everything else must reach Koa untouched; a limiter
// decision it took must not be counted again.
import 'reflect-metadata';
import { expect } from 'chai';
import Koa from 'koa';
import nock from 'nock';
import { once } from 'node:events';
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import type { DependencyContainer } from 'tsyringe';
import { CACHE, type Cache } from '../../src/application/ports/cache.port.js';
import { API_RATE_LIMITER, type RateLimiter } from '../../src/application/ports/rate-limiter.port.js';
import { ResolveUseCase } from '../../src/application/use-cases/resolve.js';
import { loadConfig } from '../../src/config/config.js';
import { compose } from '../../src/container.js';
import { APP_SETTINGS, type AppSettings } from '../../src/interfaces/http/app-settings.js';
import { createApp } from '../../src/interfaces/http/app.js';
import { hotPath } from '../../src/interfaces/http/hot-path.js';
import { TEST_KEY, q } from '../support/app.js';
import { useFixture } from '../support/fixtures.js';
import { publicLookup } from '../support/lookup.js';

const POST = 'https://bsky.app/profile/did:plc:bobplcidplcidplcidplcidp/post/3lpbimage22ab';
const AUTH = { authorization: `Bearer ${TEST_KEY}` };

interface Instance {
  base: string;
  /** Targets the hot path handed on to Koa, in order. */
  handedOn: string[];
  /** Targets the Koa app served (handed on, or asked on the Koa-only server). */
  koaServed: string[];
  /** A server on the same composition that runs Koa alone, for comparison. */
  koaOnly: string;
  consumed: string[];
  logs: string[];
  close(): Promise<void>;
}

async function listen(listener: RequestListener): Promise<Server> {
  const server = createServer(listener);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return server;
}

const url = (server: Server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

/** `before` may wrap what the composition registered before anything resolves it. */
async function start(env: Record<string, string> = {}, before: (container: DependencyContainer) => void = () => {}): Promise<Instance> {
  const logs: string[] = [];
  const sink = new Writable({
    write(chunk, _enc, done) {
      logs.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  const { container, close } = compose(loadConfig({ API_KEYS: TEST_KEY, LOG_LEVEL: 'info', ...env }), { upstreamLookup: publicLookup, logDestination: sink });
  const consumed: string[] = [];
  countConsumes(container, consumed);
  before(container);
  const settings = container.resolve<AppSettings>(APP_SETTINGS);
  const koaServed: string[] = [];
  const app: Koa = createApp(container);
  app.middleware.unshift(async (ctx, next) => {
    koaServed.push(ctx.url);
    await next();
  });
  const koa = app.callback();
  const hot = hotPath(container, settings);
  const handedOn: string[] = [];
  const front = await listen((req, res) => {
    const handOn = () => {
      handedOn.push(req.url ?? '');
      void koa(req, res);
    };
    if (!hot(req, res, handOn)) handOn();
  });
  const back = await listen((req, res) => void koa(req, res));
  return {
    base: url(front),
    koaOnly: url(back),
    handedOn,
    koaServed,
    consumed,
    logs,
    async close() {
      for (const server of [front, back]) {
        server.closeAllConnections();
        server.close();
      }
      await close();
    },
  };
}

/** Wraps the API limiter (before anything resolves it) so every consume is recorded. */
function countConsumes(container: DependencyContainer, consumed: string[]): void {
  const real = container.resolve<RateLimiter>(API_RATE_LIMITER);
  container.register(API_RATE_LIMITER, {
    useValue: {
      consume: (key: string, points: number) => {
        consumed.push(key);
        return real.consume(key, points);
      },
    } satisfies RateLimiter,
  });
}

async function get(base: string, path: string, headers: Record<string, string> = AUTH, method = 'GET') {
  const res = await fetch(base + path, { headers, method });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

/** Headers a client sees, without those whose values differ per request by design. */
function comparable(headers: Headers): Record<string, string> {
  const out: Record<string, string> = {};
  headers.forEach((value, name) => {
    if (!['date', 'x-request-id', 'ratelimit-remaining'].includes(name)) out[name] = value;
  });
  return out;
}

describe('hot path', () => {
  let it0: Instance;
  beforeEach(async () => {
    it0 = await start();
  });
  afterEach(async () => {
    nock.cleanAll();
    await it0.close();
  });

  it('when a resolve is a cache hit, answers it without Koa, with the status, headers and body Koa gives', async () => {
    useFixture('bluesky', 'image');
    const path = `/api/v1/resolve?url=${q(POST)}`;
    const miss = await get(it0.base, path);
    expect(JSON.parse(miss.text)).to.include({ status: 'ok', cacheHit: false });
    expect(it0.handedOn, 'the miss goes to Koa').to.deep.equal([path]);
    await new Promise((resolve) => setTimeout(resolve, 20)); // the store is not awaited by the use case

    const served = it0.koaServed.length;
    const hot = await get(it0.base, path);
    const koa = await get(it0.koaOnly, path);
    expect(it0.handedOn, 'the hit is answered by the hot path').to.have.length(1);
    expect(it0.koaServed.length, 'only the Koa-only server ran Koa').to.equal(served + 1);
    expect(hot.status).to.equal(200);
    expect(JSON.parse(hot.text)).to.include({ status: 'ok', cacheHit: true, canonicalUrl: POST });
    expect(hot.text).to.equal(koa.text);
    expect(comparable(hot.headers)).to.deep.equal(comparable(koa.headers));
    expect(hot.headers.get('x-request-id')).to.match(/^[0-9a-f-]{36}$/);
    expect(hot.headers.get('x-content-type-options')).to.equal('nosniff');
    expect(Number(hot.headers.get('ratelimit-remaining'))).to.equal(Number(koa.headers.get('ratelimit-remaining')) + 1);
  });

  it('when a canonical URL is asked, answers it without Koa, as Koa would', async () => {
    const path = `/api/v1/canonical?url=${q('https://twitter.com/jack/status/20/photo/1?s=20')}`;
    const hot = await get(it0.base, path, { ...AUTH, 'x-request-id': 'caller-id-0001' });
    const koa = await get(it0.koaOnly, path);
    expect(it0.handedOn).to.deep.equal([]);
    expect(JSON.parse(hot.text)).to.deep.equal({ platform: 'twitter', canonicalUrl: 'https://x.com/jack/status/20' });
    expect(hot.text).to.equal(koa.text);
    expect(comparable(hot.headers)).to.deep.equal(comparable(koa.headers));
    expect(hot.headers.get('x-request-id'), 'a safe caller id is kept').to.equal('caller-id-0001');
  });

  it('writes one access line per answer, with the request id and without the query string', async () => {
    const res = await get(it0.base, `/api/v1/canonical?url=${q('https://x.com/jack/status/20')}`);
    const lines = it0.logs.map((line) => JSON.parse(line) as Record<string, unknown>).filter((line) => line.msg === 'request');
    expect(lines).to.have.length(1);
    expect(lines[0]).to.include({ level: 30, reqId: res.headers.get('x-request-id'), method: 'GET', path: '/api/v1/canonical', status: 200, msg: 'request' });
    expect(lines[0]!.ms).to.be.a('number');
    expect(it0.logs.join('\n')).not.to.include('jack');
  });

  const handedOn: [string, string, Record<string, string>?, string?][] = [
    ['no key', `/api/v1/canonical?url=${q('https://x.com/a/status/1')}`, {}],
    ['a wrong key', `/api/v1/canonical?url=${q('https://x.com/a/status/1')}`, { authorization: 'Bearer not-the-key' }],
    ['no url', '/api/v1/canonical'],
    ['an empty url', '/api/v1/canonical?url='],
    ['the url twice', `/api/v1/canonical?url=${q('https://x.com/a/status/1')}&url=${q('https://x.com/b/status/2')}`],
    ['a malformed url', `/api/v1/canonical?url=${q('http://')}`],
    ['an escape that does not decode (querystring keeps it as it stands)', `/api/v1/canonical?url=${q('https://x.com/a/status/1')}%`],
    ['a media value the contract does not know', `/api/v1/resolve?url=${q(POST)}&media=bogus`],
    ['a cache miss', `/api/v1/resolve?url=${q('https://bsky.app/profile/did:plc:abc/post/3kmiss')}`],
    ['a short link (never answered from the cache here)', `/api/v1/resolve?url=${q('https://t.co/abc123')}`],
    ['a path with a trailing slash', `/api/v1/canonical/?url=${q('https://x.com/a/status/1')}`],
    ['HEAD', `/api/v1/canonical?url=${q('https://x.com/a/status/1')}`, AUTH, 'HEAD'],
    ['POST', '/api/v1/resolve', AUTH, 'POST'],
    ['another route', '/api/v1/platforms'],
  ];
  for (const [what, path, headers, method] of handedOn) {
    it(`when the request has ${what}, hands it to Koa untouched and Koa answers it as on its own`, async () => {
      nock('https://public.api.bsky.app').get(/.*/).reply(404, { error: 'NotFound' }).persist();
      nock('https://t.co').get(/.*/).reply(404).persist();
      const mine = await get(it0.base, path, headers ?? AUTH, method);
      const koa = await get(it0.koaOnly, path, headers ?? AUTH, method);
      expect(it0.handedOn).to.have.length(1);
      expect(mine.status).to.equal(koa.status);
      expect(mine.status).to.be.below(500);
      // A 200 (a miss resolved) is a hit the second time, so only its headers' names compare.
      if (mine.status !== 200) expect(mine.text).to.equal(koa.text);
      if (mine.status !== 200) expect(comparable(mine.headers)).to.deep.equal(comparable(koa.headers));
      else expect(Object.keys(comparable(mine.headers))).to.deep.equal(Object.keys(comparable(koa.headers)));
      expect(it0.consumed.length, 'counted once per request at most').to.be.at.most(2);
    });
  }
});

describe('hot path and the rate limit', () => {
  it('when the limit is reached, the refusal it counted is answered with the 429 Koa writes: one count, the standard 429', async () => {
    const instance = await start({ RATE_LIMIT_POINTS: '2' });
    try {
      const path = `/api/v1/canonical?url=${q('https://x.com/jack/status/20')}`;
      const answers = [];
      for (let i = 0; i < 4; i++) answers.push(await get(instance.base, path));
      expect(answers.map((a) => a.status)).to.deep.equal([200, 200, 429, 429]);
      expect(answers.map((a) => a.headers.get('ratelimit-remaining'))).to.deep.equal(['1', '0', '0', '0']);
      expect(instance.consumed, 'one count per request').to.have.length(4);
      expect(instance.handedOn, 'nothing went to Koa').to.deep.equal([]);
      const refusal = answers[2]!;
      expect(JSON.parse(refusal.text)).to.deep.include({ code: 'RATE_LIMITED' });
    expect(JSON.parse(refusal.text).error).to.match(/^Rate limit exceeded \(2 requests per window\); retry in \d+ s\.$/);
      expect(Number(refusal.headers.get('retry-after'))).to.be.within(1, 60);
      expect(refusal.headers.get('ratelimit-limit')).to.equal('2');
      expect(refusal.headers.get('x-request-id')).to.match(/^[0-9a-f-]{36}$/);
      // The same key refused by Koa alone: the same answer, but for the seconds left.
      const koa = await get(instance.koaOnly, path);
      expect(koa.status).to.equal(429);
      const seconds = (text: string) => text.replace(/\d+/g, 'N');
      expect(seconds(refusal.text)).to.equal(seconds(koa.text));
      const timeless = (headers: Headers) => {
        const { 'retry-after': _r, 'ratelimit-reset': _s, 'content-length': _l, ...rest } = comparable(headers);
        return rest;
      };
      expect(timeless(refusal.headers)).to.deep.equal(timeless(koa.headers));
    } finally {
      await instance.close();
    }
  });
});

describe('hot path and a cold resolve', () => {
  /** Counts the plans made and the cache's reads (peek: in-process, get: the store) of one composition. */
  function counting(container: DependencyContainer) {
    const counts = { plans: 0, peeks: [] as string[], gets: [] as string[] };
    const cache = container.resolve<Cache>(CACHE);
    const counted: Cache = Object.create(cache);
    counted.peek = (key) => (counts.peeks.push(key), cache.peek!(key));
    counted.get = (key) => (counts.gets.push(key), cache.get(key));
    container.register(CACHE, { useValue: counted });
    const resolve = container.resolve(ResolveUseCase);
    const plan = resolve.plan.bind(resolve);
    resolve.plan = (input) => (counts.plans++, plan(input));
    return counts;
  }

  it('when the cache misses, hands the request to Koa with its plan: the URL is planned once and the cache read once', async () => {
    let counts!: ReturnType<typeof counting>;
    const instance = await start({}, (container) => (counts = counting(container)));
    try {
      useFixture('bluesky', 'image');
      const path = `/api/v1/resolve?url=${q(POST)}`;
      const cold = await get(instance.base, path);
      expect(cold.status).to.equal(200);
      expect(JSON.parse(cold.text)).to.include({ status: 'ok', cacheHit: false, canonicalUrl: POST });
      expect(instance.handedOn, 'the miss went to Koa').to.deep.equal([path]);
      expect(counts.plans, 'plans made').to.equal(1);
      expect(counts.peeks, 'in-process looks').to.deep.equal(['r1:bluesky:did:plc:bobplcidplcidplcidplcidp/3lpbimage22ab']);
      expect(counts.gets, 'reads of the store').to.deep.equal(counts.peeks);
      expect(instance.consumed, 'counted once, by Koa').to.have.length(1);

      await new Promise((resolve) => setTimeout(resolve, 20)); // the store is not awaited by the use case
      const warm = await get(instance.base, path);
      expect(JSON.parse(warm.text)).to.include({ status: 'ok', cacheHit: true });
      expect(counts.plans).to.equal(2);
      expect(counts.gets, 'a held hit needs no read of the store').to.have.length(1);
    } finally {
      await instance.close();
    }
  });
});

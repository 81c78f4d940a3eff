import { expect } from 'chai';
import nock from 'nock';
import { useFixture } from '../support/fixtures.js';
import { q, TestApp } from '../support/app.js';
import { CACHE, type Cache } from '../../src/application/ports/cache.port.js';
import { ResolveUseCase } from '../../src/application/use-cases/resolve.js';

const IMAGE_POST = 'https://bsky.app/profile/did:plc:bobplcidplcidplcidplcidp/post/3lpbimage22ab';

describe('GET /api/v1/resolve', () => {
  let app: TestApp;
  beforeEach(async () => {
    app = await TestApp.start();
  });
  afterEach(async () => {
    nock.cleanAll();
    await app.close();
  });

  it('when the post resolves, answers 200 ok with the card, then the same card from cache', async () => {
    useFixture('bluesky', 'image');
    const first = await app.get(`/api/v1/resolve?url=${q(IMAGE_POST + '?utm_source=x')}`);
    expect(first.status).to.equal(200);
    expect(first.body).to.include({ status: 'ok', platform: 'bluesky', canonicalUrl: IMAGE_POST, cacheHit: false, kind: 'image', siteName: 'Bluesky', themeColor: '#1185fe', nsfw: false });
    expect(first.body.image).to.deep.include({ width: 1600, height: 1200 });
    nock.cleanAll();
    // A URL variant of the same post is the same cache entry: no upstream needed.
    const second = await app.get(`/api/v1/resolve?url=${q(IMAGE_POST.replace('https://bsky.app', 'https://fxbsky.app') + '/')}`);
    expect(second.body).to.deep.equal({ ...first.body, cacheHit: true });
  });

  // An entry of another version (or corrupted) must not answer: it is dropped with a warning and the
  // post resolved again, whether the hit would be given at once (a plain GET, the hot path) or read
  // through the use case's own road (a batch item).
  for (const [road, ask] of [
    ['a plain GET', (a: TestApp) => a.get(`/api/v1/resolve?url=${q(IMAGE_POST)}`, { headers: { 'x-request-id': 'seeded-entry-0001' } }).then((r) => r.body)],
    ['a batch item', (a: TestApp) => a.request('/api/v1/resolve', { body: { urls: [IMAGE_POST] }, headers: { 'x-request-id': 'seeded-entry-0001' } }).then((r) => r.body.results[0])],
  ] as const) {
    it(`when the cached entry fails validation (${road}), drops it with a warning and resolves the post again`, async () => {
      const plan = app.container.resolve(ResolveUseCase).plan(IMAGE_POST);
      if (!plan.ok) throw new Error('the post URL was refused');
      const cache = app.container.resolve<Cache>(CACHE);
      await cache.set(plan.key, { outcome: { status: 'ok', platform: 'bluesky' }, freshUntil: Date.now() + 60_000 }, 60);
      useFixture('bluesky', 'image');
      const answer = await ask(app);
      expect(answer).to.include({ status: 'ok', platform: 'bluesky', kind: 'image', cacheHit: false });
      const warning = app.logs.map((line) => JSON.parse(line)).find((line) => line.msg === 'cache entry failed validation; dropped');
      expect(warning).to.include({ key: plan.key, reqId: 'seeded-entry-0001' });
      // The fresh result replaced it: the next ask is a hit.
      nock.cleanAll();
      expect(await ask(app)).to.include({ status: 'ok', cacheHit: true });
    });
  }

  it('when the URL is on no known platform, answers no-adapter with the normalised URL', async () => {
    const res = await app.get(`/api/v1/resolve?url=${q('https://user:pw@Example.COM./a?b=1#frag')}`);
    expect(res.status).to.equal(200);
    expect(res.body).to.deep.equal({ status: 'no-adapter', platform: 'none', canonicalUrl: 'https://example.com/a?b=1' });
  });

  it('when the page of a known platform is not a post, answers degraded unsupported', async () => {
    const res = await app.get(`/api/v1/resolve?url=${q('https://www.youtube.com/@somechannel')}`);
    expect(res.body).to.include({ status: 'degraded', platform: 'youtube', reason: 'unsupported' });
  });

  it('when the upstream refuses, answers 200 degraded with the reason', async () => {
    useFixture('bluesky', 'not-found');
    const res = await app.get(`/api/v1/resolve?url=${q('https://bsky.app/profile/lena.test/post/3lplgone2222a')}`);
    expect(res.status).to.equal(200);
    expect(res.body).to.include({ status: 'degraded', reason: 'not-found', kind: 'link', siteName: 'Bluesky' });
  });

  it('when the upstream is unreachable, answers degraded upstream-error, never a 5xx', async () => {
    nock('https://public.api.bsky.app').get(/.*/).replyWithError('connect ECONNREFUSED');
    const res = await app.get(`/api/v1/resolve?url=${q('https://bsky.app/profile/did:plc:abc/post/3kzzz')}`);
    expect(res.status).to.equal(200);
    expect(res.body).to.include({ status: 'degraded', reason: 'upstream-error' });
  });

  it('when the platform is disabled, answers degraded disabled without an upstream request', async () => {
    await app.close();
    app = await TestApp.start({ DISABLED_PLATFORMS: 'bluesky' });
    const res = await app.get(`/api/v1/resolve?url=${q(IMAGE_POST)}`);
    expect(res.body).to.include({ status: 'degraded', reason: 'disabled', platform: 'bluesky' });
  });

  for (const [what, path, message] of [
    ['the url parameter is missing', '/api/v1/resolve', /url query parameter is required/],
    ['the url parameter is empty', '/api/v1/resolve?url=', /url query parameter is required/],
    ['the url parameter is repeated', `/api/v1/resolve?url=${q(IMAGE_POST)}&url=${q(IMAGE_POST)}`, /given once/],
    ['the url is not a URL', `/api/v1/resolve?url=${q('http://[::1')}`, /not a valid absolute URL/],
    ['the url has another scheme', `/api/v1/resolve?url=${q('ftp://example.com/x')}`, /http or https/],
    ['the url is too long', `/api/v1/resolve?url=${q('https://example.com/' + 'a'.repeat(3000))}`, /limit is 2048/],
    ['media has an unknown value', `/api/v1/resolve?url=${q(IMAGE_POST)}&media=bogus`, /accepts raw \(the default\) or proxied/],
  ] as const) {
    it(`when ${what}, answers 400 with a sentence saying so`, async () => {
      const res = await app.get(path);
      expect(res.status).to.equal(400);
      expect(res.body.error).to.match(message);
    });
  }

  it('when the upstream hangs, answers degraded timeout within the resolve budget', async () => {
    await app.close();
    app = await TestApp.start({ RESOLVE_BUDGET_MS: '400', UPSTREAM_TIMEOUT_MS: '300' });
    nock('https://public.api.bsky.app').get(/.*/).delay(5000).reply(200, {});
    const res = await app.get(`/api/v1/resolve?url=${q('https://bsky.app/profile/did:plc:abc/post/3kslow')}`);
    expect(res.body).to.include({ status: 'degraded', reason: 'timeout' });
    expect(res.ms).to.be.below(400 + 300);
  });
});

describe('authentication of /api/v1', () => {
  let app: TestApp;
  before(async () => {
    app = await TestApp.start();
  });
  after(() => app.close());

  for (const path of ['/api/v1/resolve?url=x', '/api/v1/canonical?url=x', '/api/v1/platforms', '/api/v1/health']) {
    it(`when ${path} is called without a key, answers 401 with WWW-Authenticate: Bearer`, async () => {
      const res = await app.get(path, { anonymous: true });
      expect(res.status).to.equal(401);
      expect(res.headers.get('www-authenticate')).to.match(/^Bearer/);
      expect(res.body.error).to.match(/Authorization: Bearer/);
    });
  }

  it('when the key is wrong, answers 401', async () => {
    const res = await app.get('/api/v1/platforms', { headers: { authorization: 'Bearer not-the-key' } });
    expect(res.status).to.equal(401);
    expect(res.body.error).to.equal('The API key is not valid.');
  });

  it('when the scheme is not Bearer, answers 401', async () => {
    const res = await app.get('/api/v1/platforms', { headers: { authorization: 'Basic dXNlcjpwYXNz' } });
    expect(res.status).to.equal(401);
  });

  it('when the key is right, the public endpoints need none and the API answers', async () => {
    expect((await app.get('/healthz', { anonymous: true })).status).to.equal(200);
    expect((await app.get('/openapi.yaml', { anonymous: true })).status).to.equal(200);
    expect((await app.get('/api/v1/platforms')).status).to.equal(200);
  });
});

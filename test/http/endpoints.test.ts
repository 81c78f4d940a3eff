import { expect } from 'chai';
import nock from 'nock';
import { useFixture } from '../support/fixtures.js';
import { q, TestApp } from '../support/app.js';
import { PLATFORM_IDS } from '../../src/domain/platforms/platform-id.js';
import { PLATFORM_CASE_LIST } from '../platforms/cases.js';

const IMAGE_POST = 'https://bsky.app/profile/did:plc:bobplcidplcidplcidplcidp/post/3lpbimage22ab';

describe('the read-only endpoints', () => {
  let app: TestApp;
  before(async () => {
    app = await TestApp.start({ DISABLED_PLATFORMS: 'facebook', MASTODON_INSTANCES: 'social.example' });
  });
  afterEach(() => nock.cleanAll());
  after(() => app.close());

  describe('GET /api/v1/canonical', () => {
    it('when the URL is a post variant, answers its platform and canonical URL without any upstream request', async () => {
      const res = await app.get(`/api/v1/canonical?url=${q('https://youtu.be/dQw4w9WgXcQ?si=abc')}`);
      expect(res.body).to.deep.equal({ platform: 'youtube', canonicalUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' });
    });

    it('when the URL is on no platform, answers platform none with the normalised URL', async () => {
      const res = await app.get(`/api/v1/canonical?url=${q('HTTPS://x.com.evil.test/jack/status/20')}`);
      expect(res.body).to.deep.equal({ platform: 'none', canonicalUrl: 'https://x.com.evil.test/jack/status/20' });
    });

    it('when the URL holds characters a URI may not, answers them percent-encoded', async () => {
      const res = await app.get(`/api/v1/canonical?url=${q('https://example.org/a|b?c={d}^e')}`);
      expect(res.body).to.deep.equal({ platform: 'none', canonicalUrl: 'https://example.org/a%7Cb?c=%7Bd%7D%5Ee' });
    });

    it('when the URL is malformed, answers 400', async () => {
      const res = await app.get(`/api/v1/canonical?url=${q('javascript:alert(1)')}`);
      expect(res.status).to.equal(400);
    });

    it('when a configured Mastodon instance is named, recognises it', async () => {
      const res = await app.get(`/api/v1/canonical?url=${q('https://social.example/@ann/1234567')}`);
      expect(res.body).to.deep.equal({ platform: 'mastodon', canonicalUrl: 'https://social.example/@ann/1234567' });
    });
  });

  describe('GET /api/v1/platforms', () => {
    it('lists every platform with capabilities true to the code and its state', async () => {
      const res = await app.get('/api/v1/platforms');
      const byId = Object.fromEntries(res.body.platforms.map((p: { id: string }) => [p.id, p]));
      expect(Object.keys(byId).sort()).to.deep.equal([...PLATFORM_IDS].sort());
      const capabilities = Object.fromEntries(Object.entries(byId).map(([id, p]) => [id, (p as { capabilities: unknown }).capabilities]));
      // Each platform's expected capabilities sit in its test folder (test/platforms/<id>/cases.ts).
      const expected: Record<string, unknown> = Object.fromEntries(PLATFORM_CASE_LIST.map(({ id, capabilities: c }) => [id, { resolve: true, canonical: true, ...c }]));
      // `web` has no cases row yet (test/platforms/web/ proves it with WEB_CARDS on); off here, it has no canonical URLs.
      expected['web'] = { resolve: true, canonical: false, shortLinks: false, video: true, nsfw: true, proxy: false };
      expect(capabilities).to.deep.equal(expected);
      expect(byId.facebook.state).to.equal('disabled');
      expect(byId.youtube.state).to.equal('ok');
      expect(byId.mastodon.hosts).to.include('social.example');
    });
  });

  describe('GET /api/v1/health and /healthz', () => {
    it('without url, answers liveness; redis is false with the memory cache', async () => {
      expect((await app.get('/api/v1/health')).body).to.deep.equal({ ok: true, redis: false });
      expect((await app.get('/healthz', { anonymous: true })).body).to.deep.equal({ ok: true, redis: false });
    });

    it('with url, resolves for real, skipping the cache read, and answers the compact shape', async () => {
      useFixture('bluesky', 'image');
      await app.get(`/api/v1/resolve?url=${q(IMAGE_POST)}`);
      const res = await app.get(`/api/v1/health?url=${q(IMAGE_POST)}`);
      expect(res.body).to.deep.equal({
        platform: 'bluesky',
        status: 'ok',
        kind: 'image',
        hasMedia: true,
        cacheHit: false,
        canonicalUrl: IMAGE_POST,
        title: 'Bob Marley (@bob.test)',
      });
    });

    it('with a URL that degrades, answers hasMedia false and the reason', async () => {
      useFixture('bluesky', 'not-found');
      const res = await app.get(`/api/v1/health?url=${q('https://bsky.app/profile/lena.test/post/3lplgone2222a')}`);
      expect(res.body).to.include({ status: 'degraded', hasMedia: false, kind: 'link', reason: 'not-found' });
    });

    it('with a URL on no platform, answers no-adapter with hasMedia false', async () => {
      const res = await app.get(`/api/v1/health?url=${q('https://example.org/')}`);
      expect(res.body).to.deep.equal({ platform: 'none', status: 'no-adapter', kind: 'link', hasMedia: false, cacheHit: false, canonicalUrl: 'https://example.org/' });
    });

    it('with a malformed url, answers 400', async () => {
      expect((await app.get(`/api/v1/health?url=${q('::')}`)).status).to.equal(400);
    });
  });

  describe('GET /openapi.yaml', () => {
    it('serves the document as YAML', async () => {
      const res = await app.get('/openapi.yaml', { anonymous: true });
      expect(res.headers.get('content-type')).to.match(/yaml/);
      expect(res.text).to.match(/^openapi: 3\.1/m);
    });
  });
});

describe('closed and unknown namespaces', () => {
  it('when API_ENABLED is false, every /api/v1 path answers 404 {error}, keys or not', async () => {
    const app = await TestApp.start({ API_ENABLED: 'false' });
    try {
      for (const path of ['/api/v1/resolve?url=x', '/api/v1/platforms', '/api/v1']) {
        const res = await app.get(path);
        expect(res.status, path).to.equal(404);
        expect(res.body.error).to.match(/not enabled/);
      }
      expect((await app.get('/healthz')).status).to.equal(200);
    } finally {
      await app.close();
    }
  });

  it('when PROXY_ENABLED is false, /v/ answers 404 {error}', async () => {
    const app = await TestApp.start({ PROXY_ENABLED: 'false' });
    try {
      const res = await app.get('/v/sometoken.mp4', { anonymous: true });
      expect(res.status).to.equal(404);
      expect(res.body.error).to.match(/media proxy is not enabled/);
    } finally {
      await app.close();
    }
  });

  it('when the path is unknown or under /api/v2, answers 404 {error}; a wrong method 405 {error}', async () => {
    const app = await TestApp.start();
    try {
      // `/` is the playground (playground.test.ts); a name beside its files is unknown.
      for (const path of ['/nope', '/api/v2/resolve?url=x', '/api/v1/nope', '/playground/nope.js']) {
        const res = await app.get(path);
        expect(res.status, path).to.equal(404);
        expect(res.body.error).to.be.a('string');
      }
      const wrong = await app.request('/api/v1/platforms', { method: 'DELETE' });
      expect(wrong.status).to.equal(405);
      expect(wrong.body.error).to.match(/not allowed/);
      // A method the router does not know at all is the same mistake: 405 on a known path, 404
      // on an unknown one, never a 501.
      const odd = await app.request('/healthz', { method: 'PROPFIND' });
      expect(odd.status).to.equal(405);
      expect(odd.body.error).to.match(/not allowed/);
      expect((await app.request('/nothing', { method: 'PROPFIND' })).status).to.equal(404);
      const token = await app.get('/v/unknown-token', { anonymous: true });
      expect(token.status).to.equal(404);
    } finally {
      await app.close();
    }
  });

  it('every response carries X-Content-Type-Options: nosniff and a request id', async () => {
    const app = await TestApp.start();
    try {
      for (const path of ['/healthz', '/nope', '/api/v1/platforms', '/openapi.yaml']) {
        const res = await app.get(path);
        expect(res.headers.get('x-content-type-options'), path).to.equal('nosniff');
        expect(res.headers.get('x-request-id'), path).to.match(/^[A-Za-z0-9._-]{8,64}$/);
      }
    } finally {
      await app.close();
    }
  });
});

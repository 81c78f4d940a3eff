// CORS by CORS_ORIGINS (issue 17, point 3): preflights and simple requests on /api/v1/*, /oembed,
// /openapi.yaml and /v/, error answers included; nothing at all when unset; a list answers the
// listed origin itself (Vary: Origin), `*` answers `*`. The canonical GET with a valid key is
// answered by the hot path outside Koa (hot-path.test.ts), the batch POST by Koa: both carry them.
import 'reflect-metadata';
import { expect } from 'chai';
import { loadConfig, ConfigError } from '../../src/config/config.js';
import { TestApp, q } from '../support/app.js';

const PAGE = 'http://127.0.0.2:8000';
const OTHER = 'https://elsewhere.example';
const POST = 'https://x.com/someone/status/1234567890123456789';

/** A browser's preflight: no key, the method and headers it means to use. */
function preflight(app: TestApp, path: string, origin: string, method: string, headers?: string) {
  const asked: Record<string, string> = { origin, 'access-control-request-method': method };
  if (headers) asked['access-control-request-headers'] = headers;
  return app.request(path, { method: 'OPTIONS', anonymous: true, unchecked: true, headers: asked });
}

describe('CORS (CORS_ORIGINS)', () => {
  describe('with a list of origins', () => {
    let app: TestApp;
    before(async () => {
      app = await TestApp.start({ CORS_ORIGINS: `https://one.example, ${PAGE}`, RATE_LIMIT_POINTS: '4' });
    });
    after(() => app.close());

    it('answers a preflight 204 without a key, allowing Authorization, Content-Type and Range, for each route family', async () => {
      for (const path of [`/api/v1/resolve?url=${q(POST)}`, '/api/v1/resolve', `/oembed?url=${q(POST)}`, '/openapi.yaml', '/v/some-token']) {
        const res = await preflight(app, path, PAGE, 'POST', 'authorization, content-type, range');
        expect(res.status, path).to.equal(204);
        expect(res.headers.get('access-control-allow-origin'), path).to.equal(PAGE);
        expect(res.headers.get('vary'), path).to.match(/origin/i);
        expect(res.headers.get('access-control-allow-methods'), path).to.include('POST');
        const allowed = (res.headers.get('access-control-allow-headers') ?? '').toLowerCase();
        for (const header of ['authorization', 'content-type', 'range']) expect(allowed, path).to.include(header);
        expect(Number(res.headers.get('access-control-max-age')), path).to.be.greaterThan(0);
        expect(res.text).to.equal('');
      }
    });

    it('gives a preflight from an origin not listed no permission', async () => {
      const res = await preflight(app, '/api/v1/resolve', OTHER, 'GET', 'authorization');
      expect(res.status).to.equal(204);
      expect(res.headers.get('access-control-allow-origin')).to.equal(null);
      expect(res.headers.get('access-control-allow-headers')).to.equal(null);
    });

    it('allows the listed origin on the hot path (canonical) and on Koa (batch), exposing the limit headers', async () => {
      const hot = await app.get(`/api/v1/canonical?url=${q(POST)}`, { headers: { origin: PAGE } });
      expect(hot.status).to.equal(200);
      const batch = await app.request('/api/v1/resolve', { headers: { origin: PAGE }, body: { urls: ['https://example.org/not-a-post'] } });
      expect(batch.status).to.equal(200);
      for (const res of [hot, batch]) {
        expect(res.headers.get('access-control-allow-origin')).to.equal(PAGE);
        expect(res.headers.get('vary')).to.match(/origin/i);
        const exposed = (res.headers.get('access-control-expose-headers') ?? '').split(/,\s*/);
        for (const name of ['Content-Range', 'Accept-Ranges', 'Content-Length', 'Retry-After', 'X-Request-Id']) expect(exposed).to.include(name);
        // The exact names the service sends.
        for (const name of ['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset']) {
          expect(res.headers.get(name), name).to.be.a('string');
          expect(exposed).to.include(name);
        }
      }
    });

    it('allows the listed origin on error answers too: 401, 400, 429, and /v/ refusals', async () => {
      const unauthorised = await app.get(`/api/v1/resolve?url=${q(POST)}`, { anonymous: true, headers: { origin: PAGE } });
      expect(unauthorised.status).to.equal(401);
      const malformed = await app.get('/api/v1/resolve?url=not%20a%20url', { headers: { origin: PAGE } });
      expect(malformed.status).to.equal(400);
      const media = await app.get('/v/not-a-token', { anonymous: true, headers: { origin: PAGE } });
      expect(media.status).to.be.within(400, 499);
      let limited;
      for (let i = 0; i < 6 && limited?.status !== 429; i++) limited = await app.get(`/api/v1/canonical?url=${q(POST)}`, { headers: { origin: PAGE } });
      expect(limited!.status).to.equal(429);
      for (const res of [unauthorised, malformed, media, limited!]) {
        expect(res.headers.get('access-control-allow-origin'), String(res.status)).to.equal(PAGE);
      }
      expect(limited!.headers.get('access-control-expose-headers')).to.include('Retry-After');
    });

    it('allows /oembed and /openapi.yaml, and not an origin that is not listed', async () => {
      const doc = await app.get('/openapi.yaml', { anonymous: true, headers: { origin: PAGE } });
      expect(doc.headers.get('access-control-allow-origin')).to.equal(PAGE);
      const oembed = await app.get(`/oembed?url=${q('https://example.org/not-a-post')}`, { anonymous: true, headers: { origin: PAGE } });
      expect(oembed.headers.get('access-control-allow-origin')).to.equal(PAGE);
      const stranger = await app.get('/openapi.yaml', { anonymous: true, headers: { origin: OTHER } });
      expect(stranger.status).to.equal(200);
      expect(stranger.headers.get('access-control-allow-origin')).to.equal(null);
      expect(stranger.headers.get('vary')).to.match(/origin/i);
    });

    it('leaves other paths (health) without CORS headers', async () => {
      const res = await app.get('/healthz', { anonymous: true, headers: { origin: PAGE } });
      expect(res.headers.get('access-control-allow-origin')).to.equal(null);
    });
  });

  describe('with *', () => {
    let app: TestApp;
    before(async () => {
      app = await TestApp.start({ CORS_ORIGINS: '*' });
    });
    after(() => app.close());

    it('answers * to any origin, without Vary, on the hot path and on a preflight', async () => {
      const hot = await app.get(`/api/v1/canonical?url=${q(POST)}`, { headers: { origin: OTHER } });
      expect(hot.headers.get('access-control-allow-origin')).to.equal('*');
      expect(hot.headers.get('vary')).to.equal(null);
      const answer = await preflight(app, '/v/token', OTHER, 'GET', 'range');
      expect(answer.status).to.equal(204);
      expect(answer.headers.get('access-control-allow-origin')).to.equal('*');
      expect(answer.headers.get('access-control-allow-headers')).to.include('Range');
    });
  });

  describe('unset', () => {
    let app: TestApp;
    before(async () => {
      app = await TestApp.start({});
    });
    after(() => app.close());

    it('sends no CORS header at all, and a preflight is not answered as one', async () => {
      const hot = await app.get(`/api/v1/canonical?url=${q(POST)}`, { headers: { origin: PAGE } });
      const doc = await app.get('/openapi.yaml', { anonymous: true, headers: { origin: PAGE } });
      const answer = await preflight(app, '/api/v1/resolve', PAGE, 'GET');
      expect(answer.status).to.not.equal(204);
      for (const res of [hot, doc, answer]) {
        for (const name of res.headers.keys()) expect(name).to.not.match(/^access-control-/);
      }
    });
  });

  it('refuses a malformed origin at start-up, naming it', () => {
    for (const bad of ['example.com', 'https://example.com/path', 'ftp://example.com', 'https://a.example, *']) {
      expect(() => loadConfig({ API_KEYS: 'k', CORS_ORIGINS: bad }), bad).to.throw(ConfigError, /CORS_ORIGINS/);
    }
    expect(loadConfig({ API_KEYS: 'k', CORS_ORIGINS: 'https://a.example,http://127.0.0.1:3000' }).corsOrigins).to.deep.equal(['https://a.example', 'http://127.0.0.1:3000']);
  });
});

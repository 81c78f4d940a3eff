// Every response carries X-Content-Type-Options: nosniff, and every HTML or XML answer a
// restrictive Content-Security-Policy: checked here route by route, successes and every kind of
// error (400, 401, 404, 405, 410, 429, closed namespaces, an unhandled 500), oEmbed XML, the
// OpenAPI document and /v/ refusals. (The suite-wide scan, support/secret-scan.ts, checks the same
// rules on every response of every other test as well.)
import { expect } from 'chai';
import Koa from 'koa';
import nock from 'nock';
import { createServer } from 'node:http';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import type { Logger } from '../../src/application/ports/logger.port.js';
import { errorMiddleware } from '../../src/interfaces/http/middleware/errors.js';
import { requestContextMiddleware } from '../../src/interfaces/http/middleware/request-context.js';
import { DOCUMENT_CSP, securityHeaders } from '../../src/interfaces/http/middleware/security-headers.js';
import { q, TestApp, type RequestOptions, type TestResponse } from '../support/app.js';
import { useFixture } from '../support/fixtures.js';
import { mediaPath } from '../support/media-client.js';

const POST = 'https://bsky.app/profile/did:plc:bobplcidplcidplcidplcidp/post/3lpbimage22ab';
const SECRET = 'security-headers-test-secret-0123456789';

function expectSecurityHeaders(res: { status: number; headers: Headers }, what: string): void {
  expect(res.headers.get('x-content-type-options'), what).to.equal('nosniff');
  const type = res.headers.get('content-type') ?? '';
  if (/html|xml/.test(type)) expect(res.headers.get('content-security-policy'), what).to.equal(DOCUMENT_CSP);
}

describe('security headers on every route', () => {
  let app: TestApp;
  before(async () => {
    app = await TestApp.start({ PROXY_SECRET: SECRET });
  });
  afterEach(() => nock.cleanAll());
  after(() => app.close());

  const ticket = { url: 'https://v16-webapp.tiktok.com/video/a.mp4', headers: { referer: 'https://www.tiktok.com/' }, mimeType: 'video/mp4', platform: 'tiktok' as const, canonicalUrl: 'https://www.tiktok.com/@i/video/1' };
  const cases: Array<[string, number, () => string, RequestOptions?]> = [
    ['GET /healthz', 200, () => '/healthz'],
    ['HEAD /healthz', 200, () => '/healthz', { method: 'HEAD' }],
    ['GET /openapi.yaml', 200, () => '/openapi.yaml'],
    ['GET /oembed (json)', 200, () => `/oembed?url=${q(POST)}`, { anonymous: true }],
    ['GET /oembed (xml)', 200, () => `/oembed?url=${q(POST)}&format=xml`, { anonymous: true }],
    ['HEAD /oembed (xml)', 200, () => `/oembed?url=${q(POST)}&format=xml`, { anonymous: true, method: 'HEAD' }],
    ['GET /oembed without url', 400, () => '/oembed', { anonymous: true }],
    ['GET /oembed with a format it does not implement', 501, () => `/oembed?url=${q(POST)}&format=yaml`, { anonymous: true }],
    ['GET /oembed (xml) of no post', 404, () => `/oembed?url=${q('https://example.org/a')}&format=xml`, { anonymous: true }],
    ['GET /api/v1/resolve', 200, () => `/api/v1/resolve?url=${q(POST)}`],
    ['GET /api/v1/resolve without url', 400, () => '/api/v1/resolve'],
    ['GET /api/v1/resolve without a key', 401, () => `/api/v1/resolve?url=${q(POST)}`, { anonymous: true }],
    ['GET /api/v1/resolve with a wrong key', 401, () => `/api/v1/resolve?url=${q(POST)}`, { headers: { authorization: 'Bearer wrong-key-0000000' } }],
    ['POST /api/v1/resolve', 200, () => '/api/v1/resolve', { body: { urls: [POST, 'not a url'] } }],
    ['POST /api/v1/resolve with broken JSON', 400, () => '/api/v1/resolve', { body: '{"urls":', headers: { 'content-type': 'application/json' } }],
    ['POST /api/v1/resolve as text/plain', 400, () => '/api/v1/resolve', { body: 'x', headers: { 'content-type': 'text/plain' } }],
    ['POST /api/v1/resolve over MAX_BODY_BYTES', 400, () => '/api/v1/resolve', { body: { urls: ['a'.repeat(70_000)] } }],
    ['GET /api/v1/canonical', 200, () => `/api/v1/canonical?url=${q(POST)}`],
    ['GET /api/v1/platforms', 200, () => '/api/v1/platforms'],
    ['GET /api/v1/health', 200, () => '/api/v1/health'],
    ['GET /api/v1/health?url=', 200, () => `/api/v1/health?url=${q(POST)}`],
    ['GET an unknown path', 404, () => '/nope'],
    ['GET under /api/v2', 404, () => '/api/v2/resolve'],
    ['POST /healthz', 405, () => '/healthz', { method: 'POST' }],
    ['PROPFIND /healthz', 405, () => '/healthz', { method: 'PROPFIND' }],
    ['DELETE /api/v1/resolve', 405, () => '/api/v1/resolve', { method: 'DELETE' }],
    ['GET /v/ with a malformed token', 404, () => '/v/not-a-token', { anonymous: true }],
    ['POST /v/{token}', 404, () => mediaPath(SECRET, ticket), { anonymous: true, method: 'POST' }],
    ['GET /v/ with an expired token', 410, () => mediaPath(SECRET, ticket, Date.now() - 1000), { anonymous: true }],
  ];
  for (const [what, status, path, options] of cases) {
    it(`${what} (${status}) carries nosniff${/xml/.test(what) && status === 200 ? ' and the document policy' : ''}`, async () => {
      useFixture('bluesky', 'image');
      const res = await app.request(path(), options);
      expect(res.status, res.text).to.equal(status);
      expectSecurityHeaders(res, what);
      if (/xml/.test(what) && status === 200) expect(res.headers.get('content-security-policy')).to.equal(DOCUMENT_CSP);
    });
  }

  it('when over a rate limit (429) or in a closed namespace (404), still carries nosniff', async () => {
    const limited = await TestApp.start({ RATE_LIMIT_POINTS: '1', PUBLIC_RATE_LIMIT_POINTS: '1', API_ENABLED: 'true' });
    const closed = await TestApp.start({ API_ENABLED: 'false', PROXY_ENABLED: 'false' });
    try {
      const answers: Array<[string, TestResponse]> = [];
      for (let i = 0; i < 2; i++) answers.push([`api ${i}`, await limited.get('/api/v1/platforms')]);
      for (let i = 0; i < 2; i++) answers.push([`oembed ${i}`, await limited.get(`/oembed?url=${q('https://example.org/a')}&format=xml`, { anonymous: true })]);
      answers.push(['closed api', await closed.get('/api/v1/platforms')]);
      answers.push(['closed /v/', await closed.get('/v/anything', { anonymous: true })]);
      expect(answers.map(([, r]) => r.status)).to.deep.equal([200, 429, 404, 429, 404, 404]);
      for (const [what, res] of answers) expectSecurityHeaders(res, what);
    } finally {
      await limited.close();
      await closed.close();
    }
  });

  it('when a route fails unexpectedly (500), or answers HTML, the middleware stack still sets the headers', async () => {
    const logger: Logger = { debug() {}, info() {}, warn() {}, error() {}, access() {} };
    const koa = new Koa();
    koa.silent = true;
    koa.use(requestContextMiddleware(logger));
    koa.use(securityHeaders);
    koa.use(errorMiddleware(logger));
    koa.use((ctx) => {
      if (ctx.path === '/boom') throw new Error('boom');
      ctx.body = '<p>a document</p>';
    });
    const server = createServer(koa.callback()).listen(0, '127.0.0.1');
    await once(server, 'listening');
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const boom = await fetch(`${base}/boom`);
      expect(boom.status).to.equal(500);
      expect(boom.headers.get('x-content-type-options')).to.equal('nosniff');
      const html = await fetch(`${base}/page`);
      expect(html.headers.get('content-type')).to.match(/^text\/html/);
      expect(html.headers.get('x-content-type-options')).to.equal('nosniff');
      expect(html.headers.get('content-security-policy')).to.equal(DOCUMENT_CSP);
    } finally {
      server.close();
    }
  });
});

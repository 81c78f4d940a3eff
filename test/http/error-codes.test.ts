// Every `{error}` the service writes carries its stable `code` (src/interfaces/http/error-codes.ts):
// each code is brought about here through the real app and checked with its status, and docs/api.md and
// openapi.yaml list exactly the codes of the table. The codes Node's HTTP layer answers are checked
// over raw sockets in client-errors.serial.test.ts, those of the media host in test/media/failures.serial.test.ts.
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import Koa from 'koa';
import { useFixture } from '../support/fixtures.js';
import { q, TestApp, type RequestOptions } from '../support/app.js';
import { mediaPath } from '../support/media-client.js';
import { openApiDoc } from '../support/openapi.js';
import { ERROR_CODES, type ErrorCode } from '../../src/interfaces/http/error-codes.js';
import { errorMiddleware } from '../../src/interfaces/http/middleware/errors.js';

const SECRET = 'error-codes-test-secret-0123456789abcd';
const POST = 'https://bsky.app/profile/harbour.test/post/3kabc';
const JSON_TYPE = { 'content-type': 'application/json' };

/** Codes whose tests live elsewhere (see the header). */
const TESTED_ELSEWHERE: readonly ErrorCode[] = [
  'HEADERS_TOO_LARGE',
  'MALFORMED_REQUEST',
  'EXPECT_UNSUPPORTED',
  'CONNECT_UNSUPPORTED',
  'REQUEST_TIMEOUT',
  'MEDIA_HOST_REFUSED',
  'MEDIA_NOT_MEDIA',
  'MEDIA_HOST_UNREACHABLE',
  'MEDIA_HOST_TIMEOUT',
];

type Which = 'open' | 'tight' | 'closed';
type Case = [code: ErrorCode, what: string, which: Which, path: string, options?: RequestOptions & { before?: () => void }];

const cases: Case[] = [
  ['URL_MISSING', 'resolve without url', 'open', '/api/v1/resolve'],
  ['URL_MISSING', 'oEmbed with an empty url', 'open', '/oembed?url=', { anonymous: true }],
  ['URL_MALFORMED', 'an ftp URL', 'open', `/api/v1/resolve?url=${q('ftp://example.org/a')}`],
  ['URL_MALFORMED', 'canonical of a URL past MAX_URL_LENGTH', 'open', `/api/v1/canonical?url=${q('https://example.org/' + 'a'.repeat(3000))}`],
  ['PARAM_REPEATED', 'url given twice', 'open', `/api/v1/resolve?url=${q(POST)}&url=${q(POST)}`],
  ['MEDIA_INVALID', 'media=bogus', 'open', `/api/v1/resolve?url=${q(POST)}&media=bogus`],
  ['MEDIA_INVALID', 'a batch with media "bogus"', 'open', '/api/v1/resolve', { body: { urls: [POST], media: 'bogus' } }],
  ['SIZE_INVALID', 'maxwidth=0', 'open', `/oembed?url=${q(POST)}&maxwidth=0`, { anonymous: true }],
  ['SIZE_INVALID', 'maxheight=99999999', 'open', `/oembed?url=${q(POST)}&maxheight=99999999`, { anonymous: true }],
  ['BODY_INVALID', 'a batch that is not JSON', 'open', '/api/v1/resolve', { body: '{"urls": [', headers: JSON_TYPE }],
  ['BODY_INVALID', 'a batch sent as text/plain', 'open', '/api/v1/resolve', { body: '{"urls":[]}', headers: { 'content-type': 'text/plain' } }],
  ['BODY_INVALID', 'a batch whose urls is a string', 'open', '/api/v1/resolve', { body: { urls: POST } }],
  ['BODY_INVALID', 'a batch with an extra field', 'open', '/api/v1/resolve', { body: { urls: [POST], extra: 1 } }],
  ['BODY_TOO_LARGE', 'a batch over MAX_BODY_BYTES', 'open', '/api/v1/resolve', { body: { urls: ['https://example.org/' + 'a'.repeat(70_000)] } }],
  ['BATCH_TOO_LARGE', 'a batch of 51 URLs', 'open', '/api/v1/resolve', { body: { urls: Array.from({ length: 51 }, (_, i) => `https://example.org/${i}`) } }],
  ['AUTH_MISSING', 'no Authorization header', 'open', '/api/v1/platforms', { anonymous: true }],
  ['AUTH_INVALID', 'a wrong key', 'open', '/api/v1/platforms', { headers: { authorization: 'Bearer not-the-key' } }],
  ['AUTH_INVALID', 'a Basic header', 'open', '/api/v1/platforms', { headers: { authorization: 'Basic dXNlcjpwYXNz' } }],
  ['NOT_FOUND', 'an unknown path', 'open', '/api/v2/resolve'],
  ['NOT_FOUND', 'POST in the /v/ namespace', 'open', '/v/abc', { method: 'POST', anonymous: true, body: '' }],
  ['METHOD_NOT_ALLOWED', 'DELETE on /api/v1/resolve', 'open', '/api/v1/resolve', { method: 'DELETE' }],
  ['FORMAT_NOT_IMPLEMENTED', 'oEmbed format=yaml', 'open', `/oembed?url=${q(POST)}&format=yaml`, { anonymous: true }],
  ['NO_EMBED', 'oEmbed of a URL on no platform', 'open', `/oembed?url=${q('https://example.org/a')}`, { anonymous: true }],
  ['POST_PRIVATE', 'oEmbed of a private post', 'open', `/oembed?url=${q('https://www.reddit.com/r/secret_club/comments/1qpriv0/')}`, { anonymous: true, before: () => useFixture('reddit', 'private') }],
  ['MEDIA_TOKEN_INVALID', 'a /v/ token that does not open', 'open', '/v/not-a-token', { anonymous: true }],
  ['MEDIA_TOKEN_EXPIRED', 'an expired /v/ token', 'open', 'EXPIRED_TOKEN', { anonymous: true }],
  ['API_DISABLED', 'API_ENABLED=false', 'closed', '/api/v1/platforms'],
  ['PROXY_DISABLED', 'PROXY_ENABLED=false', 'closed', '/v/not-a-token', { anonymous: true }],
  // The tight instance allows one request per window and one failed authentication.
  ['RATE_LIMITED', 'a second request past RATE_LIMIT_POINTS=1', 'tight', '/api/v1/platforms'],
  ['AUTH_BLOCKED', 'a second wrong key past AUTH_FAIL_POINTS=1', 'tight', '/api/v1/platforms', { headers: { authorization: 'Bearer wrong' } }],
];

describe('error codes', () => {
  const apps = {} as Record<Which, TestApp>;
  before(async () => {
    apps.open = await TestApp.start({ PROXY_SECRET: SECRET });
    apps.tight = await TestApp.start({ RATE_LIMIT_POINTS: '1', AUTH_FAIL_POINTS: '1' });
    apps.closed = await TestApp.start({ API_ENABLED: 'false', PROXY_ENABLED: 'false' });
  });
  after(async () => {
    for (const app of Object.values(apps)) await app?.close();
  });

  for (const [code, what, which, path, options = {}] of cases) {
    it(`when ${what}, answers ${ERROR_CODES[code].status} with code ${code}`, async () => {
      const app = apps[which];
      options.before?.();
      const target = path === 'EXPIRED_TOKEN' ? expiredTokenPath() : path;
      // The tight instance's first request spends the one point (or the one failed authentication).
      if (which === 'tight') await app.request(target, options);
      const res = await app.request(target, options);
      expect(res.status, res.text).to.equal(ERROR_CODES[code].status);
      expect(res.body).to.deep.equal({ error: res.body.error, code });
      expect(res.body.error).to.be.a('string').and.match(/\.$/);
    });
  }

  it('when a handler throws an unexpected error, answers 500 INTERNAL without its message', async () => {
    const koa = new Koa();
    const quiet = { debug() {}, info() {}, warn() {}, error() {}, access() {} };
    koa.use(errorMiddleware(quiet));
    koa.use(() => {
      throw new Error('secret detail of a bug');
    });
    const server = createServer(koa.callback()).listen(0, '127.0.0.1');
    await once(server, 'listening');
    try {
      const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
      expect(res.status).to.equal(500);
      const body = (await res.json()) as { error: string; code: string };
      expect(body.code).to.equal('INTERNAL');
      expect(body.error).not.to.include('secret detail');
    } finally {
      server.close();
    }
  });

  it('every code of the table is brought about by a test', () => {
    const tested = new Set<ErrorCode>([...cases.map(([code]) => code), 'INTERNAL', ...TESTED_ELSEWHERE]);
    expect([...tested].sort()).to.deep.equal(Object.keys(ERROR_CODES).sort());
  });

  it('messages are ours: no validator wording, and the input is not echoed back', async () => {
    const res = await apps.open.request('/api/v1/resolve', { body: { urls: 'https://example.org/secret-looking-input' } });
    expect(res.body.error).to.equal('Invalid body at urls: urls must be an array of URL strings.');
    const items = await apps.open.request('/api/v1/resolve', { body: { urls: [42] } });
    expect(items.body.error).to.equal('Invalid body at urls[0]: every item of urls must be a URL string.');
  });

  it('openapi.yaml lists exactly the codes of the table, each with its status', () => {
    const schemas = (openApiDoc as unknown as { components: { schemas: Record<string, { enum?: string[]; description?: string }> } }).components.schemas;
    const documented = schemas['ErrorCode']!;
    expect(documented.enum).to.deep.equal(Object.keys(ERROR_CODES));
    for (const [code, { status }] of Object.entries(ERROR_CODES)) expect(documented.description).to.include(`\`${code}\` (${status})`);
  });

  it('docs/api.md lists exactly the codes of the table, each with its status', () => {
    const readme = readFileSync(new URL('../../docs/api.md', import.meta.url), 'utf8');
    const rows = [...readme.matchAll(/^\| `([A-Z_]+)` \| (\d{3}) \|/gm)].map((m) => [m[1], Number(m[2])]);
    expect(rows).to.deep.equal(Object.entries(ERROR_CODES).map(([code, { status }]) => [code, status]));
  });
});

function expiredTokenPath(): string {
  const ticket = { url: 'https://v16-webapp-prime.tiktok.com/video/x', headers: {}, mimeType: 'video/mp4', platform: 'tiktok' as const, canonicalUrl: 'https://www.tiktok.com/@a/video/1' };
  return mediaPath(SECRET, ticket, Date.now() - 1000);
}

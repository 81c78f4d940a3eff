// Property-based fuzz of the HTTP layer: a few thousand generated inputs through GET
// /api/v1/canonical, GET /api/v1/resolve and POST /api/v1/resolve of the whole service in-process.
// No answer is a 5xx; a 400 comes exactly when the input is malformed (acceptUrl refuses the URL,
// the query names it twice or not at all, the batch body breaks the schema) and a 200 otherwise,
// with what the domain says for the URL. Every response is also checked against openapi.yaml
// (TestApp). No network: nock refuses every upstream at once, so resolves take the degraded path
// fast. Fixed seed (FUZZ_SEED), printed.
import { expect } from 'chai';
import fc from 'fast-check';
import nock from 'nock';
import { acceptUrl } from '../../src/domain/accept-url.js';
import { canonicalize, type Canonical } from '../../src/domain/canonicalize.js';
import { createSpecList } from '../../src/domain/platforms/index.js';
import { TestApp, type TestResponse } from '../support/app.js';
import { webCanonicalUrl } from '../../src/domain/web-url.js';
import { anyInput, FUZZ_SEED, nearLimit, webPageCase } from './url-arbitraries.js';

const BUDGET_MS = 1500;
// Every answer within the resolve budget, with room for a loaded CI machine.
const WITHIN_MS = BUDGET_MS + 1000;

/** Inputs a client can send in a query string (a lone surrogate cannot be percent-encoded). */
const sendable = fc.oneof({ arbitrary: anyInput, weight: 9 }, { arbitrary: nearLimit, weight: 1 }).filter((s) => {
  try {
    encodeURIComponent(s);
    return true;
  } catch {
    return false;
  }
});

/** Raw query text, not encoded by us: stray `%`, `&`, `+`, repeated or missing `url`. */
const rawQuery = fc
  .array(
    fc.oneof(
      fc.constantFrom('url=', '&', '&url=', '%', '%2', '%zz', '%F0%9F', '+', '=', 'url', 'x.com/jack/status/20', 'https:%2F%2Fbsky.app/profile/a.test/post/3k', '%20', 'media=proxied'),
      fc.string({ unit: 'grapheme-ascii', maxLength: 12 }).map((s) => s.replace(/#/g, '')),
    ),
    { maxLength: 8 },
  )
  .map((parts) => parts.join(''));

describe('fuzz: the HTTP layer', function () {
  this.timeout(180_000);
  let app: TestApp;
  let specs: ReturnType<typeof createSpecList>;
  let requests = 0;
  let slowest = 0;

  before(async () => {
    console.log(`      fast-check seed ${FUZZ_SEED} (rerun with FUZZ_SEED=${FUZZ_SEED})`);
    app = await TestApp.start({ RESOLVE_BUDGET_MS: String(BUDGET_MS), UPSTREAM_TIMEOUT_MS: '1000', RATE_LIMIT_POINTS: '1000000' });
    specs = createSpecList({ mastodonInstances: app.config.mastodonInstances });
  });
  after(async () => {
    console.log(`      ${requests} requests, slowest answer ${Math.round(slowest)} ms`);
    nock.cleanAll();
    await app?.close();
  });

  async function send(path: string, options: Parameters<TestApp['request']>[1] = {}): Promise<TestResponse> {
    const res = await app.request(path, options);
    requests++;
    slowest = Math.max(slowest, res.ms);
    expect(res.status, `${path} → ${res.status} ${res.text}`).to.be.below(500);
    expect(res.ms, `${path} answered within the budget`).to.be.below(WITHIN_MS);
    return res;
  }

  /** What the domain says of an input: undefined when acceptUrl refuses it. */
  function domain(input: string): Canonical | undefined {
    const accepted = acceptUrl(input, app.config.maxUrlLength);
    return accepted.ok ? canonicalize(specs, accepted.url) : undefined;
  }

  /** The one `url` value the server reads from a query (as Koa does, with URLSearchParams), or why there is none. */
  function urlParam(path: string): string | 'missing' | 'repeated' {
    const values = new URLSearchParams(new URL(path, app.baseUrl).search).getAll('url');
    if (values.length > 1) return 'repeated';
    return values[0] === undefined || values[0] === '' ? 'missing' : values[0];
  }

  it('GET /api/v1/canonical: 400 exactly when acceptUrl refuses the url, else 200 with the domain canonical form', async () => {
    await fc.assert(
      fc.asyncProperty(sendable, async (input) => {
        const res = await send(`/api/v1/canonical?url=${encodeURIComponent(input)}`);
        const expected = domain(input);
        if (!expected) {
          expect(res.status, JSON.stringify(input)).to.equal(400);
          expect(res.body.error).to.be.a('string');
        } else {
          expect(res.status, JSON.stringify(input)).to.equal(200);
          expect(res.body).to.deep.equal({ platform: expected.platform, canonicalUrl: expected.canonicalUrl });
        }
      }),
      { seed: FUZZ_SEED, numRuns: 1_000 },
    );
  });

  it('GET /api/v1/canonical with raw query text: 400 for a missing, repeated or refused url, else 200', async () => {
    await fc.assert(
      fc.asyncProperty(rawQuery, async (query) => {
        const path = `/api/v1/canonical?${query}`;
        const url = urlParam(path);
        const res = await send(path);
        const ok = url !== 'missing' && url !== 'repeated' && domain(url) !== undefined;
        expect(res.status, `${JSON.stringify(query)} reads url=${JSON.stringify(url)}`).to.equal(ok ? 200 : 400);
      }),
      { seed: FUZZ_SEED, numRuns: 400 },
    );
  });

  it('GET /api/v1/resolve: 400 exactly when acceptUrl refuses the url, else 200 with the platform and an outcome', async () => {
    await fc.assert(
      fc.asyncProperty(sendable, async (input) => {
        const res = await send(`/api/v1/resolve?url=${encodeURIComponent(input)}`);
        const expected = domain(input);
        if (!expected) {
          expect(res.status, JSON.stringify(input)).to.equal(400);
          return;
        }
        expect(res.status, JSON.stringify(input)).to.equal(200);
        expect(res.body.platform, JSON.stringify(input)).to.equal(expected.platform);
        expect(['ok', 'degraded', 'no-adapter']).to.include(res.body.status);
        // A short link may be answered under its expansion; anything else under its own canonical URL.
        if (expected.platform === 'none' || expected.match.denotes !== 'short') expect(res.body.canonicalUrl).to.equal(expected.canonicalUrl);
      }),
      { seed: FUZZ_SEED, numRuns: 1_000 },
    );
  });

  it('POST /api/v1/resolve: a well-formed body is 200 with one result per item, an error exactly on refused items', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(sendable, { minLength: 1, maxLength: 8 }), async (urls) => {
        const res = await send('/api/v1/resolve', { body: { urls } });
        expect(res.status).to.equal(200);
        expect(res.body.results.map((r: { url: string }) => r.url)).to.deep.equal(urls);
        res.body.results.forEach((r: { error?: string; platform: string }, i: number) => {
          const expected = domain(urls[i]!);
          expect(r.error === undefined, JSON.stringify(urls[i])).to.equal(expected !== undefined);
          expect(r.platform).to.equal(expected?.platform ?? 'none');
        });
      }),
      { seed: FUZZ_SEED, numRuns: 300 },
    );
  });

  it('POST /api/v1/resolve: any other body (JSON of any shape, broken JSON, wrong types) is 400, never a 5xx', async () => {
    const maxBatch = app.config.maxBatch;
    /** The batch schema, restated: an object of exactly urls (1..MAX_BATCH strings) and an optional media "proxied". */
    const wellFormed = (body: unknown): boolean =>
      typeof body === 'object' &&
      body !== null &&
      !Array.isArray(body) &&
      Object.keys(body).every((k) => k === 'urls' || k === 'media') &&
      Array.isArray((body as { urls?: unknown }).urls) &&
      (body as { urls: unknown[] }).urls.length >= 1 &&
      (body as { urls: unknown[] }).urls.length <= maxBatch &&
      (body as { urls: unknown[] }).urls.every((u) => typeof u === 'string') &&
      [undefined, 'raw', 'proxied'].includes((body as { media?: unknown }).media as string | undefined);
    const shaped = fc.record(
      {
        urls: fc.oneof(fc.array(fc.oneof(fc.string(), fc.integer(), fc.constant(null), fc.constant({})), { maxLength: maxBatch + 5 }), fc.jsonValue()),
        media: fc.oneof(fc.constantFrom('proxied', 'raw', 'PROXIED', ''), fc.jsonValue()),
        extra: fc.jsonValue(),
      },
      { requiredKeys: [] },
    );
    const text = fc.oneof(
      shaped.map((b) => JSON.stringify(b)),
      fc.jsonValue().map((v) => JSON.stringify(v)),
      fc.string({ maxLength: 80 }),
      fc.constantFrom('{"urls":["https://x.com/a"],"__proto__":{"urls":1}}', '{"urls":["https://x.com/a"],"urls":[]}', '{"urls":', '{"constructor":{"prototype":{}}}', 'null', '[]', '"x"', '{}'),
    );
    await fc.assert(
      fc.asyncProperty(text, async (body) => {
        const res = await send('/api/v1/resolve', { body, headers: { 'content-type': 'application/json' } });
        let parsed: unknown;
        let parses = true;
        try {
          parsed = JSON.parse(body);
        } catch {
          parses = false;
        }
        const ok = parses && wellFormed(parsed);
        expect(res.status, body).to.equal(ok ? 200 : 400);
        if (!ok) expect(res.body.error, body).to.be.a('string');
      }),
      { seed: FUZZ_SEED, numRuns: 400 },
    );
  });

  it('made at least 3,000 requests', function () {
    if (requests === 0) this.skip(); // run alone (--grep), the count means nothing
    expect(requests).to.be.at.least(3_000);
  });
});

// With the open web on (issue 28 point 8): every accepted URL no platform claims is `web` under its
// canonical form (docs/design.md §3), pages with tracking parameters lose exactly those, and a
// resolve of any of them is a 200 `web` answer (nock refuses the page: degraded), never a 5xx.
describe('fuzz: the HTTP layer with WEB_CARDS on', function () {
  this.timeout(180_000);
  let app: TestApp;
  let specs: ReturnType<typeof createSpecList>;

  before(async () => {
    app = await TestApp.start({ WEB_CARDS: 'true', WEB_PER_HOST_PER_MIN: '100000', RESOLVE_BUDGET_MS: String(BUDGET_MS), UPSTREAM_TIMEOUT_MS: '1000', RATE_LIMIT_POINTS: '1000000' });
    specs = createSpecList({ mastodonInstances: app.config.mastodonInstances });
  });
  after(async () => {
    nock.cleanAll();
    await app?.close();
  });

  async function send(path: string): Promise<TestResponse> {
    const res = await app.request(path);
    expect(res.status, `${path} → ${res.status} ${res.text}`).to.be.below(500);
    expect(res.ms, `${path} answered within the budget`).to.be.below(WITHIN_MS);
    return res;
  }

  it('GET /api/v1/canonical: a URL no platform claims answers web under the web canonical form; others as without it', async () => {
    await fc.assert(
      fc.asyncProperty(sendable, async (input) => {
        const res = await send(`/api/v1/canonical?url=${encodeURIComponent(input)}`);
        const accepted = acceptUrl(input, app.config.maxUrlLength);
        if (!accepted.ok) return void expect(res.status, JSON.stringify(input)).to.equal(400);
        const expected = canonicalize(specs, accepted.url);
        expect(res.body, JSON.stringify(input)).to.deep.equal(expected.platform === 'none' ? { platform: 'web', canonicalUrl: webCanonicalUrl(accepted.url) } : { platform: expected.platform, canonicalUrl: expected.canonicalUrl });
      }),
      { seed: FUZZ_SEED, numRuns: 600 },
    );
  });

  it('GET /api/v1/canonical and /resolve of a page with tracking parameters: web, exactly those dropped, the rest in order, 200', async () => {
    await fc.assert(
      fc.asyncProperty(webPageCase, async ({ url, kept }) => {
        const canonical = await send(`/api/v1/canonical?url=${encodeURIComponent(url)}`);
        expect(canonical.body.platform, url).to.equal('web');
        expect(new URL(canonical.body.canonicalUrl).search, url).to.equal(kept.length ? `?${kept.join('&')}` : '');
        const again = await send(`/api/v1/canonical?url=${encodeURIComponent(canonical.body.canonicalUrl)}`);
        expect(again.body.canonicalUrl, 'a fixed point through the service').to.equal(canonical.body.canonicalUrl);
        const resolved = await send(`/api/v1/resolve?url=${encodeURIComponent(url)}`);
        expect(resolved.status, url).to.equal(200);
        expect(resolved.body, url).to.include({ platform: 'web', canonicalUrl: canonical.body.canonicalUrl });
        expect(['ok', 'degraded']).to.include(resolved.body.status);
      }),
      { seed: FUZZ_SEED, numRuns: 200 },
    );
  });
});

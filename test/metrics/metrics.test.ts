// GET /metrics on a real server, scraped before and after known traffic, with the in-memory cache
// and with a real Redis: exact deltas of the request, resolve, cache, upstream and /v/ counters,
// the breaker and Redis gauges, the key it needs, METRICS_ENABLED=false, and nothing secret in it.
import { expect } from 'chai';
import nock from 'nock';
import { q, TEST_KEY, TestApp } from '../support/app.js';
import { APPVIEW, appView, postUrl, thread } from '../support/bluesky.js';
import { getMedia, mediaPath } from '../support/media-client.js';
import { MediaUpstream, mediaBytes, serveBytes } from '../support/media-upstream.js';
import { delta, parseScrape, valueOf, type Scrape } from '../support/prometheus-text.js';
import { describeWithRedis, eventually, REDIS_URL, sleep, uniquePrefix } from '../support/redis.js';

const ENDPOINT = new URL(APPVIEW).hostname;
const SECRET = 'metrics-test-proxy-secret-0123456789abcdef';

async function scrape(app: TestApp): Promise<Scrape & { text: string }> {
  const res = await app.get('/metrics');
  expect(res.status).to.equal(200);
  expect(res.headers.get('content-type')).to.equal('text/plain; version=0.0.4; charset=utf-8');
  return { ...parseScrape(res.text), text: res.text };
}

function metricsSuite(label: string, env: () => Record<string, string>, redis: boolean) {
  describe(`${label}`, () => {
    let app: TestApp;
    let upstream: MediaUpstream;
    let run = 0;
    const resolve = (url: string) => app.get(`/api/v1/resolve?url=${q(url)}`);
    /** Post ids unique to this run, so a shared Redis never answers from an earlier one. */
    const prefix = () => `3km${label.replace(/\W/g, '')}${Date.now().toString(36)}${run}`;

    beforeEach(async () => {
      run++;
      upstream = await MediaUpstream.start();
      app = await TestApp.start({ ...env(), PROXY_SECRET: SECRET, BREAKER_THRESHOLD: '2', RATE_LIMIT_POINTS: '1000', CACHE_TTL_OK: '1' }, { mediaDispatcher: upstream.dispatcher() });
    });
    afterEach(async () => {
      nock.cleanAll();
      await app.close();
      await upstream.close();
    });

    it('when N posts are resolved and one again, counts N ok outcomes, N misses and a hit, N upstream latencies, and the requests by route', async () => {
      const p = prefix();
      appView(p, (rkey) => [200, thread(rkey)]);
      const before = await scrape(app);
      for (let i = 0; i < 3; i++) expect((await resolve(postUrl(`${p}${i}`))).body).to.include({ status: 'ok', cacheHit: false });
      // Redis: the write is asynchronous; the near copy answers the hit at once either way.
      expect((await resolve(postUrl(`${p}0`))).body).to.include({ status: 'ok', cacheHit: true });
      const after = await scrape(app);
      expect(delta(before, after, 'postlens_resolves_total', { platform: 'bluesky', status: 'ok', reason: '' })).to.equal(4);
      expect(delta(before, after, 'postlens_cache_answers_total', { answer: 'miss' })).to.equal(3);
      expect(delta(before, after, 'postlens_cache_answers_total', { answer: 'hit' })).to.equal(1);
      expect(delta(before, after, 'postlens_upstream_request_duration_seconds_count', { platform: 'bluesky', endpoint: ENDPOINT, outcome: 'response' })).to.equal(3);
      expect(after.types.get('postlens_upstream_request_duration_seconds')).to.equal('histogram');
      expect(delta(before, after, 'postlens_http_requests_total', { route: '/api/v1/resolve', method: 'GET', status: 200 })).to.equal(4);
      // The scrape before counts itself once its answer is written: this one is in `after`.
      expect(delta(before, after, 'postlens_http_requests_total', { route: '/metrics', method: 'GET', status: 200 })).to.equal(1);
    });

    it('counts a 404, a 401 and a 200 answered by the hot path (canonical never reaches Koa)', async () => {
      const before = await scrape(app);
      expect((await app.get('/no/such/path/123')).status).to.equal(404);
      expect((await app.get('/api/v1/platforms', { anonymous: true })).status).to.equal(401);
      expect((await app.get(`/api/v1/canonical?url=${q(postUrl('3kcanonical'))}`)).status).to.equal(200);
      expect((await app.get(`/api/v1/canonical?url=${q(postUrl('3kcanonical'))}`)).status).to.equal(200);
      const after = await scrape(app);
      expect(delta(before, after, 'postlens_http_requests_total', { route: 'unmatched', method: 'GET', status: 404 })).to.equal(1);
      expect(delta(before, after, 'postlens_http_requests_total', { route: '/api/v1/platforms', method: 'GET', status: 401 })).to.equal(1);
      expect(delta(before, after, 'postlens_http_requests_total', { route: '/api/v1/canonical', method: 'GET', status: 200 })).to.equal(2);
      // No raw path is ever a label.
      expect(after.text).not.to.include('/no/such/path');
      expect(after.text).not.to.include('3kcanonical');
    });

    it('when an ok entry is past its freshness and the upstream fails, counts a stale answer', async () => {
      const p = prefix();
      let failing = false;
      appView(p, (rkey) => (failing ? [500, { error: 'InternalServerError' }] : [200, thread(rkey)]));
      expect((await resolve(postUrl(`${p}s`))).body).to.include({ status: 'ok', cacheHit: false });
      await sleep(1300); // CACHE_TTL_OK=1: past its freshness, inside the stale-if-error window
      failing = true;
      const before = await scrape(app);
      expect((await resolve(postUrl(`${p}s`))).body).to.include({ status: 'ok', cacheHit: true });
      const after = await scrape(app);
      expect(delta(before, after, 'postlens_cache_answers_total', { answer: 'stale' })).to.equal(1);
      expect(valueOf(after, 'postlens_cache_answers_total', { answer: 'miss' })).to.equal(valueOf(before, 'postlens_cache_answers_total', { answer: 'miss' }));
      expect(delta(before, after, 'postlens_upstream_request_duration_seconds_count', { platform: 'bluesky', endpoint: ENDPOINT, outcome: 'response' })).to.equal(1);
    });

    it('when BREAKER_THRESHOLD upstream failures open the breaker, shows it open and counts the outcomes by reason', async () => {
      const p = prefix();
      appView(p, () => [500, { error: 'InternalServerError' }]);
      const before = await scrape(app);
      expect(valueOf(before, 'postlens_breaker_state', { platform: 'bluesky', state: 'open' }) ?? 0).to.equal(0);
      for (let i = 0; i < 2; i++) expect((await resolve(postUrl(`${p}${i}`))).body).to.include({ status: 'degraded', reason: 'upstream-error' });
      expect((await resolve(postUrl(`${p}x`))).body).to.include({ status: 'degraded', reason: 'circuit-open' });
      const after = await scrape(app);
      expect(valueOf(after, 'postlens_breaker_state', { platform: 'bluesky', state: 'open' })).to.equal(1);
      expect(valueOf(after, 'postlens_breaker_state', { platform: 'bluesky', state: 'closed' })).to.equal(0);
      expect(delta(before, after, 'postlens_resolves_total', { platform: 'bluesky', status: 'degraded', reason: 'upstream-error' })).to.equal(2);
      expect(delta(before, after, 'postlens_resolves_total', { platform: 'bluesky', status: 'degraded', reason: 'circuit-open' })).to.equal(1);
      expect(valueOf(after, 'postlens_bulkhead_running', { platform: 'bluesky' })).to.equal(0);
      expect(valueOf(after, 'postlens_bulkhead_queued', { platform: 'bluesky' })).to.equal(0);
    });

    it('when a /v/ stream is sent, adds its bytes, ends with no stream in flight, and the token appears nowhere', async () => {
      const body = mediaBytes(123_457);
      const video = 'https://v16-webapp-prime.tiktok.com/video/tos/metrics/?expire=1999999999&signature=abc';
      upstream.on(video, serveBytes(body));
      const path = mediaPath(SECRET, { url: video, headers: { referer: 'https://www.tiktok.com/' }, mimeType: 'video/mp4', platform: 'tiktok', canonicalUrl: 'https://www.tiktok.com/@i/video/7400000000000000101' });
      const before = await scrape(app);
      const answer = await getMedia(app, path);
      expect(answer.status).to.equal(200);
      expect(answer.body.length).to.equal(body.length);
      const after = await scrape(app);
      expect(delta(before, after, 'postlens_media_bytes_sent_total')).to.equal(body.length);
      expect(valueOf(after, 'postlens_media_streams_in_flight')).to.equal(0);
      expect(delta(before, after, 'postlens_http_requests_total', { route: '/v/{*token}', method: 'GET', status: 200 })).to.equal(1);
      const token = path.slice('/v/'.length);
      expect(after.text).not.to.include(token);
      expect(after.text).not.to.include(TEST_KEY);
      expect(after.text).not.to.include(SECRET);
      expect(after.text).not.to.include('signature=abc');
    });

    it(redis ? 'shows Redis up (1), and Node process metrics' : 'has no Redis gauge (no Redis), and Node process metrics', async () => {
      // The client connects in the background after start: up once it is ready.
      if (redis) expect(await eventually(async () => valueOf(await scrape(app), 'postlens_redis_up') === 1, 3000)).to.equal(true);
      const now = await scrape(app);
      expect(valueOf(now, 'postlens_redis_up')).to.equal(redis ? 1 : undefined);
      expect(now.types.get('process_cpu_user_seconds_total')).to.equal('counter');
      expect(valueOf(now, 'nodejs_heap_size_used_bytes')).to.be.greaterThan(0);
    });

    it('without the key, answers 401 and shows nothing', async () => {
      const res = await app.get('/metrics', { anonymous: true });
      expect(res.status).to.equal(401);
      expect(res.text).not.to.include('postlens_');
    });
  });
}

describe('GET /metrics', () => {
  metricsSuite('memory cache', () => ({}), false);

  describeWithRedis('with a real Redis', function () {
    metricsSuite('redis', () => ({ REDIS_URL, REDIS_KEY_PREFIX: uniquePrefix('metrics') }), true);
  });

  it('when Redis does not answer, shows it down (0)', async () => {
    // A loopback port nothing listens on: the client keeps failing to connect.
    const app = await TestApp.start({ REDIS_URL: 'redis://127.0.0.1:1', REDIS_KEY_PREFIX: uniquePrefix('metrics-down') });
    try {
      expect(valueOf(await scrape(app), 'postlens_redis_up')).to.equal(0);
    } finally {
      await app.close();
    }
  });

  it('when METRICS_ENABLED is false, answers 404 like any unknown path', async () => {
    const app = await TestApp.start({ METRICS_ENABLED: 'false' });
    try {
      const res = await app.get('/metrics');
      expect(res.status).to.equal(404);
      expect(res.body).to.include({ code: 'NOT_FOUND' });
    } finally {
      await app.close();
    }
  });
});

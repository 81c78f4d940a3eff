// `video.playableUrl` over HTTP (docs/design.md §7): present exactly when asked for,
// enabled and allowed; minted per response; opening to the sealed ticket; and nothing secret in
// any answer, token or log line.
import { expect } from 'chai';
import nock from 'nock';
import { CACHE, type Cache } from '../../src/application/ports/cache.port.js';
import { ResolveUseCase } from '../../src/application/use-cases/resolve.js';
import { loadConfig } from '../../src/config/config.js';
import { compose } from '../../src/container.js';
import { loadRecordedExchanges, type RecordedExchange } from '../../src/infrastructure/http/recorded-exchanges.js';
import { AesGcmSigner } from '../../src/infrastructure/signer/aes-gcm.signer.js';
import { q, TestApp, type TestResponse } from '../support/app.js';
import { fixturePath, useExchanges, useFixture } from '../support/fixtures.js';
import { publicLookup } from '../support/lookup.js';

const SECRET = 'playable-url-test-secret-0123456789abcdef';
const BASE = 'https://media.postlens.test/base/';
const ENV = { PROXY_SECRET: SECRET, PUBLIC_BASE_URL: BASE, PROXY_TOKEN_TTL: '600' };

const TIKTOK_POST = 'https://www.tiktok.com/@marta.bakes/video/7400000000000000101';
const TIKTOK_KEY = 'r1:tiktok:7400000000000000101';
// What test/platforms/tiktok/fixtures/video.json sets: the chain-token cookie the CDN wants, and the Referer.
const CHAIN_TOKEN = 'Q2hhaW5Ub2tlbk1hcnRh==';
// (The cookie's name is no secret: TikTok's own video URL carries `tk=tt_chain_token`.)
const SECRETS = [CHAIN_TOKEN, 'Q2hhaW5Ub2tlbk1hcnRh', 'TestCsrfToken-1234', 'testTtwidValue', SECRET];
const TWEET = 'https://x.com/i/status/1790000000000000103';

/**
 * The TikTok fixture, its signed media URLs (expire, x-expires) moved an hour past now: the fixture's own
 * dates are long gone, and a media URL that has expired gets no playableUrl (its token would be
 * dead on arrival). `edit` changes the page text further.
 */
function useTikTok(edit: (text: string) => string = (text) => text): { expiresAt: number } {
  const expires = Math.floor(Date.now() / 1000) + 3600;
  const defs = loadRecordedExchanges(fixturePath('tiktok', 'video')).map(
    (def) => JSON.parse(edit(JSON.stringify(def)).replace(/(x-expires|expire)=\d{10}/g, `$1=${expires}`)) as RecordedExchange,
  );
  useExchanges(defs);
  return { expiresAt: expires * 1000 };
}

function tokenOf(playableUrl: string): string {
  expect(playableUrl.startsWith('https://media.postlens.test/base/v/'), playableUrl).to.equal(true);
  return playableUrl.slice('https://media.postlens.test/base/v/'.length);
}

/** Every way a secret could show in a response: body, headers, and the token decoded both ways. */
function expectNoSecrets(res: TestResponse): void {
  const readings = [res.text, JSON.stringify([...res.headers.entries()])];
  for (const match of res.text.matchAll(/\/v\/([A-Za-z0-9_-]+)/g)) {
    readings.push(match[1]!, Buffer.from(match[1]!, 'base64url').toString('latin1'), Buffer.from(match[1]!, 'base64').toString('latin1'));
  }
  for (const reading of readings) for (const secret of SECRETS) expect(reading, `a response holds ${secret}`).not.to.include(secret);
  // The Referer is the TikTok origin, which the card's own links contain: look for it as a header.
  expect(res.text).not.to.match(/"(cookie|referer|mediaHeaders|headers)"/i);
}

describe('video.playableUrl', () => {
  let app: TestApp;
  const signer = new AesGcmSigner({ current: SECRET });
  afterEach(async () => {
    nock.cleanAll();
    await app?.close();
  });

  describe('GET /api/v1/resolve', () => {
    beforeEach(async () => {
      app = await TestApp.start(ENV);
    });

    it('when media=proxied on a TikTok video, adds a playableUrl that opens to the raw URL, its cookie and Referer, and keeps video.url raw', async () => {
      const { expiresAt } = useTikTok();
      const before = Date.now();
      const res = await app.get(`/api/v1/resolve?url=${q(TIKTOK_POST)}&media=proxied`);
      expect(res.body).to.include({ status: 'ok', platform: 'tiktok', kind: 'video' });
      const { video } = res.body;
      expect(video.url).to.match(/^https:\/\/v16-webapp-prime\.tiktok\.com\/video\//);
      expect(video.needsProxy).to.equal(true);
      const opened = signer.open(tokenOf(video.playableUrl), Date.now());
      if (!opened.ok) expect.fail(`the playableUrl's token does not open: ${opened.error}`);
      expect(opened.ticket).to.deep.equal({
        url: video.url,
        headers: { cookie: `tt_chain_token=${CHAIN_TOKEN}`, referer: 'https://www.tiktok.com/' },
        mimeType: video.mimeType,
        platform: 'tiktok',
        canonicalUrl: TIKTOK_POST,
      });
      // PROXY_TOKEN_TTL (600 s) is sooner than the media URL's expiry (an hour): the TTL wins.
      expect(opened.expiresAt).to.be.within(before + 600_000, Date.now() + 600_000);
      expect(opened.expiresAt).to.be.below(expiresAt);
    });

    it('when the media URL expires before PROXY_TOKEN_TTL, the token expires with it', async () => {
      await app.close();
      app = await TestApp.start({ ...ENV, PROXY_TOKEN_TTL: '86400' });
      const { expiresAt } = useTikTok();
      const res = await app.get(`/api/v1/resolve?url=${q(TIKTOK_POST)}&media=proxied`);
      const opened = signer.open(tokenOf(res.body.video.playableUrl), Date.now());
      expect(opened.ok && opened.expiresAt).to.equal(expiresAt);
    });

    it('when media is not given, answers the same card without a playableUrl', async () => {
      useTikTok();
      const raw = await app.get(`/api/v1/resolve?url=${q(TIKTOK_POST)}`);
      const proxied = await app.get(`/api/v1/resolve?url=${q(TIKTOK_POST)}&media=proxied`);
      expect(raw.body.video).to.not.have.property('playableUrl');
      const { playableUrl, ...rest } = proxied.body.video;
      expect(playableUrl).to.be.a('string');
      expect({ ...proxied.body, video: rest, cacheHit: false }).to.deep.equal(raw.body);
    });

    it('when the result comes from the cache, mints a fresh token each time and the cache entry holds none', async () => {
      useTikTok();
      const first = await app.get(`/api/v1/resolve?url=${q(TIKTOK_POST)}&media=proxied`);
      nock.cleanAll();
      const second = await app.get(`/api/v1/resolve?url=${q(TIKTOK_POST)}&media=proxied`);
      const third = await app.get(`/api/v1/resolve?url=${q(TIKTOK_POST)}&media=proxied`);
      expect([first.body.cacheHit, second.body.cacheHit, third.body.cacheHit]).to.deep.equal([false, true, true]);
      const urls = [first, second, third].map((r) => r.body.video.playableUrl as string);
      expect(new Set(urls).size).to.equal(3);
      for (const url of urls) expect(signer.open(tokenOf(url), Date.now()).ok).to.equal(true);
    });

    it('when the video is an open one (X, needsProxy false), still adds a playableUrl: rule 3 does not depend on needsProxy', async () => {
      useFixture('twitter', 'syndication-video');
      const res = await app.get(`/api/v1/resolve?url=${q(TWEET)}&media=proxied`);
      expect(res.body.video).to.include({ needsProxy: false });
      const opened = signer.open(tokenOf(res.body.video.playableUrl), Date.now());
      expect(opened.ok && opened.ticket).to.deep.equal({ url: res.body.video.url, headers: {}, mimeType: res.body.video.mimeType, platform: 'twitter', canonicalUrl: res.body.canonicalUrl });
    });

    it("when the video's host is not on the platform's media allowlist, leaves playableUrl out", async () => {
      useTikTok((text) => text.replaceAll('v16-webapp-prime.tiktok.com', 'cdn.elsewhere.test'));
      const res = await app.get(`/api/v1/resolve?url=${q(TIKTOK_POST)}&media=proxied`);
      expect(res.body.video.url).to.match(/^https:\/\/cdn\.elsewhere\.test\//);
      expect(res.body.video).to.not.have.property('playableUrl');
    });

    it('when the media URL has already expired, leaves playableUrl out (its token would be dead on arrival)', async () => {
      useFixture('tiktok', 'video'); // its media URLs expired in 2025
      const res = await app.get(`/api/v1/resolve?url=${q(TIKTOK_POST)}&media=proxied`);
      expect(res.body.status).to.equal('ok');
      expect(res.body.video).to.not.have.property('playableUrl');
    });

    it('when the answer is a card, a token or a log line, no cookie or upstream header value is in it', async () => {
      useTikTok();
      for (const path of [`/api/v1/resolve?url=${q(TIKTOK_POST)}&media=proxied`, `/api/v1/resolve?url=${q(TIKTOK_POST)}`, `/api/v1/resolve?url=${q(TIKTOK_POST)}&media=proxied`]) {
        expectNoSecrets(await app.get(path));
      }
      expectNoSecrets(await app.request('/api/v1/resolve', { body: { urls: [TIKTOK_POST, `${TIKTOK_POST}?is_from_webapp=1`], media: 'proxied' } }));
      for (const line of app.logs) for (const secret of SECRETS) expect(line, `a log line holds ${secret}`).not.to.include(secret);
    });
  });

  describe('POST /api/v1/resolve (batch)', () => {
    beforeEach(async () => {
      app = await TestApp.start(ENV);
    });

    it('when media is proxied, every video item gets its own playableUrl; other items are untouched', async () => {
      useTikTok();
      useFixture('twitter', 'syndication-video');
      const res = await app.request('/api/v1/resolve', { body: { urls: [TIKTOK_POST, TWEET, 'https://example.com/a'], media: 'proxied' } });
      const [tiktok, tweet, other] = res.body.results;
      expect(signer.open(tokenOf(tiktok.video.playableUrl), Date.now()).ok).to.equal(true);
      expect(signer.open(tokenOf(tweet.video.playableUrl), Date.now()).ok).to.equal(true);
      expect(tiktok.video.url).to.match(/^https:\/\/v16-webapp-prime\.tiktok\.com\//);
      expect(other).to.deep.equal({ url: 'https://example.com/a', status: 'no-adapter', platform: 'none', canonicalUrl: 'https://example.com/a' });
    });

    it('when media is not given, no item has a playableUrl', async () => {
      useTikTok();
      useFixture('twitter', 'syndication-video');
      const res = await app.request('/api/v1/resolve', { body: { urls: [TIKTOK_POST, TWEET] } });
      for (const item of res.body.results) {
        expect(item.status).to.equal('ok');
        expect(item.video).to.not.have.property('playableUrl');
      }
    });
  });

  describe('with PROXY_ENABLED=false', () => {
    it('when media=proxied is asked, on GET or batch, leaves playableUrl out', async () => {
      app = await TestApp.start({ ...ENV, PROXY_ENABLED: 'false' });
      useTikTok();
      const single = await app.get(`/api/v1/resolve?url=${q(TIKTOK_POST)}&media=proxied`);
      expect(single.body.video).to.include({ needsProxy: true }).and.not.have.property('playableUrl');
      const batch = await app.request('/api/v1/resolve', { body: { urls: [TIKTOK_POST], media: 'proxied' } });
      expect(batch.body.results[0].video).to.not.have.property('playableUrl');
    });
  });

  describe('the cache entry', () => {
    it('when a proxied answer was given, the stored entry holds the media headers for the proxy but no token or playableUrl', async () => {
      const composition = compose(loadConfig({ ...ENV, API_KEYS: 'k'.repeat(24), LOG_LEVEL: 'silent' }), { upstreamLookup: publicLookup });
      try {
        useTikTok();
        const answer = await composition.container.resolve(ResolveUseCase).execute(TIKTOK_POST, { media: 'proxied' });
        const token = answer.ok && answer.result.status === 'ok' ? tokenOf(answer.result.video!.playableUrl!) : expect.fail('no playableUrl');
        const entry = await composition.container.resolve<Cache>(CACHE).get(TIKTOK_KEY);
        const text = JSON.stringify(entry);
        expect(text).not.to.include('playableUrl');
        expect(text).not.to.include(token);
        expect((entry as { mediaHeaders?: unknown }).mediaHeaders).to.deep.equal({ cookie: `tt_chain_token=${CHAIN_TOKEN}`, referer: 'https://www.tiktok.com/' });
      } finally {
        await composition.close();
      }
    });
  });

  describe('mutated tokens on /v/', () => {
    // The /v/ route answers a token that does not open with 404 (tampered, unknown key, malformed):
    // never a 5xx, never a 403, never media. (Mutations never read as expired: the expiry is checked
    // only once the tag holds.) The signer test runs the exhaustive set; this is a sample through HTTP.
    it('when every byte of a playableUrl token has a bit flipped, or the token is cut or has a stray character, GET and HEAD answer 404', async function () {
      this.timeout(120_000); // hundreds of requests, beside another worker on a loaded machine
      app = await TestApp.start({ ...ENV, PUBLIC_RATE_LIMIT_POINTS: '100000' });
      useTikTok();
      const res = await app.get(`/api/v1/resolve?url=${q(TIKTOK_POST)}&media=proxied`);
      const token = tokenOf(res.body.video.playableUrl);
      const bytes = Buffer.from(token, 'base64url');
      const mutated = new Set<string>();
      for (let i = 0; i < bytes.length; i++) {
        const copy = Buffer.from(bytes);
        copy[i]! ^= 1 << (i % 8);
        mutated.add(copy.toString('base64url'));
      }
      for (let n = 1; n < token.length; n += 7) mutated.add(token.slice(0, n));
      // Text-level flips that leave the base64url alphabet ('/', '.', '%', non-ASCII…), sent encoded.
      for (let i = 0; i < token.length; i += 13) {
        for (const bit of [0, 4, 5, 7]) mutated.add(token.slice(0, i) + String.fromCharCode(token.charCodeAt(i) ^ (1 << bit)) + token.slice(i + 1));
      }
      mutated.add(`${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}.mp4`);
      mutated.delete(token);
      expect(mutated.size).to.be.at.least(500);
      const statuses = new Map<number, number>();
      for (const candidate of mutated) {
        for (const method of ['GET', 'HEAD']) {
          const answer = await app.request(`/v/${encodeURIComponent(candidate)}`, { method, anonymous: true });
          statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        }
      }
      expect(Object.fromEntries(statuses)).to.deep.equal({ 404: mutated.size * 2 });
    });
  });
});

// The resolve use case's media side, with a fake adapter: when a playableUrl is minted, and the
// media proxy's refresh (freshMediaTicket).
import { expect } from 'chai';
import { Platforms } from '../../src/application/platforms.js';
import type { AdapterResult, PlatformAdapter } from '../../src/application/ports/platform-adapter.port.js';
import type { MediaTicket, Signer } from '../../src/application/ports/signer.port.js';
import type { Settings } from '../../src/application/settings.js';
import { ResolveUseCase, type ResolveResult } from '../../src/application/use-cases/resolve.js';
import { servedVideo, type Video } from '../../src/domain/card.js';
import { createPlatformSpecs } from '../../src/domain/platforms/index.js';
import { MemoryCache } from '../../src/infrastructure/cache/memory.cache.js';
import { AesGcmSigner } from '../../src/infrastructure/signer/aes-gcm.signer.js';
import { collectingLogger } from '../support/redis.js';
import { testGuard } from '../support/guard.js';

const NOW = 1_800_000_000_000;
const SETTINGS: Settings = {
  maxUrlLength: 2048,
  maxBatch: 50,
  resolveBudgetMs: 1000,
  cacheTtlOk: 3600,
  cacheTtlDegraded: 60,
  disabledPlatforms: [],
  proxyEnabled: true,
  proxyTokenTtl: 600,
  publicBaseUrl: 'https://postlens.test/',
};
const POST = 'https://www.tiktok.com/@someone/video/7300000000000000001';
const HEADERS = { cookie: 'tt_chain_token=c2VjcmV0', referer: 'https://www.tiktok.com/' };
const MP4: Video = { url: 'https://v16-webapp.tiktok.com/video/abc.mp4', mimeType: 'video/mp4' };

/**
 * A TikTok adapter answering from `answers` in turn (the last one repeats), counting its calls. The
 * media allowlist is TikTok's spec's.
 */
function fakeAdapter(answers: AdapterResult[]): PlatformAdapter & { calls: number } {
  const adapter = {
    calls: 0,
    resolve: async (): Promise<AdapterResult> => answers[Math.min(adapter.calls++, answers.length - 1)]!,
  };
  return adapter;
}

function videoCard(video: Video, extra: Partial<Extract<AdapterResult, { ok: true }>> = {}): AdapterResult {
  return { ok: true, card: { kind: 'video', nsfw: false, video }, mediaHeaders: HEADERS, ...extra };
}

const signer = new AesGcmSigner({ current: 'resolve-media-test-secret-0123456789' });

function setup(answers: AdapterResult[], options: { settings?: Partial<Settings>; signer?: Signer } = {}) {
  const adapter = fakeAdapter(answers);
  const cache = new MemoryCache({ maxEntries: 10 });
  const logger = collectingLogger();
  const resolve = new ResolveUseCase(new Platforms(createPlatformSpecs(), { tiktok: adapter }), cache, { now: () => NOW }, logger, { ...SETTINGS, ...options.settings }, options.signer ?? signer, testGuard());
  return { adapter, cache, resolve, logger };
}

async function resolved(resolve: ResolveUseCase, media: 'raw' | 'proxied' = 'proxied'): Promise<ResolveResult & { status: 'ok' }> {
  const answer = await resolve.execute(POST, { media });
  if (!answer.ok || answer.result.status !== 'ok') throw new Error(`not ok: ${JSON.stringify(answer)}`);
  return answer.result;
}

describe('resolve: playableUrl', () => {
  it('when allowed, mints {publicBaseUrl}/v/{token} sealing the ticket, the TTL cut to the media expiry', async () => {
    const { resolve } = setup([videoCard(MP4, { mediaExpiresAt: NOW + 120_000 })]);
    const { video } = await resolved(resolve);
    expect(video!.playableUrl).to.match(/^https:\/\/postlens\.test\/v\/[A-Za-z0-9_-]+$/);
    const opened = signer.open(video!.playableUrl!.split('/v/')[1]!, NOW);
    expect(opened).to.deep.equal({ ok: true, expiresAt: NOW + 120_000, ticket: { url: MP4.url, headers: HEADERS, mimeType: 'video/mp4', platform: 'tiktok', canonicalUrl: POST } });
  });

  const absent: [string, AdapterResult, Partial<Settings>?][] = [
    ['the video URL is http', videoCard({ ...MP4, url: 'http://v16-webapp.tiktok.com/video/abc.mp4' })],
    ['the video host is off the allowlist', videoCard({ ...MP4, url: 'https://cdn.elsewhere.test/abc.mp4' })],
    ['the video is a player page (text/html)', videoCard({ ...MP4, url: 'https://v16-webapp.tiktok.com/embed/1', mimeType: 'text/html' })],
    ['the media URL has already expired', videoCard(MP4, { mediaExpiresAt: NOW })],
    ['the proxy is disabled', videoCard(MP4), { proxyEnabled: false }],
  ];
  for (const [why, answer, settings] of absent) {
    it(`when ${why}, leaves playableUrl out and the video as it was`, async () => {
      const { resolve } = setup([answer], { settings });
      const { video } = await resolved(resolve);
      // As the adapter gave it, with the spec's needsProxy (TikTok's media need the proxy; a player page does not).
      expect(video).to.deep.equal(servedVideo((answer as { card: { video: Video } }).card.video, true));
    });
  }

  it('when the sealed token would be over the length cap, leaves playableUrl out and logs why', async () => {
    const long: Signer = { seal: () => 'A'.repeat(5000), open: () => ({ ok: false, error: 'malformed' }) };
    const { resolve, logger } = setup([videoCard(MP4)], { signer: long });
    expect((await resolved(resolve)).video).to.not.have.property('playableUrl');
    expect(logger.lines).to.deep.include({ level: 'warn', fields: { platform: 'tiktok', tokenLength: 5000 }, message: 'media token over the length cap; playableUrl left out' });
  });

  it('when a raw and a proxied request share one upstream fetch, only the proxied answer has a playableUrl', async () => {
    const { resolve, adapter } = setup([videoCard(MP4)]);
    const [raw, proxied] = await Promise.all([resolved(resolve, 'raw'), resolved(resolve, 'proxied')]);
    expect(adapter.calls).to.equal(1);
    expect(raw.video).to.not.have.property('playableUrl');
    expect(proxied.video).to.have.property('playableUrl');
  });

  it('when proxied answers were given, the cache entry holds no token', async () => {
    const { resolve, cache } = setup([videoCard(MP4)]);
    await resolved(resolve);
    await resolved(resolve);
    const entry = JSON.stringify(await cache.get('r1:tiktok:7300000000000000001'));
    expect(entry).not.to.include('playableUrl').and.not.to.include('/v/');
  });
});

describe('resolve: freshMediaTicket', () => {
  it('when the post still has a video, resolves it again past the cache and returns the fresh ticket, cached for the next reader', async () => {
    const fresh: Video = { ...MP4, url: 'https://v16-webapp.tiktok.com/video/fresh.mp4' };
    const { resolve, adapter } = setup([videoCard(MP4), videoCard(fresh, { mediaHeaders: { cookie: 'tt_chain_token=bmV3' } })]);
    await resolved(resolve);
    const ticket = await resolve.freshMediaTicket(POST);
    expect(adapter.calls).to.equal(2);
    expect(ticket).to.deep.equal({ url: fresh.url, headers: { cookie: 'tt_chain_token=bmV3' }, mimeType: 'video/mp4', platform: 'tiktok', canonicalUrl: POST } satisfies MediaTicket);
    const next = await resolved(resolve, 'raw');
    expect(next.cacheHit).to.equal(true);
    expect(next.video!.url).to.equal(fresh.url);
  });

  it('when the fresh result has no media headers, the ticket carries none', async () => {
    const { resolve } = setup([{ ok: true, card: { kind: 'video', nsfw: false, video: MP4 } }]);
    expect((await resolve.freshMediaTicket(POST))?.headers).to.deep.equal({});
  });

  const none: [string, AdapterResult][] = [
    ['the post is now degraded', { ok: false, reason: 'not-found' }],
    ['the post no longer has a video', { ok: true, card: { kind: 'image', nsfw: false, image: { url: 'https://p16.tiktokcdn.com/a.jpg' } } }],
    ['the fresh video is off the allowlist', videoCard({ ...MP4, url: 'https://cdn.elsewhere.test/abc.mp4' })],
  ];
  for (const [why, answer] of none) {
    it(`when ${why}, returns undefined`, async () => {
      const { resolve } = setup([answer]);
      expect(await resolve.freshMediaTicket(POST)).to.equal(undefined);
    });
  }

  it('when the URL is on no platform or malformed, returns undefined without fetching', async () => {
    const { resolve, adapter } = setup([videoCard(MP4)]);
    expect(await resolve.freshMediaTicket('https://example.com/video')).to.equal(undefined);
    expect(await resolve.freshMediaTicket('not a url at all')).to.equal(undefined);
    expect(adapter.calls).to.equal(0);
  });
});

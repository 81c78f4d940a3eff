// The upstream headers a video needs (TikTok's chain-token cookie, a CDN's Referer) are kept with
// the cached result for the media proxy, and never reach an answer, fresh or cached.
import { expect } from 'chai';
import { Platforms } from '../../src/application/platforms.js';
import type { AdapterResult, PlatformAdapter } from '../../src/application/ports/platform-adapter.port.js';
import type { Settings } from '../../src/application/settings.js';
import { ResolveUseCase } from '../../src/application/use-cases/resolve.js';
import { createPlatformSpecs } from '../../src/domain/platforms/index.js';
import { MemoryCache } from '../../src/infrastructure/cache/memory.cache.js';
import { collectingLogger } from '../support/redis.js';
import { testGuard } from '../support/guard.js';
import { AesGcmSigner } from '../../src/infrastructure/signer/aes-gcm.signer.js';

const SETTINGS: Settings = { maxUrlLength: 2048, maxBatch: 50, resolveBudgetMs: 1000, cacheTtlOk: 3600, cacheTtlDegraded: 60, disabledPlatforms: [], proxyEnabled: true, proxyTokenTtl: 3600, publicBaseUrl: 'http://localhost:8080' };
const SECRET_COOKIE = 'tt_chain_token=c2VjcmV0LWNoYWluLXRva2Vu';

const adapter: PlatformAdapter = {
  resolve: async (): Promise<AdapterResult> => ({
    ok: true,
    card: { kind: 'video', title: 'Someone (@someone)', nsfw: false, video: { url: 'https://v16-webapp.tiktok.com/video/abc.mp4', mimeType: 'video/mp4' } },
    mediaHeaders: { cookie: SECRET_COOKIE, referer: 'https://www.tiktok.com/' },
  }),
};

describe('media headers of a result', () => {
  it('when an adapter returns media headers, stores them with the result and leaves them out of every answer', async () => {
    const cache = new MemoryCache({ maxEntries: 10 });
    const resolve = new ResolveUseCase(new Platforms(createPlatformSpecs(), { tiktok: adapter }), cache, { now: () => Date.now() }, collectingLogger(), SETTINGS, new AesGcmSigner({ current: 'test-proxy-secret-0123456789abcdef' }), testGuard());
    const url = 'https://www.tiktok.com/@someone/video/7300000000000000001';
    const fresh = await resolve.execute(url);
    const cached = await resolve.execute(url);
    expect(cached.ok && 'cacheHit' in cached.result && cached.result.cacheHit).to.equal(true);
    for (const answer of [fresh, cached]) expect(JSON.stringify(answer)).not.to.include('c2VjcmV0LWNoYWluLXRva2Vu').and.not.to.include('referer');
    const entry = (await cache.get('r1:tiktok:7300000000000000001')) as { mediaHeaders?: unknown };
    expect(entry.mediaHeaders).to.deep.equal({ cookie: SECRET_COOKIE, referer: 'https://www.tiktok.com/' });
  });
});

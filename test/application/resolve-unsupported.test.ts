// A recognised platform whose adapter is missing from the instance still answers a branded
// `degraded` / `unsupported` card, with no upstream request.
import { expect } from 'chai';
import { Platforms } from '../../src/application/platforms.js';
import type { Settings } from '../../src/application/settings.js';
import { ResolveUseCase } from '../../src/application/use-cases/resolve.js';
import { createPlatformSpecs } from '../../src/domain/platforms/index.js';
import { MemoryCache } from '../../src/infrastructure/cache/memory.cache.js';
import { collectingLogger } from '../support/redis.js';
import { testGuard } from '../support/guard.js';
import { AesGcmSigner } from '../../src/infrastructure/signer/aes-gcm.signer.js';

const SETTINGS: Settings = { maxUrlLength: 2048, maxBatch: 50, resolveBudgetMs: 1000, cacheTtlOk: 3600, cacheTtlDegraded: 60, disabledPlatforms: [], proxyEnabled: true, proxyTokenTtl: 3600, publicBaseUrl: 'http://localhost:8080' };

describe('a platform without an adapter', () => {
  it('when its post is resolved, answers degraded unsupported with the platform branding', async () => {
    const resolve = new ResolveUseCase(new Platforms(createPlatformSpecs(), {}), new MemoryCache({ maxEntries: 10 }), { now: () => Date.now() }, collectingLogger(), SETTINGS, new AesGcmSigner({ current: 'test-proxy-secret-0123456789abcdef' }), testGuard());
    const answer = await resolve.execute('https://twitter.com/jack/status/20');
    expect(answer).to.deep.equal({
      ok: true,
      result: { status: 'degraded', platform: 'twitter', canonicalUrl: 'https://x.com/jack/status/20', reason: 'unsupported', kind: 'link', siteName: 'X', themeColor: '#000000', cacheHit: false },
    });
  });
});

// Short-link expansion in the resolve use case, with a scripted adapter: which hops are read, where
// the chain stops, what is cached, and that the answer names the expanded post.
import { expect } from 'chai';
import { Platforms } from '../../src/application/platforms.js';
import type { AdapterResult, PlatformAdapter, PostRef, ShortLinkHop } from '../../src/application/ports/platform-adapter.port.js';
import type { Settings } from '../../src/application/settings.js';
import { ResolveUseCase } from '../../src/application/use-cases/resolve.js';
import { createPlatformSpecs } from '../../src/domain/platforms/index.js';
import { MemoryCache } from '../../src/infrastructure/cache/memory.cache.js';
import { collectingLogger } from '../support/redis.js';
import { testGuard } from '../support/guard.js';
import { AesGcmSigner } from '../../src/infrastructure/signer/aes-gcm.signer.js';

const SETTINGS: Settings = { maxUrlLength: 2048, maxBatch: 50, resolveBudgetMs: 500, cacheTtlOk: 3600, cacheTtlDegraded: 60, disabledPlatforms: [], proxyEnabled: true, proxyTokenTtl: 3600, publicBaseUrl: 'http://localhost:8080' };

/** A twitter adapter whose short-link hops come from a table; it records what it was asked. */
class ScriptedAdapter implements PlatformAdapter {
  readonly hopsRead: string[] = [];
  readonly resolved: PostRef[] = [];

  constructor(
    private readonly hops: Record<string, ShortLinkHop | 'hang'>,
    private readonly timing: { hopMs?: number; postHangs?: boolean } = {},
  ) {}

  async readShortLink(url: string, signal: AbortSignal): Promise<ShortLinkHop> {
    this.hopsRead.push(url);
    const hop = this.hops[url];
    if (hop === 'hang') return untilAborted(signal);
    if (this.timing.hopMs) await new Promise((resolve) => setTimeout(resolve, this.timing.hopMs));
    return hop ?? { ok: false, reason: 'not-found' };
  }

  async resolve(post: PostRef, signal: AbortSignal): Promise<AdapterResult> {
    this.resolved.push(post);
    if (this.timing.postHangs) return untilAborted(signal);
    return { ok: true, card: { kind: 'link', title: `post ${post.contentId}`, nsfw: false } };
  }
}

/** An open-web page whose redirects lead, after `delayMs`, to a URL a platform claims. */
class HandingOffPage implements PlatformAdapter {
  readonly asked: string[] = [];

  constructor(
    private readonly handOff: string,
    private readonly delayMs: number,
  ) {}

  async resolve(post: PostRef): Promise<AdapterResult> {
    this.asked.push(post.canonicalUrl);
    await new Promise((resolve) => setTimeout(resolve, this.delayMs));
    return { ok: false, reason: 'unsupported', handOff: this.handOff, unasked: true };
  }
}

/** A call that never answers: it fails only when its signal aborts. */
function untilAborted(signal: AbortSignal): Promise<never> {
  return new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(new Error('aborted'))));
}

function useCase(adapter: PlatformAdapter, cache = new MemoryCache({ maxEntries: 100 }), settings = SETTINGS) {
  const clock = { now: () => Date.now() };
  return { cache, resolve: new ResolveUseCase(new Platforms(createPlatformSpecs(), { twitter: adapter }), cache, clock, collectingLogger(), settings, new AesGcmSigner({ current: 'test-proxy-secret-0123456789abcdef' }), testGuard()) };
}

async function resolveUrl(resolve: ResolveUseCase, url: string) {
  const answer = await resolve.execute(url);
  if (!answer.ok) throw new Error(answer.error);
  return answer.result;
}

describe('short links in the resolve use case', () => {
  it('when a t.co link redirects to a post, resolves that post and answers with its canonical URL', async () => {
    const adapter = new ScriptedAdapter({ 'https://t.co/AbCdEf1234': { ok: true, location: 'https://twitter.com/Someone/status/1234567890?s=20' } });
    const { resolve, cache } = useCase(adapter);
    const result = await resolveUrl(resolve, 'https://t.co/AbCdEf1234');
    // The handle keeps the case the link's target gives it (docs/design.md §3).
    expect(result).to.include({ status: 'ok', platform: 'twitter', canonicalUrl: 'https://x.com/Someone/status/1234567890', title: 'post 1234567890', cacheHit: false });
    expect(adapter.resolved.map((p) => p.contentId)).to.deep.equal(['1234567890']);
    expect(await cache.get('l1:twitter:https://t.co/AbCdEf1234')).to.equal('https://x.com/Someone/status/1234567890');
  });

  it('when the same short link comes again, reads the expansion and the post from the cache without a hop', async () => {
    const adapter = new ScriptedAdapter({ 'https://t.co/AbCdEf1234': { ok: true, location: 'https://x.com/someone/status/1234567890' } });
    const { resolve } = useCase(adapter);
    await resolveUrl(resolve, 'https://t.co/AbCdEf1234');
    const again = await resolveUrl(resolve, 'https://t.co/AbCdEf1234');
    expect(again).to.include({ status: 'ok', canonicalUrl: 'https://x.com/someone/status/1234567890', cacheHit: true });
    expect(adapter.hopsRead).to.have.length(1);
    expect(adapter.resolved).to.have.length(1);
  });

  it('when a short link and the post URL it names are resolved, they share one cache entry', async () => {
    const adapter = new ScriptedAdapter({ 'https://t.co/AbCdEf1234': { ok: true, location: 'https://x.com/someone/status/1234567890' } });
    const { resolve } = useCase(adapter);
    await resolveUrl(resolve, 'https://x.com/someone/status/1234567890');
    const viaShort = await resolveUrl(resolve, 'https://t.co/AbCdEf1234');
    expect(viaShort).to.include({ status: 'ok', cacheHit: true });
    expect(adapter.resolved).to.have.length(1);
  });

  it('when a short link points to another short link, follows it', async () => {
    const adapter = new ScriptedAdapter({
      'https://t.co/AbCdEf1234': { ok: true, location: 'https://t.co/ZzYyXx9876' },
      'https://t.co/ZzYyXx9876': { ok: true, location: 'https://x.com/i/status/42' },
    });
    const { resolve } = useCase(adapter);
    const result = await resolveUrl(resolve, 'https://t.co/AbCdEf1234');
    expect(result).to.include({ status: 'ok', canonicalUrl: 'https://x.com/i/status/42' });
    expect(adapter.hopsRead).to.deep.equal(['https://t.co/AbCdEf1234', 'https://t.co/ZzYyXx9876']);
  });

  it('when short links loop, gives up after five hops with upstream-error and caches nothing', async () => {
    const adapter = new ScriptedAdapter({
      'https://t.co/AbCdEf1234': { ok: true, location: 'https://t.co/ZzYyXx9876' },
      'https://t.co/ZzYyXx9876': { ok: true, location: 'https://t.co/AbCdEf1234' },
    });
    const { resolve, cache } = useCase(adapter);
    const result = await resolveUrl(resolve, 'https://t.co/AbCdEf1234');
    expect(result).to.include({ status: 'degraded', reason: 'upstream-error', canonicalUrl: 'https://t.co/AbCdEf1234', kind: 'link', siteName: 'X' });
    expect(adapter.hopsRead).to.have.length(5);
    expect(await cache.get('l1:twitter:https://t.co/AbCdEf1234')).to.equal(undefined);
  });

  it('when a t.co link leaves the platform, answers unsupported without following it', async () => {
    const adapter = new ScriptedAdapter({ 'https://t.co/AbCdEf1234': { ok: true, location: 'https://news.example/story' } });
    const { resolve } = useCase(adapter);
    const result = await resolveUrl(resolve, 'https://t.co/AbCdEf1234');
    expect(result).to.include({ status: 'degraded', reason: 'unsupported', canonicalUrl: 'https://t.co/AbCdEf1234' });
    expect(adapter.resolved).to.deep.equal([]);
  });

  it('when a short link lands on a login page of the platform, answers blocked', async () => {
    const adapter = new ScriptedAdapter({ 'https://t.co/AbCdEf1234': { ok: true, location: 'https://x.com/login?redirect_after_login=%2Fi%2Fstatus%2F1' } });
    const { resolve } = useCase(adapter);
    expect(await resolveUrl(resolve, 'https://t.co/AbCdEf1234')).to.include({ status: 'degraded', reason: 'blocked' });
  });

  it('when a short link lands on a profile page, answers unsupported', async () => {
    const adapter = new ScriptedAdapter({ 'https://t.co/AbCdEf1234': { ok: true, location: 'https://x.com/someone' } });
    const { resolve } = useCase(adapter);
    expect(await resolveUrl(resolve, 'https://t.co/AbCdEf1234')).to.include({ status: 'degraded', reason: 'unsupported' });
  });

  it('when the short link is unknown to its service, answers not-found with the short link as canonical URL', async () => {
    const adapter = new ScriptedAdapter({});
    const { resolve } = useCase(adapter);
    expect(await resolveUrl(resolve, 'https://t.co/AbCdEf1234')).to.include({ status: 'degraded', reason: 'not-found', canonicalUrl: 'https://t.co/AbCdEf1234' });
  });

  it('when the hop does not answer within the budget, answers timeout within about the budget', async () => {
    const adapter = new ScriptedAdapter({ 'https://t.co/AbCdEf1234': 'hang' });
    const { resolve } = useCase(adapter);
    const started = Date.now();
    const result = await resolveUrl(resolve, 'https://t.co/AbCdEf1234');
    expect(result).to.include({ status: 'degraded', reason: 'timeout' });
    expect(Date.now() - started).to.be.lessThan(SETTINGS.resolveBudgetMs + 400);
  });

  it('when the hop takes most of the budget and the post does not answer, the two together end within about the one budget', async () => {
    // The expansion spends 60% of the budget; the post gets only what is left, not a budget of its own.
    const budgetMs = 1000;
    const hopMs = 600;
    const adapter = new ScriptedAdapter({ 'https://t.co/AbCdEf1234': { ok: true, location: 'https://x.com/i/status/42' } }, { hopMs, postHangs: true });
    const { resolve } = useCase(adapter, undefined, { ...SETTINGS, resolveBudgetMs: budgetMs });
    const started = Date.now();
    const result = await resolveUrl(resolve, 'https://t.co/AbCdEf1234');
    const elapsed = Date.now() - started;
    expect(result).to.include({ status: 'degraded', reason: 'timeout' });
    expect(adapter.resolved.map((p) => p.contentId)).to.deep.equal(['42']);
    // Half the hop's time either side as margin: ~1000 ms within the budget, ~1600 ms with a fresh one for the post.
    expect(elapsed).to.be.at.least(budgetMs - 100);
    expect(elapsed).to.be.lessThan(budgetMs + hopMs / 2);
  });

  it('when an open-web page hands off to a short link after most of the budget, the expansion gets only what is left', async () => {
    // The page (a redirect onto t.co) takes 60% of the budget; the short link's hop never answers.
    const budgetMs = 1000;
    const pageMs = 600;
    const twitter = new ScriptedAdapter({ 'https://t.co/AbCdEf1234': 'hang' });
    const web = new HandingOffPage('https://t.co/AbCdEf1234', pageMs);
    const settings = { ...SETTINGS, resolveBudgetMs: budgetMs, webCards: true };
    const resolve = new ResolveUseCase(new Platforms(createPlatformSpecs(), { twitter, web }), new MemoryCache({ maxEntries: 100 }), { now: () => Date.now() }, collectingLogger(), settings, new AesGcmSigner({ current: 'test-proxy-secret-0123456789abcdef' }), testGuard());
    const started = Date.now();
    const result = await resolveUrl(resolve, 'https://news.example/go/sourdough');
    const elapsed = Date.now() - started;
    expect(web.asked).to.deep.equal(['https://news.example/go/sourdough']);
    expect(twitter.hopsRead).to.deep.equal(['https://t.co/AbCdEf1234']);
    expect(result).to.include({ status: 'degraded', reason: 'timeout', platform: 'twitter' });
    // Half the page's time either side as margin: ~1000 ms within the one budget, ~1600 ms with a fresh one for the link.
    expect(elapsed).to.be.at.least(budgetMs - 100);
    expect(elapsed).to.be.lessThan(budgetMs + pageMs / 2);
  });

  it('when a cached expansion no longer names a post, expands again', async () => {
    const adapter = new ScriptedAdapter({ 'https://t.co/AbCdEf1234': { ok: true, location: 'https://x.com/i/status/42' } });
    const { resolve, cache } = useCase(adapter);
    await cache.set('l1:twitter:https://t.co/AbCdEf1234', 'https://x.com/someone', 60);
    expect(await resolveUrl(resolve, 'https://t.co/AbCdEf1234')).to.include({ status: 'ok', canonicalUrl: 'https://x.com/i/status/42' });
    expect(adapter.hopsRead).to.have.length(1);
  });

  it('when two requests for one short link arrive together, reads its hop once', async () => {
    const adapter = new ScriptedAdapter({ 'https://t.co/AbCdEf1234': { ok: true, location: 'https://x.com/i/status/42' } });
    const { resolve } = useCase(adapter);
    await Promise.all([resolveUrl(resolve, 'https://t.co/AbCdEf1234'), resolveUrl(resolve, 'https://t.co/AbCdEf1234')]);
    expect(adapter.hopsRead).to.have.length(1);
  });
});

// A resolve's plan (the hot path's way in, docs/design.md §13): what the URL alone decides and a hit
// this process holds are answered at once, not behind a promise; a miss is read from the store once,
// and `run` then fetches without reading it again; a short link is left to `run`, which expands it.
import { expect } from 'chai';
import type { ResolvePlan, ResolveResult } from '../../src/application/use-cases/resolve.js';
import { MemoryCache } from '../../src/infrastructure/cache/memory.cache.js';
import { card, postUrl, scripted } from '../support/scripted-resolve.js';

function planOf(useCase: ReturnType<typeof scripted>['useCase'], url: string): ResolvePlan {
  const plan = useCase.plan(url);
  if (!plan.ok) throw new Error(plan.error);
  return plan;
}

/** A memory cache that counts the reads which wait for the store (`get`); `peek` is the in-process one. */
class CountingCache extends MemoryCache {
  gets = 0;

  override get(key: string): Promise<unknown> {
    this.gets++;
    return super.get(key);
  }
}

describe('ResolveUseCase.plan', () => {
  it('when this process holds a fresh hit, answers it at once (no promise) without asking the adapter', async () => {
    const { useCase, adapter, resolve } = scripted(async () => card('first'));
    await resolve(postUrl(1));
    const answer = planOf(useCase, postUrl(1)).cached();
    expect(answer).not.to.be.instanceOf(Promise);
    expect(answer as ResolveResult).to.include({ status: 'ok', title: 'first', cacheHit: true, canonicalUrl: postUrl(1) });
    expect(adapter.calls).to.equal(1);
  });

  it('when the URL alone decides (no platform claims it), answers no-adapter at once', () => {
    const { useCase } = scripted(async () => card('never'));
    const answer = planOf(useCase, 'https://Example.COM./a?b=1').cached();
    expect(answer).to.deep.equal({ status: 'no-adapter', platform: 'none', canonicalUrl: 'https://example.com/a?b=1' });
  });

  it('when the post is not cached, reads the store once: the miss is a promise of nothing, and run fetches without reading again', async () => {
    const cache = new CountingCache({ maxEntries: 100 });
    const { useCase, adapter } = scripted(async () => card('fetched'), { cache });
    const plan = planOf(useCase, postUrl(2));
    const pending = plan.cached();
    expect(pending).to.be.instanceOf(Promise);
    expect(await pending).to.equal(undefined);
    expect(cache.gets).to.equal(1);
    expect(await plan.run()).to.include({ status: 'ok', title: 'fetched', cacheHit: false });
    expect(adapter.calls).to.equal(1);
    expect(cache.gets).to.equal(1);
  });

  it('when the URL is a short link, leaves it to run, which expands it and resolves the post it names', async () => {
    const { useCase, adapter } = scripted(async () => card('behind the link'));
    adapter.hop = async () => ({ ok: true, location: postUrl(3) });
    const plan = planOf(useCase, 'https://t.co/abc123');
    expect(plan.cached()).to.equal(undefined);
    expect(await plan.run()).to.include({ status: 'ok', title: 'behind the link', canonicalUrl: postUrl(3) });
    expect(adapter.hopsRead).to.equal(1);
  });
});

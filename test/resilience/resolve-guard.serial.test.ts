// The platform guard inside the resolve use case: what counts against the breaker (thrown transport
// errors, the budget running out), short links guarded like posts, and the bulkhead's refusals
// answered as rate-limited, never cached, with the queue wait inside the resolve budget.
import { expect } from 'chai';
import { UpstreamError } from '../../src/application/errors.js';
import { card, deferred, postUrl, scripted } from '../support/scripted-resolve.js';

const hang = (signal: AbortSignal) => new Promise<never>((_, reject) => signal.addEventListener('abort', () => reject(new Error('aborted'))));

describe('resolve use case: circuit breaker', () => {
  it('when the adapter throws transport errors or outruns the budget, each counts; at the threshold the next post answers circuit-open without an adapter call', async () => {
    let call = 0;
    const s = scripted(
      async (_post, signal) => {
        call++;
        if (call === 1) throw new UpstreamError('UPSTREAM_NETWORK');
        return hang(signal);
      },
      { guard: { threshold: 2 }, settings: { resolveBudgetMs: 150 } },
    );
    expect(await s.resolve(postUrl(1))).to.include({ status: 'degraded', reason: 'upstream-error' });
    expect(await s.resolve(postUrl(2))).to.include({ status: 'degraded', reason: 'timeout' });
    expect(s.adapter.calls).to.equal(2);
    expect(await s.resolve(postUrl(3))).to.deep.equal({ status: 'degraded', platform: 'twitter', canonicalUrl: postUrl(3), reason: 'circuit-open', kind: 'link', siteName: 'X', themeColor: '#000000', cacheHit: false });
    expect(s.adapter.calls).to.equal(2);
  });

  it('when a cached post is asked for while the breaker is open, still answers it from the cache', async () => {
    const s = scripted(async (post) => (post.contentId === '1' ? card('one') : { ok: false, reason: 'upstream-error' }), { guard: { threshold: 2 } });
    await s.resolve(postUrl(1));
    await s.resolve(postUrl(2));
    await s.resolve(postUrl(3));
    expect(await s.resolve(postUrl(4))).to.include({ reason: 'circuit-open' });
    expect(await s.resolve(postUrl(1))).to.include({ status: 'ok', title: 'one', cacheHit: true });
  });

  it('when short links fail upstream, they count too; once open, a short link answers circuit-open without reading a hop', async () => {
    const s = scripted(async () => card('never'), { guard: { threshold: 2 } });
    s.adapter.hop = async () => ({ ok: false, reason: 'upstream-error' });
    expect(await s.resolve('https://t.co/AbCdEf0001')).to.include({ status: 'degraded', reason: 'upstream-error' });
    expect(await s.resolve('https://t.co/AbCdEf0002')).to.include({ status: 'degraded', reason: 'upstream-error' });
    expect(s.adapter.hopsRead).to.equal(2);
    expect(await s.resolve('https://t.co/AbCdEf0003')).to.include({ status: 'degraded', reason: 'circuit-open', canonicalUrl: 'https://t.co/AbCdEf0003' });
    expect(await s.resolve(postUrl(9))).to.include({ status: 'degraded', reason: 'circuit-open' });
    expect(s.adapter.hopsRead).to.equal(2);
    expect(s.adapter.calls).to.equal(0);
  });
});

describe('resolve use case: bulkhead', () => {
  it('when the platform bulkhead is full, answers rate-limited at once, does not cache it and does not count it against the breaker', async () => {
    const release = deferred();
    const s = scripted(
      async (post) => {
        if (post.contentId !== '3') await release.promise;
        return card(`post ${post.contentId}`);
      },
      { guard: { threshold: 1, maxConcurrent: 1, maxQueued: 1 } },
    );
    const running = s.resolve(postUrl(1));
    const queued = s.resolve(postUrl(2));
    const started = performance.now();
    const refused = await s.resolve(postUrl(3));
    expect(performance.now() - started).to.be.below(100);
    expect(refused).to.deep.equal({ status: 'degraded', platform: 'twitter', canonicalUrl: postUrl(3), reason: 'rate-limited', kind: 'link', siteName: 'X', themeColor: '#000000', cacheHit: false });
    expect(s.adapter.calls).to.equal(1);
    release.resolve();
    expect(await running).to.include({ status: 'ok', title: 'post 1' });
    expect(await queued).to.include({ status: 'ok', title: 'post 2' });
    // Not cached (a later resolve goes upstream and gets the card) and not a strike (threshold 1).
    expect(await s.resolve(postUrl(3))).to.include({ status: 'ok', title: 'post 3', cacheHit: false });
    expect(s.adapter.calls).to.equal(3);
  });

  it('when a resolve waits in the bulkhead queue, the wait counts against its budget: it answers timeout in time and its post is never fetched', async () => {
    const release = deferred();
    const s = scripted(
      async (post) => {
        if (post.contentId === '1') await release.promise;
        return card(`post ${post.contentId}`);
      },
      { guard: { maxConcurrent: 1, maxQueued: 5 }, settings: { resolveBudgetMs: 200 } },
    );
    const running = s.resolve(postUrl(1));
    const started = performance.now();
    const waited = await s.resolve(postUrl(2));
    const ms = performance.now() - started;
    expect(waited).to.include({ status: 'degraded', reason: 'timeout' });
    expect(ms).to.be.within(190, 600);
    release.resolve();
    await running;
    expect(s.adapter.calls).to.equal(1);
  });
});

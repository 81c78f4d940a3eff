// The cockatiel platform guard on its own: which answers open a platform's breaker, the fast
// refusal while open, the one half-open probe, and the bulkhead's concurrency and queue bounds.
import { expect } from 'chai';
import type { GuardedAnswer } from '../../src/application/ports/platform-guard.port.js';
import { guardScopeOf } from '../../src/application/guard-scope.js';
import type { PlatformId } from '../../src/domain/platforms/platform-id.js';
import type { Reason } from '../../src/domain/reasons.js';
import { CockatielPlatformGuard } from '../../src/infrastructure/resilience/cockatiel.platform-guard.js';
import { collectingLogger, sleep } from '../support/redis.js';

const COOLDOWN_MS = 200;
const never = new AbortController().signal;

function guardOf(options: { threshold?: number; maxConcurrent?: number; maxQueued?: number } = {}) {
  const logger = collectingLogger();
  const guard = new CockatielPlatformGuard({ threshold: 3, cooldownMs: COOLDOWN_MS, ...options }, logger);
  return { guard, logger };
}

/** The guard scope of a platform guarded as a whole. */
const scopeOf = (id: PlatformId) => guardScopeOf({ id });

const failing = (reason: Reason) => async (): Promise<GuardedAnswer> => ({ ok: false, reason });
const succeeding = async (): Promise<GuardedAnswer> => ({ ok: true });

/** A work function that counts its calls. */
function counted(answer: () => Promise<GuardedAnswer>) {
  const work = Object.assign(async () => {
    work.calls++;
    return answer();
  }, { calls: 0 });
  return work;
}

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe('platform guard: circuit breaker', () => {
  for (const reason of ['blocked', 'rate-limited', 'timeout', 'upstream-error'] as const) {
    it(`when ${reason} is answered BREAKER_THRESHOLD times in a row, opens the platform's breaker`, async () => {
      const { guard } = guardOf();
      for (let i = 0; i < 2; i++) expect(await guard.run(scopeOf('bluesky'), failing(reason), never)).to.deep.equal({ admitted: true, value: { ok: false, reason } });
      expect(guard.isOpen('bluesky')).to.equal(false);
      await guard.run(scopeOf('bluesky'), failing(reason), never);
      expect(guard.isOpen('bluesky')).to.equal(true);
    });
  }

  it('when the work throws, counts it as a failure and rethrows the error', async () => {
    const { guard } = guardOf();
    for (let i = 0; i < 3; i++) {
      const error = await guard.run(scopeOf('bluesky'), () => Promise.reject(new Error(`reset ${i}`)), never).then(() => undefined, (e: Error) => e);
      expect(error?.message).to.equal(`reset ${i}`);
    }
    expect(guard.isOpen('bluesky')).to.equal(true);
  });

  it('when the answers are about the post (not-found, private, age-restricted, region-locked, unsupported), never opens', async () => {
    const { guard } = guardOf();
    for (const reason of ['not-found', 'private', 'age-restricted', 'region-locked', 'unsupported'] as const) {
      for (let i = 0; i < 5; i++) await guard.run(scopeOf('bluesky'), failing(reason), never);
    }
    expect(guard.isOpen('bluesky')).to.equal(false);
  });

  it('when an answer about the post falls between failures, the streak starts again (failures must be consecutive)', async () => {
    const { guard } = guardOf();
    await guard.run(scopeOf('bluesky'), failing('timeout'), never);
    await guard.run(scopeOf('bluesky'), failing('timeout'), never);
    await guard.run(scopeOf('bluesky'), failing('not-found'), never);
    await guard.run(scopeOf('bluesky'), failing('timeout'), never);
    await guard.run(scopeOf('bluesky'), failing('timeout'), never);
    expect(guard.isOpen('bluesky')).to.equal(false);
  });

  it('when open, refuses with circuit-open in under 5 ms without running the work', async () => {
    const { guard } = guardOf();
    for (let i = 0; i < 3; i++) await guard.run(scopeOf('bluesky'), failing('upstream-error'), never);
    const work = counted(succeeding);
    const ms: number[] = [];
    for (let i = 0; i < 50; i++) {
      const started = performance.now();
      const answer = await guard.run(scopeOf('bluesky'), work, never);
      ms.push(performance.now() - started);
      expect(answer).to.deep.equal({ admitted: false, reason: 'circuit-open' });
    }
    expect(work.calls).to.equal(0);
    // Microseconds in practice; the median keeps one GC pause on a shared machine from failing it.
    ms.sort((a, b) => a - b);
    expect(ms[25]).to.be.below(5);
    expect(ms[49]).to.be.below(100);
  });

  it('when one platform is open, the others still run', async () => {
    const { guard } = guardOf();
    for (let i = 0; i < 3; i++) await guard.run(scopeOf('bluesky'), failing('upstream-error'), never);
    expect(await guard.run(scopeOf('mastodon'), succeeding, never)).to.deep.equal({ admitted: true, value: { ok: true } });
    expect(guard.isOpen('mastodon')).to.equal(false);
    expect(guard.isOpen('twitter')).to.equal(false);
  });

  it('when the cooldown has passed, lets exactly one probe through, refuses the others at once, and a success closes it', async () => {
    const { guard, logger } = guardOf();
    for (let i = 0; i < 3; i++) await guard.run(scopeOf('bluesky'), failing('upstream-error'), never);
    await sleep(COOLDOWN_MS + 20);
    const release = deferred();
    const probe = counted(async () => {
      await release.promise;
      return { ok: true };
    });
    const probing = guard.run(scopeOf('bluesky'), probe, never);
    const others = counted(succeeding);
    const started = performance.now();
    const during = await Promise.all(Array.from({ length: 10 }, () => guard.run(scopeOf('bluesky'), others, never)));
    expect(performance.now() - started).to.be.below(50);
    expect(during.every((a) => !a.admitted && a.reason === 'circuit-open')).to.equal(true);
    expect(others.calls).to.equal(0);
    expect(guard.isOpen('bluesky')).to.equal(true);
    release.resolve();
    expect(await probing).to.deep.equal({ admitted: true, value: { ok: true } });
    expect(probe.calls).to.equal(1);
    expect(guard.isOpen('bluesky')).to.equal(false);
    expect(await guard.run(scopeOf('bluesky'), others, never)).to.deep.equal({ admitted: true, value: { ok: true } });
    expect(logger.lines.map((l) => l.message)).to.deep.equal([
      'platform circuit breaker opened; answering circuit-open',
      'platform circuit breaker probing',
      'platform circuit breaker closed',
    ]);
  });

  it('when the probe answers not-found, closes it too (the platform answered)', async () => {
    const { guard } = guardOf();
    for (let i = 0; i < 3; i++) await guard.run(scopeOf('bluesky'), failing('timeout'), never);
    await sleep(COOLDOWN_MS + 20);
    await guard.run(scopeOf('bluesky'), failing('not-found'), never);
    expect(guard.isOpen('bluesky')).to.equal(false);
  });

  it('when the probe fails, opens again for another cooldown', async () => {
    const { guard } = guardOf();
    for (let i = 0; i < 3; i++) await guard.run(scopeOf('bluesky'), failing('timeout'), never);
    await sleep(COOLDOWN_MS + 20);
    expect(await guard.run(scopeOf('bluesky'), failing('blocked'), never)).to.deep.equal({ admitted: true, value: { ok: false, reason: 'blocked' } });
    expect(guard.isOpen('bluesky')).to.equal(true);
    const work = counted(succeeding);
    expect(await guard.run(scopeOf('bluesky'), work, never)).to.deep.equal({ admitted: false, reason: 'circuit-open' });
    expect(work.calls).to.equal(0);
    await sleep(COOLDOWN_MS + 20);
    expect(await guard.run(scopeOf('bluesky'), work, never)).to.deep.equal({ admitted: true, value: { ok: true } });
    expect(guard.isOpen('bluesky')).to.equal(false);
  });
});

describe('platform guard: bulkhead', () => {
  it('when more calls come than run at once plus may wait, runs at most maxConcurrent, queues maxQueued and refuses the rest with rate-limited', async () => {
    const { guard } = guardOf({ maxConcurrent: 2, maxQueued: 3 });
    const release = deferred();
    let running = 0;
    let mostRunning = 0;
    const work = counted(async () => {
      running++;
      mostRunning = Math.max(mostRunning, running);
      await release.promise;
      running--;
      return { ok: true };
    });
    const calls = Array.from({ length: 8 }, () => guard.run(scopeOf('tiktok'), work, never));
    await sleep(20);
    expect(work.calls).to.equal(2);
    // The three over 2 running + 3 queued were refused at once, before anything finished.
    const early = await Promise.race([Promise.all(calls.slice(5)), sleep(100).then(() => 'still waiting')]);
    expect(early).to.deep.equal([0, 1, 2].map(() => ({ admitted: false, reason: 'rate-limited' })));
    release.resolve();
    const answers = await Promise.all(calls.slice(0, 5));
    expect(answers.every((a) => a.admitted)).to.equal(true);
    expect(work.calls).to.equal(5);
    expect(mostRunning).to.equal(2);
  });

  it('when the bulkhead refuses, the breaker does not count it (our load, not the platform failing)', async () => {
    const { guard } = guardOf({ threshold: 1, maxConcurrent: 1, maxQueued: 0 });
    const release = deferred();
    const holding = guard.run(scopeOf('tiktok'), async () => {
      await release.promise;
      return { ok: true as const };
    }, never);
    for (let i = 0; i < 5; i++) expect(await guard.run(scopeOf('tiktok'), succeeding, never)).to.deep.equal({ admitted: false, reason: 'rate-limited' });
    release.resolve();
    await holding;
    expect(guard.isOpen('tiktok')).to.equal(false);
  });

  it('when a queued call is abandoned (its budget ran out), it never runs', async () => {
    const { guard } = guardOf({ maxConcurrent: 1, maxQueued: 1 });
    const release = deferred();
    const holding = guard.run(scopeOf('tiktok'), async () => {
      await release.promise;
      return { ok: true as const };
    }, never);
    const budget = new AbortController();
    const queuedWork = counted(succeeding);
    const queued = guard.run(scopeOf('tiktok'), queuedWork, budget.signal).then(() => 'ran', () => 'dropped');
    budget.abort();
    release.resolve();
    await holding;
    expect(await queued).to.equal('dropped');
    expect(queuedWork.calls).to.equal(0);
  });
});

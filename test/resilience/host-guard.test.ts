// The guard of an open-ended platform (docs/design.md §9 "Open-ended platforms: one host's trouble stays with
// that host"), on its own: one breaker and one bulkhead per host, listed and discovered alike, one
// cap shared by every unlisted host, the platform's scope derived in one place, and refusals the
// service makes itself counting against no breaker.
import { expect } from 'chai';
import { UpstreamError } from '../../src/application/errors.js';
import { guardScopeOf } from '../../src/application/guard-scope.js';
import type { GuardedAnswer, GuardScope } from '../../src/application/ports/platform-guard.port.js';
import { CockatielPlatformGuard, type PlatformGuardOptions } from '../../src/infrastructure/resilience/cockatiel.platform-guard.js';
import { collectingLogger, sleep } from '../support/redis.js';

const never = new AbortController().signal;
const MASTODON = { id: 'mastodon', openEnded: true } as const;
const listed = (host: string, id = '1') => guardScopeOf(MASTODON, { canonicalUrl: `https://${host}/@a/${id}` });
const discovered = (host: string, id = '1') => guardScopeOf(MASTODON, { canonicalUrl: `https://${host}/@a/${id}`, discoveredHost: host });

function guardOf(options: Partial<PlatformGuardOptions> = {}) {
  const logger = collectingLogger();
  return { guard: new CockatielPlatformGuard({ threshold: 3, cooldownMs: 30_000, ...options }, logger), logger };
}

const blocked = async (): Promise<GuardedAnswer> => ({ ok: false, reason: 'blocked' });
const succeeding = async (): Promise<GuardedAnswer> => ({ ok: true });

/** Work that waits until `release` is called; `started` counts the calls that got a slot. */
function held() {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  const work = Object.assign(
    async (): Promise<GuardedAnswer> => {
      work.started += 1;
      await gate;
      return { ok: true };
    },
    { started: 0 },
  );
  return { work, release: () => release() };
}

describe('guard scope of a post', () => {
  it('a closed platform is guarded as a whole, whatever the post', () => {
    expect(guardScopeOf({ id: 'bluesky' }, { canonicalUrl: 'https://bsky.app/profile/a.test/post/3k' })).to.deep.equal({ key: 'bluesky', platform: 'bluesky', unlisted: false });
  });

  it('an open-ended platform is guarded per host: a listed server by its canonical URL host, a discovered one by the host discovery found (unlisted)', () => {
    expect(listed('mastodon.social')).to.deep.equal({ key: 'mastodon@mastodon.social', platform: 'mastodon', host: 'mastodon.social', unlisted: false });
    expect(discovered('www.small.example')).to.deep.equal({ key: 'mastodon@www.small.example', platform: 'mastodon', host: 'www.small.example', unlisted: true });
  });

  it('without a post (a short link read), the platform\'s own scope', () => {
    expect(guardScopeOf(MASTODON)).to.deep.equal({ key: 'mastodon', platform: 'mastodon', unlisted: false });
  });
});

describe('platform guard: per host', () => {
  it('when one host fails BREAKER_THRESHOLD times, opens that host\'s breaker only: another host of the family still runs', async () => {
    const { guard, logger } = guardOf();
    for (let i = 0; i < 5; i++) await guard.run(discovered('evil.example'), blocked, never);
    expect(await guard.run(discovered('evil.example'), succeeding, never)).to.deep.equal({ admitted: false, reason: 'circuit-open' });
    expect(await guard.run(listed('mastodon.social'), succeeding, never)).to.deep.equal({ admitted: true, value: { ok: true } });
    expect(await guard.run(discovered('second.example'), succeeding, never)).to.deep.equal({ admitted: true, value: { ok: true } });
    expect(guard.isOpen('mastodon')).to.equal(false);
    expect(guard.openHosts('mastodon')).to.equal(1);
    expect(guard.openHosts('pleroma')).to.equal(0);
    const opened = logger.lines.filter((line) => line.message.startsWith('platform circuit breaker opened'));
    expect(opened.map((line) => line.fields)).to.deep.equal([{ platform: 'mastodon', host: 'evil.example', cooldownMs: 30_000 }]);
  });

  it('the metrics view sums a family\'s hosts: breakers by state, calls running and queued', async () => {
    const { guard } = guardOf();
    for (let i = 0; i < 3; i++) await guard.run(discovered('evil.example'), blocked, never);
    await guard.run(listed('mastodon.social'), succeeding, never);
    const { work, release } = held();
    const running = guard.run(discovered('slow.example'), work, never);
    await sleep(10);
    expect(guard.states()).to.deep.equal([{ platform: 'mastodon', breakers: { closed: 2, open: 1, 'half-open': 0 }, running: 1, queued: 0 }]);
    release();
    await running;
  });

  it('when one host\'s bulkhead is full, another host of the family is admitted', async () => {
    const { guard } = guardOf({ maxConcurrent: 2, maxQueued: 1 });
    const { work, release } = held();
    const slow = Array.from({ length: 4 }, (_, i) => guard.run(listed('slow.example', String(i)), work, never));
    expect(await slow[3]).to.deep.equal({ admitted: false, reason: 'rate-limited' });
    expect(await guard.run(listed('mastodon.social'), succeeding, never)).to.deep.equal({ admitted: true, value: { ok: true } });
    release();
    await Promise.all(slow);
  });

  it('calls to unlisted hosts share one cap: past it, a third unlisted host is refused rate-limited while a listed host still runs', async () => {
    const { guard } = guardOf({ unlistedMaxConcurrent: 2, unlistedMaxQueued: 1 });
    const { work, release } = held();
    const hanging = [guard.run(discovered('slow-a.example'), work, never), guard.run(discovered('slow-b.example'), work, never), guard.run(discovered('slow-c.example'), work, never)];
    await sleep(10);
    expect(work.started).to.equal(2);
    expect(await guard.run(discovered('fourth.example'), succeeding, never)).to.deep.equal({ admitted: false, reason: 'rate-limited' });
    expect(await guard.run(listed('mastodon.social'), succeeding, never)).to.deep.equal({ admitted: true, value: { ok: true } });
    release();
    expect((await Promise.all(hanging)).every((answer) => answer.admitted)).to.equal(true);
    expect(await guard.run(discovered('fourth.example'), succeeding, never)).to.deep.equal({ admitted: true, value: { ok: true } });
  });

  it('keeps at most maxHeldScopes guards: idle closed ones are let go, an open breaker is kept', async () => {
    const { guard } = guardOf({ maxHeldScopes: 10 });
    for (let i = 0; i < 3; i++) await guard.run(discovered('evil.example'), blocked, never);
    for (let i = 0; i < 50; i++) await guard.run(discovered(`host-${i}.example`), succeeding, never);
    const [state] = guard.states();
    expect(state!.breakers.closed + state!.breakers.open).to.be.at.most(10);
    expect(guard.openHosts('mastodon')).to.equal(1);
    expect(await guard.run(discovered('evil.example'), succeeding, never)).to.deep.equal({ admitted: false, reason: 'circuit-open' });
  });
});

describe('platform guard: refusals of our own', () => {
  for (const [what, scope] of [
    ['a discovered host', discovered('www.small.example')],
    ['a platform guarded as a whole', guardScopeOf({ id: 'bluesky' })],
  ] as const satisfies readonly (readonly [string, GuardScope])[]) {
    it(`when the work throws UPSTREAM_HOST_REFUSED again and again (${what}), rethrows it and never opens the breaker`, async () => {
      const { guard } = guardOf();
      for (let i = 0; i < 10; i++) {
        const error = await guard.run(scope, () => Promise.reject(new UpstreamError('UPSTREAM_HOST_REFUSED', 'refused upstream host www.small.example')), never).then(
          () => undefined,
          (e: unknown) => e,
        );
        expect(error).to.be.instanceOf(UpstreamError);
      }
      expect(guard.isOpen('bluesky')).to.equal(false);
      expect(guard.openHosts('mastodon')).to.equal(0);
      expect(await guard.run(scope, succeeding, never)).to.deep.equal({ admitted: true, value: { ok: true } });
    });
  }
});

// The Redis cache when Redis is stopped, was never there, or hangs (SIGSTOP): every call settles
// fast and never throws, liveness says so within a second, and the cache is used again when Redis
// comes back. Runs against a throwaway redis-server, never the shared one.
import { expect } from 'chai';
import { createRedisClient } from '../../src/infrastructure/cache/redis-client.js';
import { RedisCache } from '../../src/infrastructure/cache/redis.cache.js';
import { collectingLogger, eventually, NOWHERE_REDIS_URL, skipOrFail, ThrowawayRedis } from '../support/redis.js';

/** One command may cost the client's 150 ms timeout; once the breaker is open, nothing. */
const SLOW_CALL_MS = 300;
const SKIPPED_CALL_MS = 20;

async function timed<T>(action: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await action();
  return { ms: performance.now() - started, value };
}

function openCache(url: string) {
  const logger = collectingLogger();
  const cache = new RedisCache({ client: createRedisClient(url, logger), keyPrefix: 'fail-open:' }, logger);
  return { cache, logger };
}

/** Twelve alternating gets and sets: all misses or writes not taken, each bounded, fast once the breaker opens. */
async function expectFailsOpen(cache: RedisCache): Promise<void> {
  for (let i = 0; i < 12; i++) {
    const { ms, value } = await timed(() => (i % 2 ? cache.set(`k${i}`, { i }, 60) : cache.get(`k${i}`)));
    expect(value, `call ${i}`).to.equal(i % 2 ? false : undefined);
    expect(ms, `call ${i} took ${ms.toFixed(1)} ms`).to.be.below(i < 3 ? SLOW_CALL_MS : SKIPPED_CALL_MS);
  }
  const reach = await timed(() => cache.isReachable());
  expect(reach.value).to.equal(false);
  expect(reach.ms).to.be.below(1000);
}

async function usedAgain(cache: RedisCache): Promise<boolean> {
  return eventually(async () => {
    await cache.set('back', { ok: true }, 60);
    return JSON.stringify(await cache.get('back')) === '{"ok":true}';
  }, 5000);
}

describe('RedisCache failing open', function () {
  this.timeout(15_000);
  let server: ThrowawayRedis | undefined;

  before(async function () {
    if (!ThrowawayRedis.available()) return skipOrFail(this, 'redis-server is not on PATH');
    server = await ThrowawayRedis.create();
  });
  after(async () => {
    await server?.dispose();
  });

  it('when Redis is stopped, calls settle fast as misses, and after a restart the cache is used again', async () => {
    const { cache, logger } = openCache(server!.url);
    try {
      expect(await usedAgain(cache), 'cache works before the stop').to.equal(true);
      await server!.stop();
      await expectFailsOpen(cache);
      // An outage is a few log lines, not one per call.
      expect(logger.lines.filter((l) => l.level === 'warn').length).to.be.at.most(4);
      await server!.start();
      expect(await usedAgain(cache), 'cache used again after the restart').to.equal(true);
      expect(await cache.isReachable()).to.equal(true);
    } finally {
      await cache.close();
    }
  });

  it('when nothing ever listened on the port, calls settle fast as misses and isReachable is false', async () => {
    const { cache } = openCache(NOWHERE_REDIS_URL);
    try {
      await expectFailsOpen(cache);
      expect((await timed(() => cache.close())).ms).to.be.below(1000);
    } finally {
      await cache.close();
    }
  });

  it('when Redis is frozen, calls settle within the timeout, then skip it, and after a thaw the cache is used again', async () => {
    const { cache } = openCache(server!.url);
    try {
      expect(await usedAgain(cache)).to.equal(true);
      server!.freeze();
      // A connected client whose PING never answers: isReachable must not wait for it.
      const reach = await timed(() => cache.isReachable());
      expect(reach.value).to.equal(false);
      expect(reach.ms).to.be.below(1000);
      await expectFailsOpen(cache);
      // Many concurrent requests while the breaker is open: all skip at once.
      const burst = await timed(() => Promise.all(Array.from({ length: 200 }, (_, i) => cache.get(`burst${i}`))));
      expect(burst.value.every((v) => v === undefined)).to.equal(true);
      expect(burst.ms).to.be.below(SLOW_CALL_MS);
      server!.thaw();
      expect(await usedAgain(cache), 'cache used again after the thaw').to.equal(true);
    } finally {
      server!.thaw();
      await cache.close();
    }
  });

  it('when Redis is frozen, close settles within a second', async () => {
    const { cache } = openCache(server!.url);
    try {
      expect(await usedAgain(cache)).to.equal(true);
      server!.freeze();
      expect((await timed(() => cache.close())).ms).to.be.below(1000);
    } finally {
      server!.thaw();
    }
  });
});

// The rate limiter: counting and windows in memory, one count across instances through the shared
// Redis, and the in-memory insurance when Redis is frozen or stopped (a throwaway redis-server).
import { expect } from 'chai';
import type { Redis } from 'ioredis';
import { createRedisClient } from '../../src/infrastructure/cache/redis-client.js';
import { FlexibleRateLimiter } from '../../src/infrastructure/ratelimit/flexible.rate-limiter.js';
import {
  collectingLogger,
  deleteKeys,
  describeWithRedis,
  eventually,
  REDIS_URL,
  skipOrFail,
  sleep,
  ThrowawayRedis,
  uniquePrefix,
} from '../support/redis.js';

async function readyClient(url: string): Promise<Redis> {
  const client = createRedisClient(url, collectingLogger());
  if (!(await eventually(() => client.status === 'ready', 3000))) throw new Error(`no connection to ${url}`);
  return client;
}

describe('FlexibleRateLimiter', () => {
  describe('in memory', () => {
    const limiter = (points: number, durationSeconds: number) =>
      new FlexibleRateLimiter({ points, durationSeconds, name: 'api', keyPrefix: 'test:' }, collectingLogger());

    it('when a key consumes its points, each call counts down and the next is refused with the time left', async () => {
      const rl = limiter(3, 60);
      const decisions = [];
      for (let i = 0; i < 4; i++) decisions.push(await rl.consume('key', 1));
      expect(decisions.map((d) => [d.allowed, d.remaining])).to.deep.equal([[true, 2], [true, 1], [true, 0], [false, 0]]);
      for (const d of decisions) {
        expect(d.limit).to.equal(3);
        expect(d.resetMs).to.be.within(59_000, 60_000);
      }
    });

    it('when a call consumes several points, they all count', async () => {
      const rl = limiter(5, 60);
      expect((await rl.consume('key', 4)).remaining).to.equal(1);
      expect((await rl.consume('key', 2)).allowed).to.equal(false);
    });

    it('when two keys are used, each has its own count', async () => {
      const rl = limiter(1, 60);
      expect((await rl.consume('a', 1)).allowed).to.equal(true);
      expect((await rl.consume('b', 1)).allowed).to.equal(true);
      expect((await rl.consume('a', 1)).allowed).to.equal(false);
    });

    it('when the window has passed, the key is allowed again with its full points', async () => {
      const rl = limiter(1, 1);
      await rl.consume('key', 1);
      const refused = await rl.consume('key', 1);
      expect(refused.allowed).to.equal(false);
      expect(refused.resetMs).to.be.within(1, 1000);
      await sleep(refused.resetMs + 50);
      expect(await rl.consume('key', 1)).to.include({ allowed: true, remaining: 0 });
    });
  });

  describeWithRedis('in the shared Redis', () => {
    const prefix = uniquePrefix('ratelimit');
    const clients: Redis[] = [];

    after(async () => {
      if (clients[0]) await deleteKeys(clients[0], prefix);
      for (const client of clients) client.disconnect();
    });

    it('when two instances with their own clients consume one key, they count it together', async () => {
      clients.push(await readyClient(REDIS_URL), await readyClient(REDIS_URL));
      const [one, two] = clients.map(
        (redis) => new FlexibleRateLimiter({ points: 5, durationSeconds: 60, name: 'api', keyPrefix: prefix, redis }, collectingLogger()),
      ) as [FlexibleRateLimiter, FlexibleRateLimiter];
      expect((await one.consume('client-key', 3)).remaining).to.equal(2);
      expect((await two.consume('client-key', 1)).remaining).to.equal(1);
      expect((await one.consume('client-key', 1)).remaining).to.equal(0);
      const refused = await two.consume('client-key', 1);
      expect(refused.allowed).to.equal(false);
      expect(refused.resetMs).to.be.within(59_000, 60_000);
      // The count lives where the other instances and operators expect it.
      expect(await clients[0]!.get(`${prefix}rl:api:client-key`)).to.equal('6');
    });
  });

  describe('when Redis fails', function () {
    this.timeout(15_000);
    let server: ThrowawayRedis | undefined;
    let client: Redis | undefined;

    before(async function () {
      if (!ThrowawayRedis.available()) return skipOrFail(this, 'redis-server is not on PATH');
      server = await ThrowawayRedis.create();
    });
    afterEach(() => {
      server?.thaw();
      client?.disconnect();
    });
    after(async () => {
      await server?.dispose();
    });

    async function expectInsuranceLimits(limiter: FlexibleRateLimiter, key: string): Promise<void> {
      const allowed: boolean[] = [];
      for (let i = 0; i < 6; i++) {
        const started = performance.now();
        const decision = await limiter.consume(key, 1);
        expect(performance.now() - started, `call ${i}`).to.be.below(300);
        allowed.push(decision.allowed);
      }
      expect(allowed).to.deep.equal([true, true, true, false, false, false]);
    }

    for (const failure of ['frozen', 'stopped'] as const) {
      it(`when Redis is ${failure}, the in-memory insurance still limits, fast, and nothing throws`, async () => {
        const logger = collectingLogger();
        client = await readyClient(server!.url);
        const limiter = new FlexibleRateLimiter({ points: 3, durationSeconds: 60, name: 'api', keyPrefix: 'rl-test:', redis: client }, logger);
        expect((await limiter.consume('warm', 1)).allowed).to.equal(true);
        if (failure === 'frozen') server!.freeze();
        else await server!.stop();
        await expectInsuranceLimits(limiter, `during-${failure}`);
        expect(logger.lines.some((l) => l.level === 'warn')).to.equal(true);
        if (failure === 'stopped') await server!.start();
      });
    }
  });
});

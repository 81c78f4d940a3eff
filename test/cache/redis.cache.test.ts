// The Redis cache against the Cache contract on the Redis at REDIS_URL, plus what only Redis has:
// values written by someone else, and the key layout.
import { expect } from 'chai';
import type { Redis } from 'ioredis';
import { createRedisClient } from '../../src/infrastructure/cache/redis-client.js';
import { RedisCache } from '../../src/infrastructure/cache/redis.cache.js';
import { cacheContract } from './cache.contract.js';
import { collectingLogger, deleteKeys, describeWithRedis, eventually, REDIS_URL, uniquePrefix } from '../support/redis.js';

const runPrefix = uniquePrefix('redis-cache');

async function readyClient(): Promise<Redis> {
  const client = createRedisClient(REDIS_URL, collectingLogger());
  // The offline queue is off: commands sent before the handshake would fail (as misses).
  if (!(await eventually(() => client.status === 'ready', 3000))) throw new Error(`no connection to ${REDIS_URL}`);
  return client;
}

describeWithRedis('RedisCache', () => {
  let admin: Redis;

  before(async () => {
    admin = await readyClient();
  });
  after(async () => {
    if (!admin) return;
    await deleteKeys(admin, runPrefix);
    admin.disconnect();
  });

  describe('contract', () => {
    cacheContract(async (namespace) => new RedisCache({ client: await readyClient(), keyPrefix: `${runPrefix}${namespace}:` }, collectingLogger()));
  });

  describe('beyond the contract', () => {
    let cache: RedisCache;
    let logger: ReturnType<typeof collectingLogger>;
    const prefix = `${runPrefix}extra:`;

    beforeEach(async () => {
      logger = collectingLogger();
      cache = new RedisCache({ client: await readyClient(), keyPrefix: prefix }, logger);
    });
    afterEach(() => cache.close());

    it('when a value is set, it is stored as JSON under the prefix with the TTL', async () => {
      await cache.set('r1:twitter:20', { title: 't' }, 90);
      expect(await admin.get(`${prefix}r1:twitter:20`)).to.equal('{"title":"t"}');
      expect(await admin.ttl(`${prefix}r1:twitter:20`)).to.be.within(89, 90);
    });

    it('when the stored value is not JSON, get is a miss, logs a warning and deletes it', async () => {
      await admin.set(`${prefix}corrupt`, '{not json', 'EX', 60);
      expect(await cache.get('corrupt')).to.equal(undefined);
      expect(logger.lines.some((l) => l.level === 'warn')).to.equal(true);
      expect(await eventually(async () => (await admin.exists(`${prefix}corrupt`)) === 0, 1000)).to.equal(true);
    });

    it('when the TTL is fractional, it is rounded up to whole seconds', async () => {
      await cache.set('fraction', 1, 0.2);
      expect(await admin.pttl(`${prefix}fraction`)).to.be.within(1, 1000);
    });

    it('when closed, a later call is a miss rather than an error', async () => {
      await cache.close();
      expect(await cache.get('anything')).to.equal(undefined);
      await cache.set('anything', 1, 60);
      expect(await cache.isReachable()).to.equal(false);
    });

    it('when kind is read, it is redis', () => {
      expect(cache.kind).to.equal('redis');
    });
  });
});

// The Redis cache against the Cache contract on the Redis at REDIS_URL, plus what only Redis has:
// values written by someone else, and the key layout.
import { expect } from 'chai';
import { RedisCache } from '../../src/infrastructure/cache/redis.cache.js';
import { cacheContract } from './cache.contract.js';
import { adminClient, collectingLogger, describeWithRedis, eventually, readyClient, uniquePrefix } from '../support/redis.js';

const runPrefix = uniquePrefix('redis-cache');


describeWithRedis('RedisCache', () => {
  const redis = adminClient(runPrefix);

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
      expect(await redis().get(`${prefix}r1:twitter:20`)).to.equal('{"title":"t"}');
      expect(await redis().ttl(`${prefix}r1:twitter:20`)).to.be.within(89, 90);
    });

    it('when the stored value is not JSON, get is a miss, logs a warning and deletes it', async () => {
      await redis().set(`${prefix}corrupt`, '{not json', 'EX', 60);
      expect(await cache.get('corrupt')).to.equal(undefined);
      expect(logger.lines.some((l) => l.level === 'warn')).to.equal(true);
      expect(await eventually(async () => (await redis().exists(`${prefix}corrupt`)) === 0, 1000)).to.equal(true);
    });

    it('when the TTL is fractional, it is rounded up to whole seconds', async () => {
      await cache.set('fraction', 1, 0.2);
      expect(await redis().pttl(`${prefix}fraction`)).to.be.within(1, 1000);
    });

    it('when closed, a later call is a miss rather than an error', async () => {
      await cache.close();
      expect(await cache.get('anything')).to.equal(undefined);
      await cache.set('anything', 1, 60);
      expect(await cache.isReachable()).to.equal(false);
    });

    it('when backend is read, it is redis', () => {
      expect(cache.backend).to.equal('redis');
    });
  });
});

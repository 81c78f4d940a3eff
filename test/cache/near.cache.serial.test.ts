// The near cache (an in-process copy in front of Redis) against the Cache contract on the Redis at
// REDIS_URL, plus what a copy in front adds: how long another instance's writes take to be seen.
import { expect } from 'chai';
import { NearCache } from '../../src/infrastructure/cache/near.cache.js';
import { RedisCache } from '../../src/infrastructure/cache/redis.cache.js';
import { cacheContract } from './cache.contract.js';
import { adminClient, collectingLogger, describeWithRedis, eventually, readyClient, uniquePrefix } from '../support/redis.js';

const runPrefix = uniquePrefix('near-cache');


async function nearCache(prefix: string): Promise<NearCache> {
  return new NearCache(new RedisCache({ client: await readyClient(), keyPrefix: prefix }, collectingLogger()), { maxEntries: 100 });
}

describeWithRedis('NearCache over RedisCache', () => {
  const redis = adminClient(runPrefix);

  describe('contract', () => {
    cacheContract((namespace) => nearCache(`${runPrefix}${namespace}:`));
  });

  describe('two instances on one Redis', () => {
    const prefix = `${runPrefix}pair:`;
    let a: NearCache;
    let b: NearCache;
    beforeEach(async () => {
      [a, b] = [await nearCache(prefix), await nearCache(prefix)];
    });
    afterEach(async () => {
      await a.close();
      await b.close();
    });

    it('when one instance writes, the other reads it from Redis at once, and backend says redis', async () => {
      await a.set('r1:x:1', { n: 1 }, 60);
      expect(await b.get('r1:x:1')).to.deep.equal({ n: 1 });
      expect(await redis().get(`${prefix}r1:x:1`)).to.equal('{"n":1}');
      expect(b.backend).to.equal('redis');
    });

    it('when another instance overwrites an entry this one holds, the new value is seen within the near TTL (1 s)', async function () {
      this.timeout(5000);
      await a.set('r1:x:2', { n: 1 }, 60);
      expect(await b.get('r1:x:2')).to.deep.equal({ n: 1 });
      await a.set('r1:x:2', { n: 2 }, 60);
      expect(await b.get('r1:x:2'), 'b answers from its copy meanwhile').to.deep.equal({ n: 1 });
      const started = Date.now();
      expect(await eventually(async () => ((await b.get('r1:x:2')) as { n: number }).n === 2, 2500)).to.equal(true);
      expect(Date.now() - started).to.be.below(2100);
    });

    it('when this instance deletes an entry, it is gone from its copy and from Redis', async () => {
      await a.set('r1:x:3', { n: 1 }, 60);
      await a.delete('r1:x:3');
      expect(await a.get('r1:x:3')).to.equal(undefined);
      expect(await redis().exists(`${prefix}r1:x:3`)).to.equal(0);
    });

    it('when a hot entry is read again, the copy answers (the same frozen object) without asking Redis', async () => {
      await a.set('r1:x:4', { n: 4 }, 60);
      const first = await a.get('r1:x:4');
      await redis().set(`${prefix}r1:x:4`, '{"n":99}', 'EX', 60);
      const second = await a.get('r1:x:4');
      expect(second).to.equal(first);
      expect(Object.isFrozen(second)).to.equal(true);
      // peek gives the same copy at once, and nothing for an entry only Redis holds.
      expect(a.peek('r1:x:4')).to.equal(first);
      await redis().set(`${prefix}r1:x:5`, '{"n":5}', 'EX', 60);
      expect(a.peek('r1:x:5')).to.equal(undefined);
      expect(await a.get('r1:x:5')).to.deep.equal({ n: 5 });
      expect(a.peek('r1:x:5')).to.deep.equal({ n: 5 });
    });
  });
});

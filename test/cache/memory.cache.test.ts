// The memory cache against the Cache contract, plus its LRU bound.
import { expect } from 'chai';
import { MemoryCache } from '../../src/infrastructure/cache/memory.cache.js';
import { cacheContract } from './cache.contract.js';

describe('MemoryCache', () => {
  describe('contract', () => {
    // Every instance is its own namespace.
    cacheContract(() => new MemoryCache({ maxEntries: 100 }));
  });

  it('when more keys than maxEntries are set, the least recently used ones are evicted', async () => {
    const cache = new MemoryCache({ maxEntries: 3 });
    await cache.set('a', 1, 60);
    await cache.set('b', 2, 60);
    await cache.set('c', 3, 60);
    expect(await cache.get('a')).to.equal(1); // 'a' is now the most recently used
    await cache.set('d', 4, 60);
    expect(await cache.get('b')).to.equal(undefined);
    expect([await cache.get('a'), await cache.get('c'), await cache.get('d')]).to.deep.equal([1, 3, 4]);
  });

  it('when kind is read, it is memory', () => {
    expect(new MemoryCache({ maxEntries: 1 }).kind).to.equal('memory');
  });
});

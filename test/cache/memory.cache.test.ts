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

  it('when peeked, it gives at once what get would give: the stored (frozen) value, undefined for a miss or a deleted key', async () => {
    const cache = new MemoryCache({ maxEntries: 10 });
    await cache.set('k', { n: 1 }, 60);
    expect(cache.peek('k')).to.equal(await cache.get('k')).and.to.deep.equal({ n: 1 });
    expect(Object.isFrozen(cache.peek('k'))).to.equal(true);
    expect(cache.peek('missing')).to.equal(undefined);
    await cache.delete('k');
    expect(cache.peek('k')).to.equal(undefined);
  });

  it('when backend is read, it is memory', () => {
    expect(new MemoryCache({ maxEntries: 1 }).backend).to.equal('memory');
  });
});

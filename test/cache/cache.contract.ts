// The Cache port's contract, run against every adapter (memory and Redis) by their test files.
import { expect } from 'chai';
import type { Cache } from '../../src/application/ports/cache.port.js';

/** Makes a fresh, empty cache; caches made with different namespaces must not see each other. */
export type CacheFactory = (namespace: string) => Promise<Cache> | Cache;

export function cacheContract(makeCache: CacheFactory): void {
  const opened: Cache[] = [];
  let cache: Cache;
  const open = async (namespace: string) => {
    const made = await makeCache(namespace);
    opened.push(made);
    return made;
  };

  beforeEach(async () => {
    cache = await open('main');
  });
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((c) => c.close()));
  });

  const card = { status: 'ok', platform: 'twitter', title: 'Jack (@jack)', image: { url: 'https://pbs.twimg.com/a.jpg', width: 1200 }, nsfw: false };

  it('when a value was set, set resolves true and get returns an equal value', async () => {
    expect(await cache.set('r1:twitter:20', card, 60)).to.equal(true);
    expect(await cache.get('r1:twitter:20')).to.deep.equal(card);
  });

  it('when a value has no JSON form, set resolves false and stores nothing', async () => {
    expect(await cache.set('nothing', undefined, 60)).to.equal(false);
    expect(await cache.get('nothing')).to.equal(undefined);
  });

  it('when a key was never set, get returns undefined', async () => {
    expect(await cache.get('r1:twitter:never')).to.equal(undefined);
  });

  it('when the TTL has passed, get returns undefined', async function () {
    this.timeout(5000);
    await cache.set('short', card, 1);
    expect(await cache.get('short')).to.deep.equal(card);
    await new Promise((resolve) => setTimeout(resolve, 1150));
    expect(await cache.get('short')).to.equal(undefined);
  });

  it('when a key is deleted, get returns undefined and deleting again is harmless', async () => {
    await cache.set('gone', card, 60);
    await cache.delete('gone');
    expect(await cache.get('gone')).to.equal(undefined);
    await cache.delete('gone');
  });

  it('when a key is set twice, get returns the second value', async () => {
    await cache.set('twice', { n: 1 }, 60);
    await cache.set('twice', { n: 2 }, 60);
    expect(await cache.get('twice')).to.deep.equal({ n: 2 });
  });

  it('when a caller mutates what it set or what get returned, the cached value is unchanged', async () => {
    const value = structuredClone(card);
    await cache.set('copy', value, 60);
    value.image.width = 1;
    const first = (await cache.get('copy')) as typeof card;
    // An adapter hands out a copy (changes stay with the caller) or a frozen value (changing it
    // throws): either way, the cache is unchanged.
    try {
      first.image.width = 2;
      first.title = 'changed';
    } catch (error) {
      expect(error).to.be.instanceOf(TypeError);
      expect(Object.isFrozen(first) && Object.isFrozen(first.image), 'only a frozen value may refuse').to.equal(true);
    }
    expect(await cache.get('copy')).to.deep.equal(card);
  });

  it('when values are plain JSON of any kind, they round-trip', async () => {
    for (const value of ['text', 42, true, null, [1, 'two', { three: 3 }], { nested: { list: [] } }]) {
      await cache.set('json', value, 60);
      expect(await cache.get('json')).to.deep.equal(value);
    }
  });

  it('when two caches use different namespaces, neither sees the other keys', async () => {
    const other = await open('other');
    await cache.set('shared-name', { from: 'main' }, 60);
    expect(await other.get('shared-name')).to.equal(undefined);
    await other.set('shared-name', { from: 'other' }, 60);
    expect(await cache.get('shared-name')).to.deep.equal({ from: 'main' });
  });

  it('when the store works, isReachable answers true', async () => {
    expect(await cache.isReachable()).to.equal(true);
  });
}

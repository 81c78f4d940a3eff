// The near cache when the shared cache does not take writes (docs/design.md §8): the in-process cache is
// then the whole cache, with the normal TTLs, and it is shared again once the shared cache answers.
// Against a fake shared cache that can be switched down, counting what it is asked.
import { expect } from 'chai';
import type { Cache } from '../../src/application/ports/cache.port.js';
import { MemoryCache } from '../../src/infrastructure/cache/memory.cache.js';
import { NearCache } from '../../src/infrastructure/cache/near.cache.js';
import { sleep } from '../support/redis.js';

/** A shared cache (a memory cache standing for Redis) that fails open while `down`, as RedisCache does. */
class SwitchableShared implements Cache {
  readonly backend = 'redis' as const;
  down = false;
  /** What the shared store holds; writing to it directly stands for another instance. */
  readonly store = new MemoryCache({ maxEntries: 100 });
  readonly calls = { get: 0, set: 0 };
  /** Writes the shared cache took. */
  readonly taken: { key: string; value: unknown; ttlSeconds: number }[] = [];

  async get(key: string): Promise<unknown> {
    this.calls.get++;
    return this.down ? undefined : this.store.get(key);
  }

  async set(key: string, value: unknown, ttlSeconds: number): Promise<boolean> {
    this.calls.set++;
    if (this.down) return false;
    this.taken.push({ key, value, ttlSeconds });
    return this.store.set(key, value, ttlSeconds);
  }

  async delete(key: string): Promise<void> {
    if (!this.down) await this.store.delete(key);
  }

  async isReachable(): Promise<boolean> {
    return !this.down;
  }

  async close(): Promise<void> {
    await this.store.close();
  }
}

/** Just past the near cache's one-second TTL. */
const PAST_NEAR_MS = 1150;

describe('NearCache while the shared cache does not take writes', function () {
  this.timeout(10_000);
  let shared: SwitchableShared;
  let near: NearCache;

  beforeEach(() => {
    shared = new SwitchableShared();
    near = new NearCache(shared, { maxEntries: 100 });
  });
  afterEach(async () => {
    await near.close();
  });

  it('when the shared cache takes a write, this instance keeps only a one-second copy', async () => {
    expect(await near.set('k', { n: 1 }, 60)).to.equal(true);
    await shared.store.delete('k'); // gone from the shared store (another instance deleted it)
    expect(await near.get('k'), 'the copy answers within the second').to.deep.equal({ n: 1 });
    await sleep(PAST_NEAR_MS);
    expect(near.peek('k')).to.equal(undefined);
    expect(await near.get('k')).to.equal(undefined);
  });

  it('when the shared cache is down, a write is kept and answered for its whole TTL, then expires', async () => {
    shared.down = true;
    expect(await near.set('k', { n: 1 }, 3)).to.equal(true);
    await sleep(PAST_NEAR_MS);
    expect(await near.get('k'), 'past the near TTL').to.deep.equal({ n: 1 });
    expect(near.peek('k'), 'peek too, once the shared cache was looked at').to.deep.equal({ n: 1 });
    await sleep(3200 - PAST_NEAR_MS);
    expect(await near.get('k'), 'past its own TTL').to.equal(undefined);
  });

  it('while the shared cache is down, a kept copy looks at it about once a second however often it is read, one look for concurrent reads', async () => {
    shared.down = true;
    await near.set('k', { n: 1 }, 60);
    const started = Date.now();
    let answers = 0;
    while (Date.now() - started < 2500) {
      if ((near.peek('k') ?? (await near.get('k'))) !== undefined) answers++;
      await sleep(5);
    }
    expect(answers).to.be.above(100);
    // Looks at about 1 s and 2 s (a get, then a write-back that is refused), never per read.
    expect(shared.calls.get).to.be.within(1, 3);
    expect(shared.calls.set - 1).to.equal(shared.calls.get);
    await sleep(PAST_NEAR_MS);
    const before = shared.calls.get;
    const concurrent = await Promise.all(Array.from({ length: 50 }, () => near.get('k')));
    expect(concurrent.every((v) => JSON.stringify(v) === '{"n":1}')).to.equal(true);
    expect(shared.calls.get - before).to.equal(1);
  });

  it('when the shared cache answers again without the key, the kept copy is written back with its remaining TTL and is a one-second copy again', async () => {
    shared.down = true;
    await near.set('k', { n: 1 }, 30);
    await sleep(PAST_NEAR_MS);
    shared.down = false;
    expect(await near.get('k')).to.deep.equal({ n: 1 });
    expect(shared.taken).to.have.length(1);
    expect(shared.taken[0]).to.deep.include({ key: 'k', value: { n: 1 } });
    expect(shared.taken[0]!.ttlSeconds).to.be.within(27, 29);
    // Shared again: another instance's write is seen within the near TTL.
    await shared.store.set('k', { n: 2 }, 60);
    await sleep(PAST_NEAR_MS);
    expect(await near.get('k')).to.deep.equal({ n: 2 });
  });

  it('when the shared cache answers again holding the key, its value wins over the kept copy', async () => {
    shared.down = true;
    await near.set('k', { n: 1 }, 60);
    await sleep(PAST_NEAR_MS);
    shared.down = false;
    await shared.store.set('k', { n: 2 }, 60); // another instance wrote it since
    expect(near.peek('k'), 'a kept copy due for a look is not given without one').to.equal(undefined);
    expect(await near.get('k')).to.deep.equal({ n: 2 });
    expect(near.peek('k')).to.deep.equal({ n: 2 });
    expect(shared.taken, 'the kept copy is not written over it').to.deep.equal([]);
  });

  it('when a later write is taken by the shared cache, the key is no longer kept here', async () => {
    shared.down = true;
    await near.set('k', { n: 1 }, 60);
    shared.down = false;
    await near.set('k', { n: 2 }, 60);
    await shared.store.delete('k');
    await sleep(PAST_NEAR_MS);
    expect(await near.get('k')).to.equal(undefined);
  });

  it('when a kept key is deleted, it is gone', async () => {
    shared.down = true;
    await near.set('k', { n: 1 }, 60);
    await near.delete('k');
    expect(near.peek('k')).to.equal(undefined);
    expect(await near.get('k')).to.equal(undefined);
  });

  it('when the shared cache is down, kept copies are bounded by maxEntries (least recently used go first)', async () => {
    const small = new NearCache(shared, { maxEntries: 3 });
    shared.down = true;
    for (const key of ['a', 'b', 'c', 'd']) await small.set(key, key, 60);
    expect(await small.get('a')).to.equal(undefined);
    expect(await small.get('d')).to.equal('d');
    await small.close();
  });
});

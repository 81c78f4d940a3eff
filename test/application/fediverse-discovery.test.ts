// The discovery service on its own, over the memory cache (the cache contract's other adapter is
// exercised through Redis in test/fediverse/discovery-shared.test.ts) and a NodeInfo reader that
// records what it is asked: a broken cached answer is a miss and is replaced; concurrent asks for
// one host share one request; the minute's allowance renews with the clock.
import { expect } from 'chai';
import { FediverseDiscovery } from '../../src/application/fediverse-discovery.js';
import type { NodeInfoReader } from '../../src/application/ports/nodeinfo.port.js';
import { MemoryCache } from '../../src/infrastructure/cache/memory.cache.js';
import { collectingLogger } from '../support/redis.js';

function reader(software: Record<string, string>): NodeInfoReader & { asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    softwareOf: async (host) => {
      asked.push(host);
      await new Promise((resolve) => setTimeout(resolve, 10));
      return software[host];
    },
  };
}

describe('FediverseDiscovery', () => {
  let now = 1_000_000;
  const clock = { now: () => now };
  const make = (nodeInfo: NodeInfoReader, cache = new MemoryCache({ maxEntries: 100 }), perMinute = 60) =>
    new FediverseDiscovery(nodeInfo, cache, clock, collectingLogger(), { enabled: true, perMinute, timeoutMs: 3000 });

  it('when the cached answer does not validate, treats it as a miss, asks again and stores a good one', async () => {
    const cache = new MemoryCache({ maxEntries: 100 });
    await cache.set('fd1:a.example', { id: 'myspace' }, 60);
    const nodeInfo = reader({ 'a.example': 'misskey' });
    expect(await make(nodeInfo, cache).familyOf('a.example')).to.equal('misskey');
    expect(nodeInfo.asked).to.deep.equal(['a.example']);
    expect(await cache.get('fd1:a.example')).to.deep.equal({ id: 'misskey' });
  });

  it('when many resolves ask for one new host at once, asks it once', async () => {
    const nodeInfo = reader({ 'a.example': 'lemmy' });
    const discovery = make(nodeInfo);
    expect(await Promise.all([1, 2, 3, 4].map(() => discovery.familyOf('a.example')))).to.deep.equal(['lemmy', 'lemmy', 'lemmy', 'lemmy']);
    expect(nodeInfo.asked).to.deep.equal(['a.example']);
  });

  it('when the minute\'s allowance is spent, asks nothing until the next minute', async () => {
    const nodeInfo = reader({});
    const discovery = make(nodeInfo, undefined, 1);
    await discovery.familyOf('a.example');
    expect(await discovery.familyOf('b.example')).to.equal(undefined);
    expect(nodeInfo.asked).to.deep.equal(['a.example']);
    now += 60_000;
    await discovery.familyOf('b.example');
    expect(nodeInfo.asked).to.deep.equal(['a.example', 'b.example']);
  });
});

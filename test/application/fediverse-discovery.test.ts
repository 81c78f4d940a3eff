// The discovery service on its own, over the memory cache (the cache contract's other adapter is
// exercised through Redis in test/fediverse/discovery-shared.test.ts) and a NodeInfo reader that
// records what it is asked: a broken cached answer is a miss and is replaced; concurrent asks for
// one host share one request; the minute's allowance is a sliding window that renews with the
// clock, and one client asks at most a quarter of it.
import { expect } from 'chai';
import { clientShare, FediverseDiscovery } from '../../src/application/fediverse-discovery.js';
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

  it('when the allowance is spent just before a minute boundary, asks nothing more just after it (a sliding window)', async () => {
    const nodeInfo = reader({});
    const discovery = make(nodeInfo, undefined, 8);
    now = 59_999;
    for (let i = 0; i < 8; i++) await discovery.familyOf(`edge-${i}.example`);
    now = 60_001;
    for (let i = 8; i < 16; i++) await discovery.familyOf(`edge-${i}.example`);
    expect(nodeInfo.asked).to.have.length(8);
    now = 119_999;
    await discovery.familyOf('edge-16.example');
    expect(nodeInfo.asked).to.have.length(9);
  });

  it('when one client has asked a quarter of the allowance, refuses it more and still asks for another client', async () => {
    const nodeInfo = reader({ 'real.example': 'mastodon' });
    const discovery = make(nodeInfo, undefined, 60);
    for (let i = 0; i < 60; i++) await discovery.familyOf(`made-up-${i}.example`, 'api:a');
    expect(nodeInfo.asked).to.have.length(15);
    expect(await discovery.familyOf('real.example', 'api:b')).to.equal('mastodon');
    now += 60_000;
    await discovery.familyOf('made-up-59.example', 'api:a');
    expect(nodeInfo.asked.at(-1)).to.equal('made-up-59.example');
  });

  it('when a host is being asked for one client, another client past its share joins that request', async () => {
    const nodeInfo = reader({ 'real.example': 'lemmy' });
    const discovery = make(nodeInfo, undefined, 4);
    const first = discovery.familyOf('real.example', 'api:a');
    // api:a's share (1) is spent by the request in flight; api:b's is spent on another host.
    await discovery.familyOf('other.example', 'api:b');
    expect(await Promise.all([first, discovery.familyOf('real.example', 'api:b')])).to.deep.equal(['lemmy', 'lemmy']);
    expect(nodeInfo.asked).to.deep.equal(['real.example', 'other.example']);
  });

  it('one client\'s share is a quarter of the allowance, and at least one host when any is allowed', () => {
    expect([0, 1, 3, 4, 7, 60, 100_000].map(clientShare)).to.deep.equal([0, 1, 1, 1, 1, 15, 25_000]);
  });
});

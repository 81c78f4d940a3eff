// Where refused sessions and egresses are benched (issue 24, point 4): the bench time doubled on
// repeats up to an hour and reset by a success; with Redis — one server, Cluster or Sentinel, each
// real — a bench written by one instance's client is read by another's, and while Redis is away each
// instance's own bench still answers.
import { expect } from 'chai';
import type { Redis } from 'ioredis';
import type { AccessBench } from '../../src/application/ports/access-bench.port.js';
import { MemoryAccessBench } from '../../src/infrastructure/access/memory.access-bench.js';
import { RedisAccessBench } from '../../src/infrastructure/access/redis.access-bench.js';
import { createRedisClient, type RedisClient } from '../../src/infrastructure/cache/redis-client.js';
import { collectingLogger, deleteKeys, describeWithRedis, eventually, REDIS_URL, skipOrFail, ThrowawayRedis, uniquePrefix } from '../support/redis.js';
import { RedisClusterTopology, SentinelTopology, topologyMissing } from '../support/redis-topology.js';

/** The bench time: how long a first bench lasts. */
const BENCH_MS = 300_000;
const HOUR_MS = 3_600_000;

class TestClock {
  constructor(public ms = 1_800_000_000_000) {}
  now(): number {
    return this.ms;
  }
}

describe('access bench in memory', () => {
  it('benches a refused name for the bench time, doubled on each repeat after its bench, never past an hour', async () => {
    const clock = new TestClock();
    const bench = new MemoryAccessBench(BENCH_MS, clock);
    const benches: number[] = [];
    for (let i = 0; i < 6; i++) {
      benches.push(await bench.bench('instagram', 'ig-main', 'blocked'));
      expect((await bench.states('instagram', ['ig-main'])).get('ig-main')?.benched).to.equal('blocked');
      clock.ms += benches.at(-1)!; // the bench ends; the next use is refused again
      expect((await bench.states('instagram', ['ig-main'])).get('ig-main')?.benched).to.equal(undefined);
    }
    expect(benches).to.deep.equal([BENCH_MS, 2 * BENCH_MS, 4 * BENCH_MS, 8 * BENCH_MS, HOUR_MS, HOUR_MS]);
  });

  it('a success forgets the refusals: the next refusal benches for the bench time again', async () => {
    const clock = new TestClock();
    const bench = new MemoryAccessBench(BENCH_MS, clock);
    await bench.bench('reddit', 'proxy:3128', 'rate-limited');
    clock.ms += BENCH_MS;
    expect(await bench.bench('reddit', 'proxy:3128', 'rate-limited')).to.equal(2 * BENCH_MS);
    await bench.clear('reddit', 'proxy:3128');
    expect((await bench.states('reddit', ['proxy:3128'])).size).to.equal(0);
    expect(await bench.bench('reddit', 'proxy:3128', 'rate-limited')).to.equal(BENCH_MS);
  });

  it('keeps platforms apart: a name benched for one platform is free for another', async () => {
    const bench = new MemoryAccessBench(BENCH_MS, new TestClock());
    await bench.bench('reddit', 'proxy:3128', 'blocked');
    expect((await bench.states('tiktok', ['proxy:3128'])).get('proxy:3128')).to.equal(undefined);
  });
});

/** What every AccessBench does, whatever keeps it (one contract, run for memory and for Redis). */
function benchContract(make: () => AccessBench): void {
  it('benches a name with its cause; repeats double the bench; other names and platforms stay free', async () => {
    const bench = make();
    expect(await bench.bench('instagram', 'ig-a', 'blocked')).to.equal(BENCH_MS);
    expect(await bench.bench('instagram', 'ig-a', 'blocked')).to.equal(2 * BENCH_MS);
    const states = await bench.states('instagram', ['ig-a', 'ig-b']);
    expect(states.get('ig-a')).to.deep.equal({ benched: 'blocked', strikes: 2 });
    expect(states.get('ig-b')).to.equal(undefined);
    expect((await bench.states('threads', ['ig-a'])).get('ig-a')).to.equal(undefined);
  });

  it('a success forgets a name: unbenched, no strikes, the next bench is the bench time again', async () => {
    const bench = make();
    await bench.bench('reddit', 'relay:3128', 'rate-limited');
    await bench.clear('reddit', 'relay:3128');
    expect((await bench.states('reddit', ['relay:3128'])).get('relay:3128')).to.equal(undefined);
    expect(await bench.bench('reddit', 'relay:3128', 'rate-limited')).to.equal(BENCH_MS);
  });
}

describe('AccessBench contract: memory', () => {
  benchContract(() => new MemoryAccessBench(BENCH_MS, new TestClock()));
});

describeWithRedis('AccessBench contract: Redis', function () {
  let client: Redis;
  const prefixes: string[] = [];
  before(async () => {
    client = createRedisClient(REDIS_URL, collectingLogger());
    expect(await eventually(() => client.status === 'ready', 5000), 'client ready').to.equal(true);
  });
  after(async () => {
    for (const prefix of prefixes) await deleteKeys(client, prefix);
    client.disconnect();
  });
  benchContract(() => {
    // Each test its own prefix: the contract starts from an empty bench.
    const prefix = uniquePrefix('bench-contract');
    prefixes.push(prefix);
    return new RedisAccessBench({ client, keyPrefix: prefix, benchMs: BENCH_MS, local: new MemoryAccessBench(BENCH_MS, new TestClock()) }, collectingLogger());
  });
});

/** Two instances' benches over two clients of one deployment: what one benches, the other sees. */
function sharedBenchBehaviour(clients: () => [RedisClient, RedisClient], prefix: string): void {
  let one: AccessBench;
  let two: AccessBench;
  beforeEach(() => {
    const [a, b] = clients();
    const logger = collectingLogger();
    one = new RedisAccessBench({ client: a, keyPrefix: prefix, benchMs: BENCH_MS, local: new MemoryAccessBench(BENCH_MS, new TestClock()) }, logger);
    two = new RedisAccessBench({ client: b, keyPrefix: prefix, benchMs: BENCH_MS, local: new MemoryAccessBench(BENCH_MS, new TestClock()) }, logger);
  });

  it('a name benched through one instance is benched for the other, with the cause', async () => {
    const platform = 'instagram';
    expect(await one.bench(platform, 'ig-shared', 'blocked')).to.equal(BENCH_MS);
    const seen = await two.states(platform, ['ig-shared', 'ig-other']);
    expect(seen.get('ig-shared')).to.deep.equal({ benched: 'blocked', strikes: 1 });
    expect(seen.get('ig-other')).to.equal(undefined);
  });

  it('refusals counted on both instances double the bench, and a success on either forgets them', async () => {
    await one.bench('tiktok', 'tt-shared', 'rate-limited');
    expect(await two.bench('tiktok', 'tt-shared', 'rate-limited')).to.equal(2 * BENCH_MS);
    expect((await one.states('tiktok', ['tt-shared'])).get('tt-shared')).to.deep.equal({ benched: 'rate-limited', strikes: 2 });
    await two.clear('tiktok', 'tt-shared');
    await one.clear('tiktok', 'tt-shared');
    expect((await one.states('tiktok', ['tt-shared'])).get('tt-shared')).to.equal(undefined);
  });
}

describeWithRedis('access bench shared through one Redis', function () {
  const prefix = uniquePrefix('access-bench');
  let a: Redis;
  let b: Redis;
  before(async () => {
    a = createRedisClient(REDIS_URL, collectingLogger());
    b = createRedisClient(REDIS_URL, collectingLogger());
    // Without an offline queue a command before the connection is up fails (and the bench falls back).
    for (const client of [a, b]) expect(await eventually(() => client.status === 'ready', 5000), 'client ready').to.equal(true);
  });
  after(async () => {
    await deleteKeys(a, prefix);
    a.disconnect();
    b.disconnect();
  });
  sharedBenchBehaviour(() => [a, b], prefix);

  it('keeps the bench key expiring with the bench, under the platform hash tag', async () => {
    await new RedisAccessBench({ client: a, keyPrefix: prefix, benchMs: BENCH_MS, local: new MemoryAccessBench(BENCH_MS, new TestClock()) }, collectingLogger()).bench('reddit', 'relay:3128', 'blocked');
    const ttl = await a.pttl(`${prefix}a1:{reddit}:bench:relay:3128`);
    expect(ttl).to.be.within(BENCH_MS - 60_000, BENCH_MS);
  });
});

describe('access bench while Redis is away', function () {
  this.timeout(30_000);
  let server: ThrowawayRedis | undefined;
  before(function () {
    if (!ThrowawayRedis.available()) skipOrFail(this, 'redis-server is not installed');
  });
  after(async () => {
    await server?.dispose();
  });

  it('answers from the instance’s own bench, and never throws', async () => {
    server = await ThrowawayRedis.create();
    const logger = collectingLogger();
    const client = createRedisClient(server.url, logger);
    try {
      const bench = new RedisAccessBench({ client, keyPrefix: 'away:', benchMs: BENCH_MS, local: new MemoryAccessBench(BENCH_MS, new TestClock()) }, logger);
      expect(await eventually(() => client.status === 'ready', 5000)).to.equal(true);
      await server.stop();
      expect(await bench.bench('reddit', 'relay:3128', 'rate-limited')).to.equal(BENCH_MS);
      expect((await bench.states('reddit', ['relay:3128'])).get('relay:3128')).to.deep.equal({ benched: 'rate-limited', strikes: 1 });
      await bench.clear('reddit', 'relay:3128');
      expect((await bench.states('reddit', ['relay:3128'])).get('relay:3128')).to.equal(undefined);
    } finally {
      client.disconnect();
    }
  });
});

describe('access bench shared through Redis Cluster', function () {
  this.timeout(60_000);
  let cluster: RedisClusterTopology | undefined;
  let clients: [RedisClient, RedisClient] | undefined;
  before(async function () {
    const missing = topologyMissing();
    if (missing) return skipOrFail(this, missing);
    cluster = await RedisClusterTopology.start();
    const nodes = cluster.nodes.map((node) => ({ host: '127.0.0.1', port: node.port }));
    clients = [createRedisClient({ mode: 'cluster', nodes }, collectingLogger()), createRedisClient({ mode: 'cluster', nodes: nodes.slice(1) }, collectingLogger())];
    for (const client of clients) expect(await eventually(() => client.status === 'ready', 10_000), 'cluster client ready').to.equal(true);
  });
  after(async () => {
    clients?.forEach((client) => client.disconnect());
    await cluster?.dispose();
  });
  sharedBenchBehaviour(() => clients!, 'postlens-cluster-bench:');
});

describe('access bench shared through Sentinel', function () {
  this.timeout(60_000);
  let topology: SentinelTopology | undefined;
  let clients: [RedisClient, RedisClient] | undefined;
  before(async function () {
    const missing = topologyMissing();
    if (missing) return skipOrFail(this, missing);
    topology = await SentinelTopology.start();
    const sentinels = [{ host: '127.0.0.1', port: topology.sentinel.port }];
    const target = { mode: 'sentinel' as const, sentinels, name: SentinelTopology.NAME };
    clients = [createRedisClient(target, collectingLogger()), createRedisClient(target, collectingLogger())];
    for (const client of clients) expect(await eventually(() => client.status === 'ready', 10_000), 'sentinel client ready').to.equal(true);
  });
  after(async () => {
    clients?.forEach((client) => client.disconnect());
    await topology?.dispose();
  });
  sharedBenchBehaviour(() => clients!, 'postlens-sentinel-bench:');
});

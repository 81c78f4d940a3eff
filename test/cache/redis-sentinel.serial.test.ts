// Redis Sentinel as the shared store (docs/design.md §8, §11), on a real master, replica and sentinel: two
// instances share cache entries and one key's limit through the master; when the master dies, or
// freezes, the sentinel promotes the replica and the instances follow it. And /healthz's redis is
// false while the server an instance writes to is read-only — through Sentinel, or REDIS_URL
// pointed at a master that a failover demoted (the case). The tests of the first suite run
// in order: each starts where the one before left the deployment.
import { expect } from 'chai';
import nock from 'nock';
import { resultCacheKey } from '../../src/domain/canonicalize.js';
import { q, TEST_KEY, TestApp } from '../support/app.js';
import { appView, DID, postUrl, thread } from '../support/bluesky.js';
import { eventually, skipOrFail, ThrowawayRedis } from '../support/redis.js';
import { ask, SentinelTopology, topologyMissing } from '../support/redis-topology.js';

const PREFIX = 'postlens-sentinel-test:';
const POINTS = 6;
const entryKey = (rkey: string) => PREFIX + resultCacheKey('bluesky', `${DID}/${rkey}`);

async function redisOnHealthz(app: TestApp, expected: boolean, withinMs: number): Promise<boolean> {
  return eventually(async () => (await app.get('/healthz')).body.redis === expected, withinMs);
}

/** GET /api/v1/resolve of a Bluesky post, as the caller of `apiKey`. */
function resolve(app: TestApp, rkey: string, apiKey: string) {
  return app.get(`/api/v1/resolve?url=${q(postUrl(rkey))}`, { headers: { authorization: `Bearer ${apiKey}` } });
}

describe('Redis Sentinel', function () {
  this.timeout(60_000);
  let topology: SentinelTopology | undefined;
  let a: TestApp | undefined;
  let b: TestApp | undefined;
  // The cache tests use a key per test so that the limit of one does not cut another short.
  const apiKeys = ['sentinel-key-share-0123456789', 'sentinel-key-limit-0123456789', 'sentinel-key-failover-0123456789', 'sentinel-key-readonly-0123456789'];
  const [SHARE, LIMIT, FAILOVER, READONLY] = apiKeys as [string, string, string, string];

  before(async function () {
    const missing = topologyMissing();
    if (missing) return skipOrFail(this, missing);
    topology = await SentinelTopology.start();
    const env = { REDIS_SENTINELS: topology.sentinels, REDIS_SENTINEL_NAME: SentinelTopology.NAME, REDIS_KEY_PREFIX: PREFIX, RATE_LIMIT_POINTS: String(POINTS), API_KEYS: apiKeys.join(',') };
    a = await TestApp.start(env);
    b = await TestApp.start(env);
    for (const app of [a, b]) expect(await redisOnHealthz(app, true, 5000), 'redis: true on /healthz').to.equal(true);
    appView('sentinel', (rkey) => [200, thread(rkey)]);
  });

  after(async () => {
    nock.cleanAll();
    await a?.close();
    await b?.close();
    await topology?.dispose();
  });

  it('when both instances go through the sentinel, they share cache entries on the master and one key\'s limit', async () => {
    expect((await resolve(a!, 'sentinelshared', SHARE)).body).to.include({ status: 'ok', cacheHit: false });
    // The entry is written after the answer (not awaited by the request): on the master soon after.
    expect(await eventually(async () => (await ask(topology!.master.port, 'exists', entryKey('sentinelshared'))) === 1, 3000), 'the entry on the master').to.equal(true);
    expect((await resolve(b!, 'sentinelshared', SHARE)).body).to.include({ status: 'ok', cacheHit: true });
    const statuses = [];
    for (let i = 0; i < POINTS + 2; i++) statuses.push((await (i % 2 ? b! : a!).get('/api/v1/platforms', { headers: { authorization: `Bearer ${LIMIT}` } })).status);
    expect(statuses).to.deep.equal([...Array(POINTS).fill(200), 429, 429]);
  });

  it('when the master is killed, /healthz says false until the sentinel has promoted the replica; then writes succeed and entries are shared again', async () => {
    const { master, replica } = topology!;
    expect((await resolve(a!, 'sentinelbefore', FAILOVER)).body).to.include({ cacheHit: false });
    // The entry is on the replica before the master dies (replication is asynchronous).
    expect(await eventually(async () => (await ask(replica.port, 'exists', entryKey('sentinelbefore'))) === 1, 3000), 'the entry on the replica').to.equal(true);
    await master.dispose(); // SIGKILL
    for (const app of [a!, b!]) expect(await redisOnHealthz(app, false, 2000), 'redis: false with the master gone').to.equal(true);
    expect(await eventually(async () => (await topology!.masterPort()) === replica.port, 20_000), 'the sentinel promoted the replica').to.equal(true);
    for (const app of [a!, b!]) expect(await redisOnHealthz(app, true, 10_000), 'redis: true on the new master').to.equal(true);
    // What the old master had: the second instance never held it, so it reads the new master.
    expect((await resolve(b!, 'sentinelbefore', FAILOVER)).body).to.include({ status: 'ok', cacheHit: true });
    // A new write lands on the new master and the other instance reads it there.
    expect((await resolve(a!, 'sentinelafter', FAILOVER)).body).to.include({ status: 'ok', cacheHit: false });
    expect(await eventually(async () => (await ask(replica.port, 'exists', entryKey('sentinelafter'))) === 1, 3000), 'the entry on the new master').to.equal(true);
    expect((await resolve(b!, 'sentinelafter', FAILOVER)).body).to.include({ status: 'ok', cacheHit: true });
  });

  it('when the master turns read-only behind the sentinel\'s back, /healthz says false and resolves still answer; true again once it takes writes', async () => {
    // After the failover above the replica is the master, and no other replica is left to promote.
    const master = await topology!.masterPort();
    const upstream = await ThrowawayRedis.create();
    try {
      await ask(master, 'replicaof', '127.0.0.1', upstream.port);
      for (const app of [a!, b!]) expect(await redisOnHealthz(app, false, 3000), 'redis: false while only a read-only server is there').to.equal(true);
      const answer = await resolve(a!, 'sentinelreadonly', READONLY);
      expect(answer.status).to.equal(200);
      expect(answer.body.status).to.equal('ok');
      await ask(master, 'replicaof', 'no', 'one');
      for (const app of [a!, b!]) expect(await redisOnHealthz(app, true, 10_000), 'redis: true once it takes writes').to.equal(true);
    } finally {
      await upstream.dispose();
    }
  });

  it('when the old master comes back, the sentinel makes it a replica; when the master then freezes, the instances leave it for the one promoted', async () => {
    // A frozen (or cut off) master keeps its connections open: only the sentinel's announcement
    // tells the instances to ask again (sentinel-failover.ts).
    const { master: old, replica: current } = topology!;
    expect(await topology!.masterPort()).to.equal(current.port);
    await old.start();
    const replicating = async () => String(await ask(old.port, 'info', 'replication')).includes('master_link_status:up');
    // The sentinel converts it once it has said it is a master for a while (2 s with the topology's periods).
    expect(await eventually(replicating, 25_000), 'the old master replicates the current one').to.equal(true);
    current.freeze();
    try {
      for (const app of [a!, b!]) expect(await redisOnHealthz(app, false, 2000), 'redis: false with the master frozen').to.equal(true);
      expect(await eventually(async () => (await topology!.masterPort()) === old.port, 20_000), 'the sentinel promoted the old master').to.equal(true);
      for (const app of [a!, b!]) expect(await redisOnHealthz(app, true, 10_000), 'redis: true on the promoted master').to.equal(true);
      expect((await resolve(a!, 'sentinelfrozen', FAILOVER)).body).to.include({ status: 'ok', cacheHit: false });
      expect(await eventually(async () => (await ask(old.port, 'exists', entryKey('sentinelfrozen'))) === 1, 3000), 'the entry on the promoted master').to.equal(true);
      expect((await resolve(b!, 'sentinelfrozen', FAILOVER)).body).to.include({ status: 'ok', cacheHit: true });
    } finally {
      current.thaw();
    }
  });
});

describe('REDIS_URL pointed at a master that a failover demotes', function () {
  this.timeout(30_000);
  let server: ThrowawayRedis | undefined;
  let upstream: ThrowawayRedis | undefined;
  let app: TestApp | undefined;

  before(async function () {
    if (!ThrowawayRedis.available()) return skipOrFail(this, 'redis-server is not installed');
    server = await ThrowawayRedis.create();
    upstream = await ThrowawayRedis.create();
    app = await TestApp.start({ REDIS_URL: server.url, REDIS_KEY_PREFIX: PREFIX });
    expect(await redisOnHealthz(app, true, 5000), 'redis: true on /healthz').to.equal(true);
  });

  after(async () => {
    nock.cleanAll();
    await app?.close();
    await server?.dispose();
    await upstream?.dispose();
  });

  it('when the server becomes a read-only replica, /healthz says redis: false (it still answers PING) and resolves still answer', async () => {
    await ask(server!.port, 'replicaof', '127.0.0.1', upstream!.port);
    expect(await ask(server!.port, 'ping'), 'the demoted server still answers').to.equal('PONG');
    expect(await redisOnHealthz(app!, false, 3000), 'redis: false on /healthz').to.equal(true);
    // It stays false: every probe is refused, not only the first.
    const later = [];
    for (let i = 0; i < 5; i++) later.push((await app!.get('/healthz')).body.redis);
    expect(later).to.deep.equal(Array(5).fill(false));
    appView('demoted', (rkey) => [200, thread(rkey)]);
    const answer = await resolve(app!, 'demoted1', TEST_KEY);
    expect(answer.status).to.equal(200);
    expect(answer.body.status).to.equal('ok');
    await ask(server!.port, 'replicaof', 'no', 'one');
    expect(await redisOnHealthz(app!, true, 10_000), 'redis: true once it takes writes').to.equal(true);
  });
});

// Redis Cluster as the shared store (docs/design.md §8, §11): two instances on a real three-master cluster
// share cache entries and count one API key together, with the keys landing on every master; and
// /healthz says redis: true only while every master takes writes.
import { expect } from 'chai';
import nock from 'nock';
import { resultCacheKey } from '../../src/domain/canonicalize.js';
import { apiKeyCheck } from '../../src/interfaces/http/middleware/auth.js';
import { q, TestApp } from '../support/app.js';
import { appView, DID, postUrl, thread } from '../support/bluesky.js';
import { eventually, skipOrFail } from '../support/redis.js';
import { ask, RedisClusterTopology, topologyMissing } from '../support/redis-topology.js';

const PREFIX = 'postlens-cluster-test:';
/** Per key and window: above what the cache tests spend with CACHE_KEY (13 requests). */
const POINTS = 20;
const CACHE_KEY = 'cluster-cache-key-0123456789';
/** API keys for the limit test, one per master (picked in `before`). */
const limitKey = (n: number) => `cluster-limit-key-${n}-0123456789`;
/** Where the limiter counts a key: `{prefix}rl:{limiter}:{key}`, the key being `api:{caller id}`. */
const counterKey = (apiKey: string) => `${PREFIX}rl:api:api:${apiKeyCheck([apiKey]).callerOf(apiKey)}`;

describe('Redis Cluster', function () {
  this.timeout(60_000);
  let cluster: RedisClusterTopology | undefined;
  let a: TestApp | undefined;
  let b: TestApp | undefined;
  let limitKeys: { value: string; key: string; port: number }[] = [];

  before(async function () {
    const missing = topologyMissing();
    if (missing) return skipOrFail(this, missing);
    cluster = await RedisClusterTopology.start();
    limitKeys = await cluster.spread(1, limitKey, counterKey);
    const env = { REDIS_KEY_PREFIX: PREFIX, RATE_LIMIT_POINTS: String(POINTS), API_KEYS: [CACHE_KEY, ...limitKeys.map((k) => k.value)].join(',') };
    a = await TestApp.start({ ...env, REDIS_CLUSTER_NODES: cluster.seeds });
    // One seed is enough: the client learns the other masters from it.
    b = await TestApp.start({ ...env, REDIS_CLUSTER_NODES: `127.0.0.1:${cluster.nodes[1]!.port}` });
    for (const app of [a, b]) expect(await eventually(async () => (await app.get('/healthz')).body.redis === true, 5000), 'redis: true on /healthz').to.equal(true);
  });

  after(async () => {
    nock.cleanAll();
    await a?.close();
    await b?.close();
    await cluster?.dispose();
  });

  const resolve = (app: TestApp, rkey: string) => app.get(`/api/v1/resolve?url=${q(postUrl(rkey))}`, { headers: { authorization: `Bearer ${CACHE_KEY}` } });

  it('when one instance resolves posts whose entries land on every master, the other answers them from the cache', async () => {
    const posts = await cluster!.spread(2, (n) => `clusterpost${n}`, (rkey) => PREFIX + resultCacheKey('bluesky', `${DID}/${rkey}`));
    expect(new Set(posts.map((p) => p.port)).size, 'masters holding the entries').to.equal(3);
    const upstream = appView('clusterpost', (rkey) => [200, thread(rkey)]);
    for (const { value: rkey } of posts) expect((await resolve(a!, rkey)).body).to.include({ status: 'ok', cacheHit: false });
    expect(upstream.calls).to.equal(posts.length);
    // Each entry is where the cluster says its slot lives (written just after the answer, not awaited by it).
    for (const { key, port } of posts) expect(await eventually(async () => (await ask(port, 'exists', key)) === 1, 3000), `${key} on ${port}`).to.equal(true);
    for (const { value: rkey } of posts) expect((await resolve(b!, rkey)).body, rkey).to.include({ status: 'ok', cacheHit: true });
    expect(upstream.calls, 'upstream requests after the second instance read them').to.equal(posts.length);
  });

  it('when two instances serve one API key, its limit is counted across both, for keys counted on every master', async () => {
    expect(new Set(limitKeys.map((k) => k.port)).size, 'masters holding the counters').to.equal(3);
    for (const { value: apiKey, key, port } of limitKeys) {
      const statuses = [];
      for (let i = 0; i < POINTS + 2; i++) statuses.push((await (i % 2 ? b! : a!).get('/api/v1/platforms', { headers: { authorization: `Bearer ${apiKey}` } })).status);
      // Each instance alone would have allowed POINTS; together they allowed POINTS in all.
      expect(statuses).to.deep.equal([...Array(POINTS).fill(200), 429, 429]);
      expect(Number(await ask(port, 'get', key)), `the counter on ${port}`).to.equal(POINTS + 2);
    }
  });

  it('when one master stops, /healthz says redis: false on both instances while resolves still answer, and true once it is back', async () => {
    // The master that does not hold a lone probe key: a check of one key (or a PING of one node)
    // would still say true.
    const probePort = await cluster!.portOf(`${PREFIX}health-probe`);
    const stopped = cluster!.nodes.find((node) => node.port !== probePort)!;
    const posts = await cluster!.spread(1, (n) => `clusterdown${n}`, (rkey) => PREFIX + resultCacheKey('bluesky', `${DID}/${rkey}`));
    const onStopped = posts.find((p) => p.port === stopped.port)!;
    appView('clusterdown', (rkey) => [200, thread(rkey)]);
    await stopped.stop();
    for (const app of [a!, b!]) {
      expect(await eventually(async () => (await app.get('/healthz')).body.redis === false, 2000), 'redis: false on /healthz').to.equal(true);
      // And it stays false: no flapping between the masters that answer and the one that does not.
      const later = [];
      for (let i = 0; i < 10; i++) later.push((await app.get('/healthz')).body.redis);
      expect(later).to.deep.equal(Array(10).fill(false));
    }
    const answer = await resolve(a!, onStopped.value);
    expect(answer.status).to.equal(200);
    expect(answer.body.status).to.equal('ok');
    await stopped.start();
    expect(await cluster!.healthy(15_000), 'the cluster is whole again').to.equal(true);
    for (const app of [a!, b!]) expect(await eventually(async () => (await app.get('/healthz')).body.redis === true, 10_000), 'redis: true on /healthz').to.equal(true);
  });
});

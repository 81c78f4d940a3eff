// Benching shared by two instances on one real Redis (issue 24, point 4): an egress refused on one
// instance is benched on the other, which sends its resolve around it at once.
import { expect } from 'chai';
import type { Redis } from 'ioredis';
import { createRedisClient } from '../../src/infrastructure/cache/redis-client.js';
import { q, TestApp } from '../support/app.js';
import { collectingLogger, deleteKeys, describeWithRedis, eventually, REDIS_URL, uniquePrefix } from '../support/redis.js';
import { credentialsFile, POSTS, startWorld, type World } from './harness.js';

describeWithRedis('access: benching shared through Redis', function () {
  this.timeout(30_000);
  const prefix = uniquePrefix('access-shared');
  let world: World;
  let admin: Redis;
  const apps: TestApp[] = [];
  before(async () => {
    world = await startWorld();
    admin = createRedisClient(REDIS_URL, collectingLogger());
  });
  after(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await deleteKeys(admin, prefix);
    admin.disconnect();
    await world.close();
  });

  it('an egress refused on one instance is left out by the other', async () => {
    const file = credentialsFile({ reddit: { proxies: [world.proxies.a.url, world.proxies.b.url] } });
    for (let i = 0; i < 2; i++) {
      const app = await TestApp.start({ PLATFORM_CREDENTIALS_FILE: file, REDIS_URL, REDIS_KEY_PREFIX: prefix }, { proxiedTls: { ca: world.ca.caCert } });
      apps.push(app);
      expect(await eventually(async () => (await app.get('/healthz')).body.redis === true, 5000), 'redis: true on /healthz').to.equal(true);
    }
    const [one, two] = apps as [TestApp, TestApp];
    world.internet.use((r) => (r.via === 'A' ? { status: 429, body: '{}' } : undefined));
    expect((await one.get(`/api/v1/resolve?url=${q(POSTS.redditGallery)}`)).body.status).to.equal('ok');
    const before = world.internet.seen.length;
    // The other instance starts its own turn at A too: only the shared bench sends it to B.
    expect((await two.get(`/api/v1/resolve?url=${q(POSTS.redditPoll)}`)).body.status).to.equal('ok');
    expect(world.internet.seen.slice(before).map((r) => r.via)).to.deep.equal(['B']);
  });
});

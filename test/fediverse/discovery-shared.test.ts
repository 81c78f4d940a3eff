// Two instances on one Redis share discovery (docs/design.md §3, §11): a host's NodeInfo answer cached by
// one is read by the other, so the host is asked once across both.
import { expect } from 'chai';
import nock from 'nock';
import { adminClient, describeWithRedis, REDIS_URL, uniquePrefix } from '../support/redis.js';
import { q, TestApp } from '../support/app.js';
import { serveNodeInfo, serveStatus } from './nodeinfo-server.js';

describeWithRedis('fediverse discovery shared through Redis', () => {
  const prefix = uniquePrefix('fediverse-discovery');
  const admin = adminClient(prefix);
  const apps: TestApp[] = [];
  after(async () => {
    nock.cleanAll();
    await Promise.all(apps.map((app) => app.close()));
  });

  it('when instance A discovers a host, instance B resolves its posts without asking the host\'s NodeInfo again', async () => {
    const env = { REDIS_URL, REDIS_KEY_PREFIX: prefix };
    apps.push(await TestApp.start(env), await TestApp.start(env));
    const [a, b] = apps as [TestApp, TestApp];
    const nodeInfo = serveNodeInfo('shared.example', 'gotosocial');
    serveStatus('shared.example', '01JX2Y3Z4A5B6C7D8E9F0GHJKM');
    serveStatus('shared.example', '01JX2Y3Z4A5B6C7D8E9F0GHJKN');
    const post = (id: string) => `https://shared.example/@noor/statuses/${id}`;
    expect((await a.get(`/api/v1/resolve?url=${q(post('01JX2Y3Z4A5B6C7D8E9F0GHJKM'))}`)).body).to.deep.include({ status: 'ok', platform: 'gotosocial' });
    // The answer is in Redis under the instances' prefix, for a day.
    const ttl = await admin().ttl(`${prefix}fd1:shared.example`);
    expect(ttl).to.be.within(86_000, 86_400);
    expect((await b.get(`/api/v1/resolve?url=${q(post('01JX2Y3Z4A5B6C7D8E9F0GHJKN'))}`)).body).to.deep.include({ status: 'ok', platform: 'gotosocial', siteName: 'GoToSocial' });
    expect(nodeInfo.asked()).to.equal(1);
  });

  it('when a host runs other software, both instances answer no-adapter, the host asked once, the answer kept an hour', async () => {
    const [a, b] = apps as [TestApp, TestApp];
    const nodeInfo = serveNodeInfo('blog.example', 'wordpress');
    for (const app of [a, b]) expect((await app.get(`/api/v1/resolve?url=${q('https://blog.example/@noor/113900000000777001')}`)).body).to.deep.include({ status: 'no-adapter' });
    expect(nodeInfo.asked()).to.equal(1);
    expect(await admin().ttl(`${prefix}fd1:blog.example`)).to.be.within(3_500, 3_600);
  });
});

// Following +switch-master announcements (sentinel-failover.ts), with the Redis at REDIS_URL standing
// in for a sentinel: its pub/sub carries the announcement as a sentinel's would. The client drops its
// connection only when the announced master is not the one it already talks to: a sentinel names the
// promoted replica as the master a moment before it announces the switch, and a client that
// reconnected in that moment must keep its connection (the commands in flight would fail otherwise).
import { expect } from 'chai';
import { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import { followFailovers } from '../../src/infrastructure/cache/sentinel-failover.js';
import { describeWithRedis, eventually, readyClient, sleep } from '../support/redis.js';

describeWithRedis('followFailovers', () => {
  let client: Redis;
  let publisher: Redis;
  const name = `postlens-test-${randomUUID().slice(0, 8)}`;

  beforeEach(async () => {
    client = await readyClient();
    publisher = await readyClient();
  });
  afterEach(() => {
    client.disconnect();
    publisher.disconnect();
  });

  it('when a switch names the master the client is on, it keeps the connection; a switch elsewhere, or another name\'s, is told apart', async () => {
    const { remoteAddress, remotePort } = client.stream;
    const here = `${remoteAddress!.replace(/^::ffff:/, '')} ${remotePort}`;
    const sentinel = { host: publisher.options.host!, port: publisher.options.port! };
    let closes = 0;
    client.on('close', () => closes++);
    // Each watcher's subscription counts once: wait until this one listens.
    const listening = async () => ((await publisher.pubsub('NUMSUB', '+switch-master')) as [string, number])[1] >= 1;
    followFailovers(client, [sentinel], name, () => 100);
    expect(await eventually(listening, 3000), 'the watcher subscribed').to.equal(true);

    await publisher.publish('+switch-master', `${name} 127.0.0.1 1 ${here}`);
    await publisher.publish('+switch-master', `other-${name} ${here} 127.0.0.1 1`);
    // A drop would follow within milliseconds of delivery (on loopback); the pause is wide.
    await sleep(300);
    expect({ closes, status: client.status }).to.deep.equal({ closes: 0, status: 'ready' });
    await publisher.publish('+switch-master', `${name} ${here} 127.0.0.1 1`);
    expect(await eventually(() => closes > 0, 3000), 'dropped on a switch elsewhere').to.equal(true);
    expect(closes).to.equal(1);
  });
});

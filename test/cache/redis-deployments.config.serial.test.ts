// The Redis deployment settings of docs/design.md §8: REDIS_URL, REDIS_CLUSTER_NODES, or REDIS_SENTINELS with
// REDIS_SENTINEL_NAME — exactly one — and no client options in REDIS_URL's query string, refused at
// start-up with a message naming the variable (and the real service exits on it).
import { expect } from 'chai';
import { ConfigError, loadConfig } from '../../src/config/config.js';
import { ServiceProcess } from '../lifecycle/service-process.js';

const KEYS = { API_KEYS: 'config-test-key-0123456789' };

function refusal(env: Record<string, string>): string {
  try {
    loadConfig({ ...KEYS, ...env });
  } catch (error) {
    expect(error).to.be.instanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error(`accepted ${JSON.stringify(env)}`);
}

describe('Redis deployment settings', () => {
  it('when REDIS_URL is set, the target is that one server, credentials and database included', () => {
    expect(loadConfig({ ...KEYS, REDIS_URL: 'rediss://:pw@redis.internal:6380/2' }).redis).to.deep.equal({ mode: 'standalone', url: 'rediss://:pw@redis.internal:6380/2' });
  });

  it('when REDIS_CLUSTER_NODES is set, the target is a cluster with those seeds (names, IPv4, bracketed IPv6)', () => {
    const { redis } = loadConfig({ ...KEYS, REDIS_CLUSTER_NODES: 'redis-a.internal:7000, 10.0.0.2:7001,[::1]:7002' });
    expect(redis).to.deep.equal({
      mode: 'cluster',
      nodes: [
        { host: 'redis-a.internal', port: 7000 },
        { host: '10.0.0.2', port: 7001 },
        { host: '::1', port: 7002 },
      ],
    });
  });

  it('when REDIS_SENTINELS and REDIS_SENTINEL_NAME are set, the target is the master of that name', () => {
    const { redis } = loadConfig({ ...KEYS, REDIS_SENTINELS: 's1:26379,s2:26379', REDIS_SENTINEL_NAME: 'mymaster' });
    expect(redis).to.deep.equal({ mode: 'sentinel', name: 'mymaster', sentinels: [{ host: 's1', port: 26379 }, { host: 's2', port: 26379 }] });
  });

  it('when two deployments are set, refuses to start, naming both', () => {
    expect(refusal({ REDIS_URL: 'redis://r:6379', REDIS_CLUSTER_NODES: 'c:7000' })).to.match(/only one of .*found REDIS_URL, REDIS_CLUSTER_NODES/);
    expect(refusal({ REDIS_CLUSTER_NODES: 'c:7000', REDIS_SENTINELS: 's:26379', REDIS_SENTINEL_NAME: 'm' })).to.match(/found REDIS_CLUSTER_NODES, REDIS_SENTINELS/);
  });

  it('when Sentinel is half configured, refuses to start, saying what is missing', () => {
    expect(refusal({ REDIS_SENTINELS: 's:26379' })).to.match(/REDIS_SENTINELS needs REDIS_SENTINEL_NAME/);
    expect(refusal({ REDIS_SENTINEL_NAME: 'mymaster' })).to.match(/REDIS_SENTINEL_NAME needs REDIS_SENTINELS/);
  });

  it('when a node or sentinel is not host:port, refuses to start, naming the variable and the item', () => {
    for (const [name, item] of [['REDIS_CLUSTER_NODES', 'c'], ['REDIS_CLUSTER_NODES', 'c:70000'], ['REDIS_CLUSTER_NODES', '::1:7000'], ['REDIS_SENTINELS', 'redis://s:26379']] as const) {
      const env: Record<string, string> = { [name]: item };
      if (name === 'REDIS_SENTINELS') env.REDIS_SENTINEL_NAME = 'm';
      expect(refusal(env)).to.include(`${name} must list host:port items (got "${item}")`);
    }
  });

  it('when REDIS_URL carries options in its query string, refuses to start without echoing the URL (it may hold a password)', () => {
    for (const url of ['redis://:hunter2secret@r:6379/0?commandTimeout=5000', 'redis://:hunter2secret@r:6379?enableOfflineQueue=true']) {
      const message = refusal({ REDIS_URL: url });
      expect(message).to.include('REDIS_URL must not carry options in its query string');
      expect(message).not.to.include('hunter2secret');
    }
  });

  it('when the real service is started with a REDIS_URL query option, it exits with that message before listening', async function () {
    this.timeout(30_000);
    const error = await ServiceProcess.start({ env: { ...KEYS, REDIS_URL: 'redis://127.0.0.1:6379/?commandTimeout=5000' } }).then(
      async (service) => {
        service.child.kill('SIGKILL');
        return undefined;
      },
      (e: Error) => e,
    );
    expect(error?.message).to.match(/exited \(1\) before listening: .*REDIS_URL must not carry options in its query string/s);
  });
});

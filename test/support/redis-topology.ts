// The Redis deployments of docs/design.md §8 beyond one server, for the tests: a three-master Redis Cluster
// and a master, a replica and a sentinel. Real redis-server processes (ThrowawayRedis) on loopback
// ports of their own, without persistence, their files in a temp dir; `dispose()` kills them all.
import { execFile, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Redis } from 'ioredis';
import { eventually, ThrowawayRedis } from './redis.js';

/** Why these deployments cannot be started here (redis-server or redis-cli missing), or undefined. */
export function topologyMissing(): string | undefined {
  for (const tool of ['redis-server', 'redis-cli']) {
    if (spawnSync(tool, ['--version'], { stdio: 'ignore' }).status !== 0) return `${tool} is not installed`;
  }
  return undefined;
}

/** One command to one server over its own short-lived connection: the test's view, not the service's. */
export async function ask(port: number, command: string, ...args: (string | number)[]): Promise<unknown> {
  const client = new Redis(port, '127.0.0.1', { lazyConnect: true, connectTimeout: 1000, commandTimeout: 3000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  client.on('error', () => undefined); // the command's own rejection tells
  try {
    await client.connect();
    return await client.call(command, ...args);
  } finally {
    client.disconnect();
  }
}

/** Three masters (no replicas) holding all 16384 slots, made by `redis-cli --cluster create`. */
export class RedisClusterTopology {
  private constructor(
    readonly nodes: readonly ThrowawayRedis[],
    private readonly dir: string,
  ) {}

  static async start(masters = 3): Promise<RedisClusterTopology> {
    const dir = mkdtempSync(join(tmpdir(), 'postlens-cluster-'));
    const nodes: ThrowawayRedis[] = [];
    const topology = new RedisClusterTopology(nodes, dir);
    try {
      for (let i = 0; i < masters; i++) {
        const args = ['--dir', dir, '--cluster-enabled', 'yes', '--cluster-config-file', `nodes-${i}.conf`, '--cluster-node-timeout', '2000'];
        nodes.push(await ThrowawayRedis.create({ args, clusterBus: true }));
      }
      await promisify(execFile)('redis-cli', ['--cluster', 'create', ...nodes.map((node) => `127.0.0.1:${node.port}`), '--cluster-replicas', '0', '--cluster-yes'], { timeout: 20_000 });
      if (!(await topology.healthy(10_000))) throw new Error('the cluster did not reach cluster_state:ok');
      return topology;
    } catch (error) {
      await topology.dispose();
      throw error;
    }
  }

  /** REDIS_CLUSTER_NODES naming every node. */
  get seeds(): string {
    return this.nodes.map((node) => `127.0.0.1:${node.port}`).join(',');
  }

  /** Whether every node running says the cluster is ok, within `timeoutMs`. */
  healthy(timeoutMs: number): Promise<boolean> {
    return eventually(async () => {
      try {
        const infos = await Promise.all(this.nodes.map((node) => ask(node.port, 'cluster', 'info')));
        return infos.every((info) => String(info).includes('cluster_state:ok'));
      } catch {
        return false;
      }
    }, timeoutMs);
  }

  /** The port of the master holding `key`, as the cluster itself says (CLUSTER KEYSLOT, CLUSTER SLOTS). */
  async portOf(key: string): Promise<number> {
    const port = this.nodes[0]!.port;
    const slot = Number(await ask(port, 'cluster', 'keyslot', key));
    const ranges = (await ask(port, 'cluster', 'slots')) as [number, number, [string, number]][];
    const range = ranges.find(([from, to]) => slot >= from && slot <= to);
    if (!range) throw new Error(`no master holds slot ${slot}`);
    return range[2][1];
  }

  /** `count` values from `candidate(n)` per master: those whose key (`keyOf`) it holds. */
  async spread<T>(count: number, candidate: (n: number) => T, keyOf: (value: T) => string): Promise<{ value: T; key: string; port: number }[]> {
    const picked: { value: T; key: string; port: number }[] = [];
    for (let n = 0; picked.length < count * this.nodes.length; n++) {
      if (n > 1000) throw new Error('could not spread keys over every master');
      const value = candidate(n);
      const key = keyOf(value);
      const port = await this.portOf(key);
      if (picked.filter((p) => p.port === port).length < count) picked.push({ value, key, port });
    }
    return picked;
  }

  async dispose(): Promise<void> {
    await Promise.all(this.nodes.map((node) => node.dispose()));
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/** A master, its replica and one sentinel watching them (quorum 1), quick to act: a failover takes seconds. */
export class SentinelTopology {
  static readonly NAME = 'postlens-test';

  private constructor(
    readonly master: ThrowawayRedis,
    readonly replica: ThrowawayRedis,
    readonly sentinel: ThrowawayRedis,
    private readonly dir: string,
  ) {}

  static async start(): Promise<SentinelTopology> {
    const dir = mkdtempSync(join(tmpdir(), 'postlens-sentinel-'));
    const started: ThrowawayRedis[] = [];
    const create = async (options: Parameters<typeof ThrowawayRedis.create>[0]) => {
      const server = await ThrowawayRedis.create(options);
      started.push(server);
      return server;
    };
    try {
      // Diskless sync without Redis 7's 5 s wait for more replicas: the replica has the data at once.
      const data = ['--dir', dir, '--repl-diskless-sync-delay', '0'];
      const master = await create({ args: data });
      const replica = await create({ args: [...data, '--replicaof', '127.0.0.1', String(master.port)] });
      const synced = await eventually(async () => String(await ask(replica.port, 'info', 'replication')).includes('master_link_status:up'), 10_000);
      if (!synced) throw new Error('the replica did not sync with the master');
      // The sentinel learns the replica from the master's INFO, which it asks at once when it starts.
      const configFile = join(dir, 'sentinel.conf');
      const name = SentinelTopology.NAME;
      writeFileSync(configFile, [`sentinel monitor ${name} 127.0.0.1 ${master.port} 1`, `sentinel down-after-milliseconds ${name} 1000`, `sentinel failover-timeout ${name} 5000`, ''].join('\n'));
      const sentinel = await create({ configFile, args: ['--dir', dir, '--sentinel'] });
      // Its own periods shortened too (SENTINEL DEBUG, Redis 7): INFO to each server every second
      // (10 s by default), and a returning old master made a replica 2 s after it says it is a master
      // (four hello periods: 8 s by default). The same steps, seconds sooner.
      await ask(sentinel.port, 'sentinel', 'debug', 'info-period', 1000, 'publish-period', 500);
      const watching = await eventually(async () => ((await ask(sentinel.port, 'sentinel', 'replicas', name)) as unknown[]).length === 1, 10_000);
      if (!watching) throw new Error('the sentinel did not find the replica');
      return new SentinelTopology(master, replica, sentinel, dir);
    } catch (error) {
      await Promise.all(started.map((server) => server.dispose()));
      rmSync(dir, { recursive: true, force: true });
      throw error;
    }
  }

  /** REDIS_SENTINELS. */
  get sentinels(): string {
    return `127.0.0.1:${this.sentinel.port}`;
  }

  /** The port of the master, as the sentinel names it now. */
  async masterPort(): Promise<number> {
    const [, port] = (await ask(this.sentinel.port, 'sentinel', 'get-master-addr-by-name', SentinelTopology.NAME)) as [string, string];
    return Number(port);
  }

  async dispose(): Promise<void> {
    await Promise.all([this.sentinel, this.master, this.replica].map((server) => server.dispose()));
    rmSync(this.dir, { recursive: true, force: true });
  }
}

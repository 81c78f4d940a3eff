// Redis for the tests: the shared Redis at REDIS_URL (skipped with a notice when none answers,
// unless REQUIRE_REDIS=1), throwaway redis-server processes that tests may stop and freeze, unique
// key prefixes with their cleanup, and a Logger that collects its lines.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { randomInt, randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { Logger } from '../../src/application/ports/logger.port.js';
import { createRedisClient } from '../../src/infrastructure/cache/redis-client.js';

export const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Whether a Redis at `url` answers PING within `timeoutMs`. Never throws, never lingers. */
export async function redisAnswers(url: string, timeoutMs = 500): Promise<boolean> {
  const client = new Redis(url, {
    lazyConnect: true,
    connectTimeout: timeoutMs,
    commandTimeout: timeoutMs,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  client.on('error', () => undefined); // the answer is the boolean
  let timer: NodeJS.Timeout | undefined;
  const giveUp = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs * 2)));
  const ask = client
    .connect()
    .then(() => client.ping())
    .then((reply) => reply === 'PONG')
    .catch(() => false);
  try {
    return await Promise.race([ask, giveUp]);
  } finally {
    clearTimeout(timer);
    client.disconnect();
  }
}

/** In a `before` hook: skip the suite with a printed notice, or fail it when REQUIRE_REDIS=1 (CI). */
export function skipOrFail(context: Mocha.Context, why: string): void {
  if (process.env.REQUIRE_REDIS === '1') throw new Error(`${why}, and REQUIRE_REDIS=1 requires it`);
  console.log(`    [skipped] ${why} (set REQUIRE_REDIS=1 to fail instead)`);
  context.skip();
}

/** A `describe` whose tests run only when the Redis at REDIS_URL answers. */
export function describeWithRedis(title: string, body: (this: Mocha.Suite) => void): Mocha.Suite {
  return describe(title, function () {
    before(async function () {
      if (!(await redisAnswers(REDIS_URL))) skipOrFail(this, `no Redis answers at ${REDIS_URL}`);
    });
    body.call(this);
  });
}

/** A prefix no other test run shares, so tests on the shared Redis never collide. */
export function uniquePrefix(label: string): string {
  return `postlens-test:${label}:${randomUUID().slice(0, 8)}:`;
}

/** Deletes every key under `prefix` (SCAN, never KEYS or FLUSH on the shared Redis). */
export async function deleteKeys(client: Redis, prefix: string): Promise<void> {
  let cursor = '0';
  do {
    const [next, keys] = await client.scan(cursor, 'MATCH', `${prefix.replace(/[*?[\]\\]/g, '\\$&')}*`, 'COUNT', 500);
    if (keys.length) await client.del(...keys);
    cursor = next;
  } while (cursor !== '0');
}

export interface LoggedLine {
  level: 'debug' | 'info' | 'warn' | 'error';
  fields: object;
  message: string;
}

export function collectingLogger(): Logger & { lines: LoggedLine[] } {
  const lines: LoggedLine[] = [];
  const at = (level: LoggedLine['level']) => (fields: object, message: string) => void lines.push({ level, fields, message });
  return { lines, debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error'), access: (line) => at('info')(line, 'request') };
}

/** Servers alive in this process, killed on exit even if a test forgot its `after`. */
const live = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of live) {
    child.kill('SIGCONT');
    child.kill('SIGKILL');
  }
});

export interface ThrowawayOptions {
  /** A configuration file, read first (a sentinel needs one it can rewrite). */
  configFile?: string;
  /** More options after the defaults, which they override (e.g. `--dir`, `--cluster-enabled yes`). */
  args?: readonly string[];
  /** A Redis Cluster node: its bus port is drawn too (port + 10000, Redis' default, may be taken or past 65535). */
  clusterBus?: boolean;
}

/** Where throwaway servers listen: below Linux's ephemeral range (32768–60999), above well-known services. */
const PORT_RANGE = { from: 20_000, to: 32_000 } as const;
/** Tries on other ports when the one drawn is taken. */
const START_ATTEMPTS = 5;

function randomPort(): number {
  return PORT_RANGE.from + randomInt(PORT_RANGE.to - PORT_RANGE.from);
}

/**
 * A private redis-server on a loopback port of its own (see `create`), without persistence, that a test may stop,
 * start again on the same port, freeze (SIGSTOP) and thaw. Call `dispose()` in `after`.
 */
export class ThrowawayRedis {
  private child: ChildProcess | undefined;
  private frozen = false;

  private constructor(
    readonly port: number,
    private readonly options: ThrowawayOptions = {},
  ) {}

  /** Whether `redis-server` can be run here at all. */
  static available(): boolean {
    return spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).status === 0;
  }

  /**
   * A redis-server must be told its port up front (it cannot listen on 0 and say which port it got),
   * and probing a free port and releasing it for the server would race with every other process.
   * So the port (and a cluster node's bus port) is drawn at random from PORT_RANGE, below Linux's
   * ephemeral range where the kernel picks ports for listen(0) and outgoing connections; when
   * another process holds it, redis-server exits (or the port answers with another server's
   * process id), and the start is tried again on other ports.
   */
  static async create(options: ThrowawayOptions = {}): Promise<ThrowawayRedis> {
    let lastError: unknown;
    for (let attempt = 0; attempt < START_ATTEMPTS; attempt++) {
      const args = [...(options.args ?? []), ...(options.clusterBus ? ['--cluster-port', String(randomPort())] : [])];
      const redis = new ThrowawayRedis(randomPort(), { ...options, args });
      try {
        await redis.start();
        return redis;
      } catch (error) {
        lastError = error;
      }
    }
    throw lastError;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    if (this.child) return;
    const { configFile, args: more = [] } = this.options;
    const args = [...(configFile ? [configFile] : []), '--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', tmpdir(), ...more];
    const child = spawn('redis-server', args, { stdio: 'ignore' });
    this.child = child;
    live.add(child);
    child.once('exit', () => {
      live.delete(child);
      if (this.child === child) this.child = undefined;
    });
    const deadline = Date.now() + 5000;
    // Up when the port answers PING with this child's own process id (not another server's there).
    while ((await processIdOn(this.port)) !== child.pid) {
      if (Date.now() > deadline || child.exitCode !== null || child.signalCode !== null) {
        await this.dispose();
        throw new Error(`redis-server did not start on port ${this.port}`);
      }
      await sleep(25);
    }
  }

  /** Graceful shutdown (SIGTERM), then SIGKILL if it has not exited within 2 s. */
  async stop(): Promise<void> {
    await this.end('SIGTERM');
  }

  freeze(): void {
    if (!this.child) throw new Error('redis-server is not running');
    this.child.kill('SIGSTOP');
    this.frozen = true;
  }

  thaw(): void {
    this.child?.kill('SIGCONT');
    this.frozen = false;
  }

  /** Always safe: thaws a frozen server first, then kills it outright. */
  async dispose(): Promise<void> {
    await this.end('SIGKILL');
  }

  private async end(signal: NodeJS.Signals): Promise<void> {
    const child = this.child;
    if (!child) return;
    if (this.frozen) this.thaw(); // a stopped process only acts on SIGTERM once continued
    const exited = child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : once(child, 'exit');
    child.kill(signal);
    const timer = setTimeout(() => child.kill('SIGKILL'), 2000);
    await exited;
    clearTimeout(timer);
    this.child = undefined;
  }
}

/**
 * A Redis address where nothing listens, ever: port 0 cannot be listened on (listen(0) means "pick
 * one"), and Linux refuses connections to it, as it does to a closed port.
 */
export const NOWHERE_REDIS_URL = 'redis://127.0.0.1:0';

/** The `process_id` of the Redis server on `port` (INFO server over a bare socket), or undefined within 500 ms. */
function processIdOn(port: number): Promise<number | undefined> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let reply = '';
    const done = (pid: number | undefined) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(pid);
    };
    const timer = setTimeout(() => done(undefined), 500);
    socket.once('error', () => done(undefined));
    socket.once('connect', () => socket.write('INFO server\r\n'));
    socket.on('data', (data) => {
      reply += data.toString();
      if (reply.startsWith('-')) return done(undefined); // an error reply (e.g. still loading)
      const pid = /process_id:(\d+)\r\n/.exec(reply);
      if (pid) done(Number(pid[1]));
    });
  });
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Polls `condition` every 50 ms until true or `timeoutMs` passes; returns the final answer. */
export async function eventually(condition: () => Promise<boolean> | boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await condition()) return true;
    if (Date.now() > deadline) return false;
    await sleep(50);
  }
}

/** A client made as the service makes it, once connected (its offline queue is off: commands sent before the handshake would fail as misses). */
export async function readyClient(): Promise<Redis> {
  const client = createRedisClient(REDIS_URL, collectingLogger());
  if (!(await eventually(() => client.status === 'ready', 3000))) throw new Error(`no connection to ${REDIS_URL}`);
  return client;
}

/** Inside a describe: a connected client for checking Redis directly; afterwards, the keys under `prefix` are deleted. */
export function adminClient(prefix: string): () => Redis {
  let admin: Redis | undefined;
  before(async () => {
    admin = await readyClient();
  });
  after(async () => {
    if (!admin) return;
    await deleteKeys(admin, prefix);
    admin.disconnect();
  });
  return () => admin!;
}

// The one ioredis client shared by the Redis cache and the Redis rate limiter, tuned so that a dead
// or frozen Redis costs a request at most one short command timeout (docs/design.md §8, §13), plus the
// circuit breaker and throttled warning both Redis adapters put in front of it. One server, Redis
// Cluster or Sentinel: the same tuning for each.
import { Cluster, Redis, type ClusterOptions, type RedisOptions } from 'ioredis';
import { BrokenCircuitError, circuitBreaker, CircuitState, ConsecutiveBreaker, handleAll, type CircuitBreakerPolicy } from 'cockatiel';
import type { Logger } from '../../application/ports/logger.port.js';
import type { RedisAddress } from './redis-address.js';
import { followFailovers } from './sentinel-failover.js';

/** A client of any of the three deployments: both kinds answer the same commands. */
export type RedisClient = Redis | Cluster;

/**
 * Where Redis is: the three deployments docs/design.md §8 supports, exactly one configured (the
 * configuration's REDIS_URL, REDIS_CLUSTER_NODES or REDIS_SENTINELS; src/config/redis-deployment.ts).
 */
export type RedisDeployment =
  | { mode: 'standalone'; url: string }
  | { mode: 'cluster'; nodes: readonly RedisAddress[] }
  | { mode: 'sentinel'; sentinels: readonly RedisAddress[]; name: string };

/** A command that has not answered by then is failed; the caller treats it as a miss. */
export const REDIS_COMMAND_TIMEOUT_MS = 150;
/** Reconnect attempts back off up to this interval, forever, so the cache returns with Redis. */
export const REDIS_RECONNECT_MAX_MS = 1000;
/** A sentinel that does not say where the master is within this is skipped for the next one. */
export const SENTINEL_COMMAND_TIMEOUT_MS = 500;

// Returning a number keeps ioredis reconnecting; it never gives up (null would end the client).
const reconnectForever = (attempt: number) => Math.min(50 * 2 ** Math.min(attempt, 10), REDIS_RECONNECT_MAX_MS);

/** What every connection to a Redis server gets, whichever the deployment. */
const SERVER_OPTIONS = {
  commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
  connectTimeout: 1000,
} satisfies RedisOptions;

/** One server or a Sentinel-managed master: one connection, reconnected forever. */
const CONNECTION_OPTIONS = {
  ...SERVER_OPTIONS,
  // Without a connection a command fails at once instead of queueing (ioredis' default queue
  // held a GET ~73 s with Redis down).
  enableOfflineQueue: false,
  maxRetriesPerRequest: 1,
  // Commands issued in the same tick share one write and one round trip: under load the rate
  // limiter's and the cache's calls of many requests go out together (bench P2).
  enableAutoPipelining: true,
  // Connect at construction: the first requests should not pay for the handshake.
  lazyConnect: false,
  retryStrategy: reconnectForever,
  // A server that became a replica (a failover demoted it; a DNS name now points elsewhere) refuses
  // writes with READONLY while still answering reads. Reconnecting finds the current master: through
  // Sentinel, or through the name REDIS_URL gives; until then the cache fails open.
  reconnectOnError: (error: Error) => error.message.startsWith('READONLY'),
} satisfies RedisOptions;

/** A client of the deployment; a URL alone is one server (tests and tools connect so). */
export function createRedisClient(url: string, logger: Logger): Redis;
export function createRedisClient(target: RedisDeployment, logger: Logger): RedisClient;
export function createRedisClient(target: RedisDeployment | string, logger: Logger): RedisClient {
  const deployment: RedisDeployment = typeof target === 'string' ? { mode: 'standalone', url: target } : target;
  const client = connect(deployment);
  const warn = throttledWarn(logger);
  // Without an 'error' listener ioredis prints every connection error; reconnects make them many.
  client.on('error', (error: Error) => warn({ err: describeError(error) }, 'redis connection error'));
  client.on('ready', () => logger.info({ mode: deployment.mode }, 'redis connection ready'));
  // A cluster reports a lost node apart from its own errors.
  if (client instanceof Cluster) client.on('node error', (error: Error) => warn({ err: describeError(error) }, 'redis cluster node error'));
  return client;
}

function connect(deployment: RedisDeployment): RedisClient {
  switch (deployment.mode) {
    case 'standalone':
      return new Redis(deployment.url, CONNECTION_OPTIONS);
    case 'sentinel': {
      const client = new Redis({
        ...CONNECTION_OPTIONS,
        sentinels: deployment.sentinels.map(({ host, port }) => ({ host, port })),
        name: deployment.name,
        // Only a server that says it is the master is used (ioredis checks its role on connecting).
        role: 'master',
        // Ask the sentinels again, forever, when none answers.
        sentinelRetryStrategy: reconnectForever,
        sentinelCommandTimeout: SENTINEL_COMMAND_TIMEOUT_MS,
      });
      followFailovers(client, deployment.sentinels, deployment.name, reconnectForever);
      return client;
    }
    case 'cluster':
      return new Cluster(deployment.nodes.map(({ host, port }) => ({ host, port })), clusterOptions());
  }
}

/**
 * The cluster's counterparts of the tuned options. The cluster has its own offline queue (off:
 * while it has no slot map a command fails at once) and reconnect strategy (forever); the node
 * connections get the command and connect timeouts (ioredis chooses their reconnects and queues
 * itself: a lost node is found again through the slot map). A command to a node that is down or
 * refuses (CLUSTERDOWN) fails at once instead of being retried through ioredis' redirection and
 * cluster-down retries, as maxRetriesPerRequest bounds them for one server; the slot map is read again every second instead, so a
 * failover inside the cluster is followed. MOVED and ASK are still followed at once. Reads go to
 * the masters, so an instance reads what another just wrote. Every key the cache and the limiter
 * use is one key per command, so one slot.
 */
function clusterOptions(): ClusterOptions {
  return {
    enableOfflineQueue: false,
    enableAutoPipelining: true,
    lazyConnect: false,
    clusterRetryStrategy: reconnectForever,
    retryDelayOnFailover: 0,
    retryDelayOnClusterDown: 0,
    slotsRefreshInterval: 1000,
    scaleReads: 'master',
    redisOptions: SERVER_OPTIONS,
  };
}

/** Breaker settings for Redis: open after 3 consecutive failures, probe again after 1 s. */
export const REDIS_BREAKER_THRESHOLD = 3;
export const REDIS_BREAKER_HALF_OPEN_AFTER_MS = 1000;

/**
 * A breaker in front of Redis: with Redis frozen, every command would otherwise still cost its
 * timeout (§13 measured ~320 req/s). The cache and the limiter may share one (one view of Redis).
 */
export function createRedisBreaker(
  threshold = REDIS_BREAKER_THRESHOLD,
  halfOpenAfterMs = REDIS_BREAKER_HALF_OPEN_AFTER_MS,
): CircuitBreakerPolicy {
  return circuitBreaker(handleAll, { halfOpenAfter: halfOpenAfterMs, breaker: new ConsecutiveBreaker(threshold) });
}

/**
 * Runs one Redis call through the breaker, bounded by a deadline (undefined: the client's own). While a half-open probe is in
 * flight the call is skipped (cockatiel would make it wait for the probe), so every request but the
 * probe stays fast. `onFailure` hears of real failures only: an open breaker is the expected,
 * already-reported state.
 */
export async function guardedRedisCall<T>(
  breaker: CircuitBreakerPolicy,
  command: () => Promise<T>,
  deadlineMs: number | undefined,
  what: string,
  onFailure: (error: unknown) => void,
): Promise<{ ok: true; value: T } | { ok: false }> {
  if (breaker.state === CircuitState.HalfOpen) return { ok: false };
  try {
    return { ok: true, value: await breaker.execute(() => (deadlineMs === undefined ? command() : withDeadline(command(), deadlineMs, what))) };
  } catch (error) {
    if (!(error instanceof BrokenCircuitError)) onFailure(error);
    return { ok: false };
  }
}

/**
 * The deadline a call needs on top of the client's own: none when the client's commandTimeout
 * already ends the command sooner (createRedisClient's one-connection clients do). A second timer
 * and a Promise.race per command were measurable under load (bench P2); a client without a
 * commandTimeout, or a cluster, keeps the guard.
 */
export function extraDeadline(client: RedisClient, deadlineMs: number): number | undefined {
  // A cluster command may be redirected and retried across nodes, each try with its own timeout.
  if (client instanceof Cluster) return deadlineMs;
  const own = client.options.commandTimeout;
  return own !== undefined && own > 0 && own <= deadlineMs ? undefined : deadlineMs;
}

/**
 * A warn that writes at most one line per message per interval, carrying how many were suppressed:
 * an outage makes every request fail, and a line per request would drown the log.
 */
export function throttledWarn(logger: Logger, intervalMs = 10_000): (fields: object, message: string) => void {
  const last = new Map<string, { at: number; suppressed: number }>();
  return (fields, message) => {
    try {
      const now = Date.now();
      const seen = last.get(message);
      if (seen && now - seen.at < intervalMs) {
        seen.suppressed++;
        return;
      }
      last.set(message, { at: now, suppressed: 0 });
      logger.warn({ ...fields, suppressed: seen?.suppressed ?? 0 }, message);
    } catch {
      // Logging must never break the caller (this runs inside event handlers and fail-open paths).
    }
  };
}

export function describeError(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

/** Rejects when `promise` has not settled within `ms` — a guard independent of client settings. */
export function withDeadline<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms);
    timer.unref();
  });
  // The loser of the race may still reject later; keep that from becoming an unhandled rejection.
  promise.catch(() => undefined);
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}

// The bench shared by every instance through Redis (docs/design.md §9 "Shared"): a session or egress
// refused on one instance is benched on all. Per platform and name, two keys — the bench itself,
// expiring with it, and the refusals in a row, kept a day past the last — both under the platform's hash tag,
// so a platform's keys share one slot and Redis Cluster takes the one read and the one script.
// Every call goes through the Redis breaker with a deadline; this instance's own bench is always
// written too and answers alone while Redis does not (fail open: benches this instance knows still
// hold, and nothing is ever blocked by Redis being away).
import type { CircuitBreakerPolicy } from 'cockatiel';
import type { Logger } from '../../application/ports/logger.port.js';
import { MAX_BENCH_MS, type AccessBench, type BenchCause, type BenchState } from '../../application/ports/access-bench.port.js';
import type { PlatformId } from '../../domain/platforms/platform-id.js';
import { createRedisBreaker, describeError, extraDeadline, guardedRedisCall, throttledWarn, type RedisClient } from '../cache/redis-client.js';
import { STRIKES_KEPT_MS, type MemoryAccessBench } from './memory.access-bench.js';

// KEYS[1] the bench, KEYS[2] the strikes; ARGV cause, bench time ms, most ms, strikes kept ms, strikes
// at least (what this instance counted while Redis was away). Returns the strikes.
const BENCH_SCRIPT = `
local strikes = redis.call('INCR', KEYS[2])
local least = tonumber(ARGV[5])
if strikes < least then strikes = least; redis.call('SET', KEYS[2], strikes) end
local ms = math.min(tonumber(ARGV[3]), tonumber(ARGV[2]) * 2 ^ math.min(strikes - 1, 20))
redis.call('PEXPIRE', KEYS[2], ms + tonumber(ARGV[4]))
redis.call('SET', KEYS[1], ARGV[1], 'PX', ms)
return strikes`;

export interface RedisAccessBenchOptions {
  client: RedisClient;
  keyPrefix: string;
  /** The bench time: how long a first bench lasts. */
  benchMs: number;
  /** This instance's own bench: written always, read alone while Redis fails. */
  local: MemoryAccessBench;
  breaker?: CircuitBreakerPolicy;
}

export class RedisAccessBench implements AccessBench {
  private readonly breaker: CircuitBreakerPolicy;
  private readonly warn: (fields: object, message: string) => void;
  private readonly deadlineMs: number | undefined;

  constructor(
    private readonly options: RedisAccessBenchOptions,
    logger: Logger,
  ) {
    this.breaker = options.breaker ?? createRedisBreaker();
    this.warn = throttledWarn(logger);
    this.deadlineMs = extraDeadline(options.client, 250);
  }

  async states(platform: PlatformId, names: readonly string[]): Promise<ReadonlyMap<string, BenchState>> {
    const local = this.options.local.statesNow(platform, names);
    if (names.length === 0) return local;
    const keys = names.flatMap((name) => [this.benchKey(platform, name), this.strikesKey(platform, name)]);
    const read = await this.run('mget', () => this.options.client.mget(...keys));
    if (!read) return local;
    const states = new Map(local);
    names.forEach((name, i) => {
      const cause = read[2 * i];
      const strikes = Math.max(Number(read[2 * i + 1] ?? 0) || 0, local.get(name)?.strikes ?? 0);
      const benched = isCause(cause) ? cause : local.get(name)?.benched;
      if (benched || strikes > 0) states.set(name, benched ? { benched, strikes: Math.max(strikes, 1) } : { strikes });
    });
    return states;
  }

  async bench(platform: PlatformId, name: string, cause: BenchCause): Promise<number> {
    const { local, benchMs } = this.options;
    const localMs = local.benchNow(platform, name, cause);
    const strikes = local.statesNow(platform, [name]).get(name)?.strikes ?? 1;
    const shared = await this.run('bench', () =>
      this.options.client.eval(BENCH_SCRIPT, 2, this.benchKey(platform, name), this.strikesKey(platform, name), cause, benchMs, MAX_BENCH_MS, STRIKES_KEPT_MS, strikes) as Promise<number>,
    );
    // The shared count may be ahead (other instances' refusals): this instance then benches it as long.
    return shared !== undefined && Number(shared) > strikes ? local.adopt(platform, name, cause, Number(shared)) : localMs;
  }

  async clear(platform: PlatformId, name: string): Promise<void> {
    await this.options.local.clear(platform, name);
    await this.run('clear', () => this.options.client.del(this.benchKey(platform, name), this.strikesKey(platform, name)));
  }

  /** `{prefix}a1:{platform}:bench:{name}`: the hash tag keeps a platform's keys in one slot. */
  private benchKey(platform: PlatformId, name: string): string {
    return `${this.options.keyPrefix}a1:{${platform}}:bench:${name}`;
  }

  private strikesKey(platform: PlatformId, name: string): string {
    return `${this.options.keyPrefix}a1:{${platform}}:strikes:${name}`;
  }

  private async run<T>(op: string, command: () => Promise<T>): Promise<T | undefined> {
    const result = await guardedRedisCall(this.breaker, command, this.deadlineMs, `redis access ${op}`, (error) =>
      this.warn({ op, err: describeError(error) }, 'redis access bench call failed; this instance’s own bench answers'),
    );
    return result.ok ? result.value : undefined;
  }
}

function isCause(value: unknown): value is BenchCause {
  return value === 'blocked' || value === 'rate-limited';
}

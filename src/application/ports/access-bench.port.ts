// Where refused sessions and egresses are benched (docs/design.md §9 "Benching", "Shared"): per platform
// and name, for the bench time (SESSION_COOLDOWN_S) doubled on each repeat up to an hour, forgotten
// after a success.
// In memory without Redis; with Redis, shared by every instance.
import type { PlatformId } from '../../domain/platforms/platform-id.js';

/** Why a session or an egress was benched: the platform's wall or bot check, or its rate limit. */
export type BenchCause = 'blocked' | 'rate-limited';

/** What the bench knows of one name: benched (and why) and how many refusals in a row it has had. */
export interface BenchState {
  benched?: BenchCause;
  strikes: number;
}

export interface AccessBench {
  /** The state of each of `names` for `platform` (an unknown name: not benched, no strikes). Never throws. */
  states(platform: PlatformId, names: readonly string[]): Promise<ReadonlyMap<string, BenchState>>;
  /** Benches `name` for as long as its refusals in a row earn; returns how long (ms). Never throws. */
  bench(platform: PlatformId, name: string, cause: BenchCause): Promise<number>;
  /** A success: `name` starts afresh (unbenched, no strikes). Never throws. */
  clear(platform: PlatformId, name: string): Promise<void>;
}

export const ACCESS_BENCH = Symbol('AccessBench');

export const MAX_BENCH_MS = 3_600_000;

/**
 * How long the `strikes`-th refusal in a row benches a name: the bench time (`benchMs`, how long a
 * first bench lasts), doubled per repeat, at most an hour.
 */
export function benchMsAfter(benchMs: number, strikes: number): number {
  return Math.min(MAX_BENCH_MS, benchMs * 2 ** Math.min(Math.max(strikes - 1, 0), 20));
}

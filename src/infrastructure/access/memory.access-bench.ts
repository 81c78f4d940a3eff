// The bench of one instance (no Redis): a refused session or egress is benched here for as long as
// its refusals in a row earn, and those are remembered for a day so a repeat after the bench doubles it.
import type { Clock } from '../../application/ports/clock.port.js';
import { benchMsAfter, type AccessBench, type BenchCause, type BenchState } from '../../application/ports/access-bench.port.js';
import type { PlatformId } from '../../domain/platforms/platform-id.js';

/** How long refusals in a row are remembered after the last one. */
export const STRIKES_KEPT_MS = 86_400_000;

interface Entry {
  cause: BenchCause;
  until: number;
  strikes: number;
  /** When the strikes are forgotten. */
  forgetAt: number;
}

export class MemoryAccessBench implements AccessBench {
  private readonly entries = new Map<string, Entry>();

  constructor(
    /** The bench time: how long a first bench lasts. */
    private readonly benchMs: number,
    private readonly clock: Clock,
  ) {}

  states(platform: PlatformId, names: readonly string[]): Promise<ReadonlyMap<string, BenchState>> {
    return Promise.resolve(this.statesNow(platform, names));
  }

  /** The same answer as `states`, at once: for a Redis bench that falls back to it. */
  statesNow(platform: PlatformId, names: readonly string[]): Map<string, BenchState> {
    const now = this.clock.now();
    const states = new Map<string, BenchState>();
    for (const name of names) {
      const entry = this.live(key(platform, name), now);
      if (entry) states.set(name, entry.until > now ? { benched: entry.cause, strikes: entry.strikes } : { strikes: entry.strikes });
    }
    return states;
  }

  bench(platform: PlatformId, name: string, cause: BenchCause): Promise<number> {
    return Promise.resolve(this.benchNow(platform, name, cause));
  }

  /** Counts one more refusal of `name` and benches it for as long as that earns; returns how long (ms). */
  benchNow(platform: PlatformId, name: string, cause: BenchCause): number {
    const strikes = (this.live(key(platform, name), this.clock.now())?.strikes ?? 0) + 1;
    return this.adopt(platform, name, cause, strikes);
  }

  /** Benches `name` as its `strikes`-th refusal in a row (a count another instance shared); returns how long (ms). */
  adopt(platform: PlatformId, name: string, cause: BenchCause, strikes: number): number {
    const now = this.clock.now();
    const ms = benchMsAfter(this.benchMs, strikes);
    this.entries.set(key(platform, name), { cause, until: now + ms, strikes, forgetAt: now + ms + STRIKES_KEPT_MS });
    return ms;
  }

  clear(platform: PlatformId, name: string): Promise<void> {
    this.entries.delete(key(platform, name));
    return Promise.resolve();
  }

  /** The entry, unless its strikes are forgotten (then dropped: the map holds only what counts). */
  private live(k: string, now: number): Entry | undefined {
    const entry = this.entries.get(k);
    if (entry && entry.forgetAt <= now) {
      this.entries.delete(k);
      return undefined;
    }
    return entry;
  }
}

function key(platform: PlatformId, name: string): string {
  return `${platform}\n${name}`;
}

// In-process request counting with the same fixed windows as rate-limiter-flexible's (a key's
// window opens at its first request and lasts the duration), but answered synchronously.
// rate-limiter-flexible's memory limiter answers only through a promise (and our adapter wrapped
// it in two more): under the bench's load that cost ≈ 3–4 µs per request, about a seventh of a
// cached resolve (bench/RESULTS.md). Redis counting still goes through the library.

export interface WindowCount {
  /** Points counted in the key's current window, this call's included. */
  consumed: number;
  /** Milliseconds until that window closes. */
  msLeft: number;
}

export class FixedWindowCounter {
  private readonly windows = new Map<string, { consumed: number; closesAt: number }>();
  private nextSweepAt = 0;

  constructor(
    private readonly durationMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  count(key: string, points: number): WindowCount {
    const now = this.now();
    let window = this.windows.get(key);
    if (!window || window.closesAt <= now) {
      this.sweep(now);
      window = { consumed: 0, closesAt: now + this.durationMs };
      this.windows.set(key, window);
    }
    window.consumed += points;
    return { consumed: window.consumed, msLeft: window.closesAt - now };
  }

  /** How many keys have a window held (closed ones go at the next sweep). */
  get size(): number {
    return this.windows.size;
  }

  // Closed windows are dropped at most once per duration, when a window opens: memory stays
  // bounded by the keys seen in about two windows, without a timer per key.
  private sweep(now: number): void {
    if (now < this.nextSweepAt) return;
    this.nextSweepAt = now + this.durationMs;
    for (const [key, window] of this.windows) if (window.closesAt <= now) this.windows.delete(key);
  }
}

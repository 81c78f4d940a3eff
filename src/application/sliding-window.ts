// A sliding-window limit per key, in this process's memory: at most `limit` takes of a key in any
// `windowMs` span, wherever that span starts. Kept as a log of the takes' times (at most `limit`
// per key), so unlike a fixed window no burst at a window's edge lets twice the limit through.
import type { Clock } from './ports/clock.port.js';

export interface SlidingWindowSettings {
  /** Takes allowed per key in any span of `windowMs`; 0 allows none. */
  limit: number;
  windowMs: number;
}

/** One key's takes, oldest first: `times[head…]` are the live ones (the rest are spent slots). */
interface Log {
  times: number[];
  head: number;
}

export class SlidingWindow {
  private readonly logs = new Map<string, Log>();
  /** When the last sweep of keys with nothing left in their window ran. */
  private sweptAt: number;

  constructor(
    readonly settings: SlidingWindowSettings,
    private readonly clock: Clock,
  ) {
    this.sweptAt = clock.now();
  }

  /** Whether `key` may take one now, without taking it (so several windows can be asked first, then all taken). */
  allows(key: string): boolean {
    return this.used(key, this.clock.now()) < this.settings.limit;
  }

  /** Takes one for `key` when its window allows it; false (and nothing counted) when it does not. */
  take(key: string): boolean {
    const now = this.clock.now();
    this.sweep(now);
    if (this.used(key, now) >= this.settings.limit) return false;
    const log = this.logs.get(key);
    if (log) log.times.push(now);
    else this.logs.set(key, { times: [now], head: 0 });
    return true;
  }

  /** Takes left for `key` in the window ending now. */
  remaining(key: string): number {
    return Math.max(0, this.settings.limit - this.used(key, this.clock.now()));
  }

  /** Milliseconds until `key` may take one again: 0 when it may now. */
  retryInMs(key: string): number {
    const now = this.clock.now();
    const used = this.used(key, now);
    if (used < this.settings.limit) return 0;
    if (this.settings.limit === 0) return this.settings.windowMs;
    const log = this.logs.get(key)!;
    // The take whose expiry brings the count under the limit.
    const freeing = log.times[log.head + used - this.settings.limit]!;
    return Math.max(1, freeing + this.settings.windowMs - now);
  }

  /** Keys holding takes in the current window (how much memory the limiter holds). */
  get size(): number {
    return this.logs.size;
  }

  /** Takes of `key` in (now - windowMs, now], dropping the older ones. */
  private used(key: string, now: number): number {
    const log = this.logs.get(key);
    if (!log) return 0;
    const since = now - this.settings.windowMs;
    while (log.head < log.times.length && log.times[log.head]! <= since) log.head += 1;
    if (log.head === log.times.length) {
      this.logs.delete(key);
      return 0;
    }
    // Spent slots are cut off once they are half the array: amortised O(1) per take.
    if (log.head > 32 && log.head * 2 > log.times.length) {
      log.times = log.times.slice(log.head);
      log.head = 0;
    }
    return log.times.length - log.head;
  }

  /** Once a window, forgets keys not seen since: many one-off keys (hosts, clients) do not pile up. */
  private sweep(now: number): void {
    if (now - this.sweptAt < this.settings.windowMs) return;
    this.sweptAt = now;
    for (const key of [...this.logs.keys()]) this.used(key, now);
  }
}

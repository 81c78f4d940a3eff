// WEB_PER_HOST_PER_MIN (DESIGN §3 "Politeness"): at most so many requests to one host in any
// minute, per instance — a sliding window kept as each host's request times, so no burst at a
// window's edge lets twice the limit through. Past it the web adapter answers `rate-limited`
// without a request.
import type { Clock } from '../../../application/ports/clock.port.js';

const MINUTE_MS = 60_000;

export class HostWindow {
  private readonly times = new Map<string, number[]>();
  private sweptAt: number;

  constructor(
    private readonly perMinute: number,
    private readonly clock: Clock,
  ) {
    this.sweptAt = clock.now();
  }

  /** Counts one request to `host` when its window allows it; false (nothing counted) when it does not. */
  take(host: string): boolean {
    const now = this.clock.now();
    this.sweep(now);
    const live = (this.times.get(host) ?? []).filter((at) => at > now - MINUTE_MS);
    if (live.length >= this.perMinute) {
      this.times.set(host, live);
      return false;
    }
    live.push(now);
    this.times.set(host, live);
    return true;
  }

  /** Once a minute, hosts with nothing left in their window are forgotten: one-off hosts do not pile up. */
  private sweep(now: number): void {
    if (now - this.sweptAt < MINUTE_MS) return;
    this.sweptAt = now;
    for (const [host, times] of this.times) if (times.every((at) => at <= now - MINUTE_MS)) this.times.delete(host);
  }
}

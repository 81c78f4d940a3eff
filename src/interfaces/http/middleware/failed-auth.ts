// Failed authentication limited per client IP (docs/design.md §6). Every refused key (or missing one) costs
// the address a point in its own limiter (AUTH_FAIL_POINTS a minute, counted in Redis when
// there is one, so every instance counts together); past the limit the address is answered 429,
// even with a correct key, until the window ends.
//
// A correct key must not cost a Redis round trip, so the refusal of a correct key is decided from
// this instance's memory of the addresses the shared counter refused: an address becomes blocked
// here when one of its failures, counted here, comes back refused, and stays blocked until that
// window's end. Another instance learns it at its own first failure from that address past the
// limit; until then it still answers that address's correct key.
import type { IncomingMessage } from 'node:http';
import type { RateDecision, RateLimiter } from '../../../application/ports/rate-limiter.port.js';

export class FailedAuthGuard {
  /** Blocked addresses: when their block ends (ms since the epoch), and the limit they went past. */
  private readonly blocked = new Map<string, { until: number; limit: number }>();
  private nextSweepAt = 0;

  constructor(
    private readonly limiter: RateLimiter,
    private readonly now: () => number = Date.now,
  ) {}

  /** Whether any address is blocked here: lets the hot path skip reading the address at all. */
  get anyBlocked(): boolean {
    return this.blocked.size > 0;
  }

  /** The standing refusal of `ip` (whatever key it sends), or undefined. */
  refusal(ip: string): RateDecision | undefined {
    const block = this.blocked.get(ip);
    if (block === undefined) return undefined;
    const msLeft = block.until - this.now();
    if (msLeft <= 0) {
      this.blocked.delete(ip);
      return undefined;
    }
    return { allowed: false, limit: block.limit, remaining: 0, resetMs: msLeft };
  }

  /** Counts a failed authentication from `ip`; refused past the limit (and `ip` blocked here). */
  async failed(ip: string): Promise<RateDecision> {
    const decision = await this.limiter.consume(`ip:${ip}`, 1);
    if (!decision.allowed && decision.resetMs > 0) {
      const now = this.now();
      this.sweep(now);
      this.blocked.set(ip, { until: now + decision.resetMs, limit: decision.limit });
    }
    return decision;
  }

  // Ended blocks go at most once a minute, when an address is blocked: the memory holds only the
  // addresses blocked in about the last window, without a timer.
  private sweep(now: number): void {
    if (now < this.nextSweepAt) return;
    this.nextSweepAt = now + 60_000;
    for (const [ip, block] of this.blocked) if (block.until <= now) this.blocked.delete(ip);
  }
}

/** The process's one guard (the composition registers it): the Koa routes and the hot path share its memory. */
export const FAILED_AUTH_GUARD = Symbol('FailedAuthGuard');

/**
 * The client address as Koa's `ctx.ip` reads it (the app trusts one proxy hop), for the hot path,
 * which runs before Koa: the last X-Forwarded-For entry — the one the balancer appended; earlier
 * ones are whatever the client sent — when the proxy is trusted (TRUST_PROXY), else the socket's peer.
 */
export function clientIpOf(req: IncomingMessage, trustProxy: boolean): string {
  const forwarded = trustProxy ? req.headers['x-forwarded-for'] : undefined;
  const last = typeof forwarded === 'string' ? forwarded.slice(forwarded.lastIndexOf(',') + 1).trim() : '';
  return last || req.socket.remoteAddress || '';
}

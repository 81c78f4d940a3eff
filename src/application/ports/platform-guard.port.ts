// Per-platform protection of the upstreams (docs/design.md §9): a circuit breaker that stops calling a
// platform after consecutive upstream failures, and a bulkhead bounding how many calls to one
// platform run and wait at once. The resolve use case runs every upstream call through it. An
// open-ended platform (the fediverse, `web`) is guarded per host instead (§9 "Open-ended platforms").
import type { PlatformId } from '../../domain/platforms/platform-id.js';
import type { Reason } from '../../domain/reasons.js';

/**
 * What one guard protects: a platform, or one host of an open-ended platform. `key` names it
 * (`bluesky`, `mastodon@mastodon.social`); `unlisted` calls (hosts no operator listed: discovered
 * servers, web pages) also share one process-wide cap. Made by `guardScopeOf` only.
 */
export interface GuardScope {
  key: string;
  platform: PlatformId;
  /** The host of an open-ended platform's scope; absent for a platform guarded as a whole. */
  host?: string;
  unlisted: boolean;
}

/**
 * What guarded work answers: a success, or a reason (`isUpstreamFailure` reasons count against the
 * breaker, unless `unasked`: no upstream request was made because every egress to the platform
 * is benched, which says nothing new about the platform).
 */
export type GuardedAnswer = { ok: true } | { ok: false; reason: Reason; unasked?: true };

/**
 * The work ran (`admitted`), or it was refused without any upstream request: `circuit-open` while
 * the breaker is open, `rate-limited` when the bulkhead is full (this service throttles itself on
 * the platform's behalf, which is what that reason tells a client: try again shortly).
 */
export type Guarded<T> = { admitted: true; value: T } | { admitted: false; reason: 'circuit-open' | 'rate-limited' };

export interface PlatformGuard {
  /**
   * Runs `work` under `scope`'s guard unless its breaker or a bulkhead refuses it. A thrown error
   * counts as an upstream failure and is rethrown, except a request this service refused itself
   * (`isRefusedTarget`): that says nothing about the upstream. While queued, `signal` aborting
   * drops the work.
   */
  run<T extends GuardedAnswer>(scope: GuardScope, work: () => Promise<T>, signal: AbortSignal): Promise<Guarded<T>>;
  /** Whether the breaker of a platform guarded as a whole is open now (cooling down, or letting its one probe through). */
  isOpen(platform: PlatformId): boolean;
  /** How many hosts of an open-ended platform have their breaker open now. */
  openHosts(platform: PlatformId): number;
}

export const PLATFORM_GUARD = Symbol('PlatformGuard');

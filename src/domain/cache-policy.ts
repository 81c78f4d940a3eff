// How long a result may be cached and answered (docs/design.md §8). Pure: the use case supplies the
// clock, the settings and the cache key.
import type { Outcome } from './outcome.js';

export interface TtlSettings {
  okTtlSeconds: number;
  degradedTtlSeconds: number;
  /** How long an expired `ok` entry is kept to answer when the upstream fails (default STALE_IF_ERROR_SECONDS). */
  staleIfErrorSeconds?: number;
}

/** Reasons that describe the post itself and so stay true for a while. */
const STABLE_REASONS = new Set(['not-found', 'private', 'unsupported']);
const STABLE_TTL_SECONDS = 600;
/** Media URLs that expire must leave the cache this long before they do. */
const MEDIA_EXPIRY_MARGIN_SECONDS = 300;
/**
 * TTLs are cut by up to this fraction, differently per key, so that entries written together (a
 * cold start, a batch, a burst after an outage) do not expire, and refetch, together. Only ever
 * shorter: the configured TTL stays the longest an entry is fresh.
 */
export const TTL_JITTER = 0.1;
/**
 * An `ok` entry outlives its freshness by this long, answering only when the upstream fails: an
 * hour covers the platform outages and throttling spells seen in practice, while a card an hour
 * past its TTL is still the right card for nearly every post.
 */
export const STALE_IF_ERROR_SECONDS = 3600;

export interface CacheLifetime {
  /** Seconds the entry answers as a hit. */
  freshSeconds: number;
  /** Seconds the store keeps it: `freshSeconds`, plus the stale-if-error window for an `ok` entry. */
  keepSeconds: number;
}

/**
 * How long to keep the outcome, or undefined when it must not be cached at all. `jitter` in [0, 1)
 * picks where in the jitter band this entry falls (see `jitterUnit`).
 */
export function cacheLifetime(
  outcome: Outcome,
  settings: TtlSettings,
  nowMs: number,
  jitter: number,
  mediaExpiresAtMs?: number,
): CacheLifetime | undefined {
  if (outcome.status === 'no-adapter') return undefined;
  if (outcome.status === 'degraded') {
    if (outcome.reason === 'circuit-open' || outcome.reason === 'disabled') return undefined;
    const fresh = jittered(STABLE_REASONS.has(outcome.reason) ? STABLE_TTL_SECONDS : settings.degradedTtlSeconds, jitter);
    return { freshSeconds: fresh, keepSeconds: fresh };
  }
  let fresh = jittered(settings.okTtlSeconds, jitter);
  let keep = fresh + (settings.staleIfErrorSeconds ?? STALE_IF_ERROR_SECONDS);
  if (mediaExpiresAtMs !== undefined) {
    // Never kept, fresh or stale, past the point where its media URLs are about to stop working.
    const untilExpiry = Math.floor((mediaExpiresAtMs - nowMs) / 1000) - MEDIA_EXPIRY_MARGIN_SECONDS;
    fresh = Math.min(fresh, untilExpiry);
    keep = Math.min(keep, untilExpiry);
  }
  return fresh > 0 ? { freshSeconds: fresh, keepSeconds: keep } : undefined;
}

/** `ttlSeconds` cut by up to TTL_JITTER, at the point `unit` ∈ [0, 1) picks; never below one second. */
export function jittered(ttlSeconds: number, unit: number): number {
  return Math.max(1, Math.round(ttlSeconds * (1 - TTL_JITTER * unit)));
}

/**
 * A stable number in [0, 1) for a cache key: deterministic, so tests and every instance agree, and
 * spread evenly over keys, which is all the jitter needs. 32-bit FNV-1a, then murmur3's finaliser:
 * FNV alone leaves keys that differ only in their last characters (post ids) bunched together.
 */
export function jitterUnit(key: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    hash ^= key.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  hash ^= hash >>> 16;
  return (hash >>> 0) / 2 ** 32;
}

/** The logical times a stored entry carries (epoch ms); older entries carry neither. */
export interface EntryTimes {
  freshUntil?: number;
  staleUntil?: number;
}

/** Whether an entry answers as a hit; one written before `freshUntil` existed is fresh for its whole TTL. */
export function isFresh(entry: EntryTimes, nowMs: number): boolean {
  return entry.freshUntil === undefined || nowMs < entry.freshUntil;
}

/** Whether an entry may still answer at all: fresh, or inside its stale-if-error window. */
export function isUsable(entry: EntryTimes, nowMs: number): boolean {
  return nowMs < (entry.staleUntil ?? entry.freshUntil ?? Infinity);
}

/**
 * After an upstream failure a stale entry answers as a hit for as long as the failure itself would
 * have been cached (never past its stale window), so the upstream is not asked again for that post
 * meanwhile, exactly as with a cached degraded answer.
 */
export function rearmedTimes(staleUntilMs: number, nowMs: number, degradedTtlSeconds: number): { freshUntil: number; keepSeconds: number } | undefined {
  const keepSeconds = Math.ceil((staleUntilMs - nowMs) / 1000);
  if (keepSeconds <= 0) return undefined;
  return { freshUntil: Math.min(nowMs + degradedTtlSeconds * 1000, staleUntilMs), keepSeconds };
}

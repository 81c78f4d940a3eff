// Readers for the post details (docs/design.md §4 "Post details") as upstreams write them: times in
// several formats, counts as numbers or digit strings. What does not read cleanly is absent:
// never a guess, never a 0 standing for "unknown".
import type { Stats } from '../../../domain/card.js';

/**
 * An instant as ISO 8601 UTC to the second (`2024-05-01T12:34:56Z`), from an ISO string, an RFC
 * 2822 date (X's `created_at`), or epoch seconds or milliseconds (a number or digit string: Reddit,
 * TikTok, Instagram). Dates before 2000 are refused, and so are dates more than a day ahead unless
 * the instant may lie ahead (`ahead`: a poll's end, then up to 2100): no post has them, so they
 * mean a misread field. What is not a post (a record's release date) may be older: `earliest` (epoch ms).
 */
export function utcTime(
  value: unknown,
  unit: 'iso' | 'epochSeconds' | 'epochMs' = 'iso',
  { ahead = false, earliest = EARLIEST }: { ahead?: boolean; earliest?: number } = {},
): string | undefined {
  let ms: number;
  if (unit !== 'iso') {
    const n = typeof value === 'string' && /^\d{1,15}(?:\.\d+)?$/.test(value) ? Number(value) : value;
    if (typeof n !== 'number' || !Number.isFinite(n)) return undefined;
    ms = unit === 'epochSeconds' ? n * 1000 : n;
  } else {
    if (typeof value !== 'string' || value.trim() === '') return undefined;
    ms = Date.parse(value);
  }
  const latest = ahead ? LATEST_AHEAD : Date.now() + DAY;
  if (!Number.isFinite(ms) || ms < earliest || ms > latest) return undefined;
  return new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z');
}

const EARLIEST = Date.UTC(2000, 0, 1);
const DAY = 86_400_000;
/** The latest instant that may lie ahead still read as one (past it, a field is misread). */
const LATEST_AHEAD = Date.UTC(2100, 0, 1);

/** A count the platform reports: a non-negative integer, or a string of digits (YouTube's `viewCount`). */
export function count(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value >= 0 ? value : undefined;
  if (typeof value === 'string' && /^\d{1,15}$/.test(value)) return Number(value);
  return undefined;
}

function integer(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isSafeInteger(value) ? value : undefined;
}

/** The stats the platform reported (each read with `count`), or undefined when it reported none. */
export function statsOf(raw: { [K in keyof Stats]?: unknown }): Stats | undefined {
  const stats: Stats = {};
  for (const key of STAT_KEYS) {
    // Reddit's score alone may be negative.
    const value = key === 'score' ? integer(raw[key]) : count(raw[key]);
    if (value !== undefined) stats[key] = value;
  }
  return Object.keys(stats).length > 0 ? stats : undefined;
}

const STAT_KEYS = ['likes', 'reposts', 'replies', 'quotes', 'views', 'bookmarks', 'score'] as const satisfies readonly (keyof Stats)[];

/** Seconds of a duration given in milliseconds or seconds; absent unless positive. */
export function seconds(value: unknown, unit: 'ms' | 's' = 's'): number | undefined {
  const n = typeof value === 'string' && /^\d+(?:\.\d+)?$/.test(value) ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isFinite(n) || n <= 0) return undefined;
  return unit === 'ms' ? Math.round(n) / 1000 : n;
}

/** The fields of `details` that are set: spread into a card so absent details leave no key. */
export function present<T extends object>(details: T): Partial<T> {
  const out: Partial<T> = {};
  for (const [key, value] of Object.entries(details) as [keyof T, T[keyof T]][]) if (value !== undefined) out[key] = value;
  return out;
}

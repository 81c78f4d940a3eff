// How one environment variable is read and checked (valibot pieces the settings schemas share): a
// bad value becomes an issue carrying the message that follows the variable's name.
import * as v from 'valibot';

/** A whole number from `min` to `max`; `fallback` when unset. */
export const int = (fallback: number, min: number, max = Number.MAX_SAFE_INTEGER) =>
  v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.regex(/^\d+$/, 'must be a whole number'),
      v.transform(Number),
      v.minValue(min, `must be at least ${min}`),
      v.maxValue(max, `must be at most ${max}`),
    ),
    String(fallback),
  );

/** true/false, 1/0 or yes/no in any case; `fallback` when unset. */
export const bool = (fallback: boolean) =>
  v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.toLowerCase(),
      v.picklist(['true', 'false', '1', '0', 'yes', 'no'], 'must be true or false'),
      v.transform((s) => s === 'true' || s === '1' || s === 'yes'),
    ),
    String(fallback),
  );

/** Trimmed text; undefined when unset or empty. */
export const optionalText = v.optional(v.pipe(v.string(), v.trim(), v.transform((s) => (s === '' ? undefined : s))));

/** A comma-separated list, items trimmed, empty items dropped; empty when unset. */
export const list = v.optional(
  v.pipe(
    v.string(),
    v.transform((s) => s.split(',').map((x) => x.trim()).filter((x) => x !== '')),
  ),
  '',
);

/** A URL of one of `protocols`, trailing slashes dropped; undefined when unset or empty. */
export const url = (protocols: readonly string[]) =>
  v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.check((s) => s === '' || (URL.canParse(s) && protocols.includes(new URL(s).protocol)), `must be a URL (${protocols.join(' or ')})`),
      v.transform((s) => (s === '' ? undefined : s.replace(/\/+$/, ''))),
    ),
  );

// Small statistics for the bench: medians and percentiles of raw samples, and number formatting.

export function median(values: readonly number[]): number {
  return percentile(values, 50);
}

/** Nearest-rank percentile (p in 0–100) of unsorted samples; NaN for no samples. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank]!;
}

/** `12 345` style for req/s and similar large counts. */
export function fmtInt(value: number): string {
  return Math.round(value).toLocaleString('en-US').replace(/,/g, ' ');
}

export function fmt(value: number, digits = 2): string {
  return Number.isFinite(value) ? value.toFixed(digits) : 'n/a';
}

// Sizes as pages and schema.org state them: "1200", 1200, or a QuantitativeValue `{ value: 1200 }`;
// a card takes them only as a pair of positive integers.
import { asObject } from '../../kit/json.js';
import { sizePair } from '../../kit/text.js';

/** A stated size as a number, or undefined when it is not a plain positive integer. */
export function statedSize(value: unknown): number | undefined {
  const raw = asObject(value)?.['value'] ?? value;
  const n = typeof raw === 'string' && /^\s*\d{1,6}\s*(?:px)?\s*$/i.test(raw) ? parseInt(raw, 10) : raw;
  return typeof n === 'number' && Number.isInteger(n) && n > 0 ? n : undefined;
}

/** `{ width, height }` when both are stated, else nothing. */
export function statedSizes(width: unknown, height: unknown): { width?: number; height?: number } {
  return sizePair(statedSize(width), statedSize(height));
}

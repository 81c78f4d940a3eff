// Text helpers shared by the parsers: upstream HTML fragments become the card's plain text.
import { decodeHTML } from 'entities';

/** Plain text from a sanitised HTML fragment: line breaks kept, tags dropped, entities decoded. */
export function htmlToText(html: string): string {
  const withBreaks = html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/p>\s*<p[^>]*>/gi, '\n\n')
    .replace(/<[^>]*>/g, '');
  return decodeHTML(withBreaks).replace(/[ \t]+\n/g, '\n').trim();
}

/** A positive integer, or undefined for anything else (upstream sizes are often missing or 0). */
export function positiveInt(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : undefined;
}

/** A string that is not empty after trimming, else undefined. */
export function nonEmpty(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/** Width and height only as a pair of positive integers: one side alone gives no aspect ratio. */
export function sizePair(width: unknown, height: unknown): { width?: number; height?: number } {
  const w = positiveInt(width);
  const h = positiveInt(height);
  return w && h ? { width: w, height: h } : {};
}

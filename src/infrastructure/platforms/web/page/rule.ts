// metascraper's shape for a generic page (STYLE.md): per field an ordered list of small rules over
// the page, the first valid value wins. Each list reads top to bottom in docs/design.md §3's order.
import type { PageView } from './page-view.js';

/** One source of one field: its value from the page, or undefined when the page does not give it (validly). */
export type Rule<T> = (page: PageView) => T | undefined;

/** The value of the first rule that gives one. */
export function firstOf<T>(page: PageView, rules: readonly Rule<T>[]): T | undefined {
  for (const rule of rules) {
    const value = rule(page);
    if (value !== undefined) return value;
  }
  return undefined;
}

/** Text as a card shows it: white space collapsed, trimmed, undefined when blank. */
export function cleanText(value: string | undefined): string | undefined {
  const text = value?.replace(/\s+/g, ' ').trim();
  return text ? text : undefined;
}

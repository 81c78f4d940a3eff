// When the page was published and last edited (docs/design.md §3 "Fields"). A value that does not read
// as a date is left out, never guessed: only a value with a four-digit year is read, as an instant
// in UTC to the second. A work's page may be dated long before the web (a film's release): any year
// from 1000 on counts. Not `uploadDate`: docs/design.md §3 names `datePublished`, and an article lists the
// upload dates of every video it embeds.
import { utcTime } from '../../kit/details.js';
import { ldText } from './json-ld-graph.js';
import type { PageView } from './page-view.js';
import type { Rule } from './rule.js';

const EARLIEST = Date.UTC(1000, 0, 1);

/** An ISO 8601 or RFC 2822 date with a four-digit year, as ISO 8601 UTC to the second. */
export function pageDate(value: string | undefined): string | undefined {
  if (value === undefined || !/\b\d{4}\b/.test(value)) return undefined;
  return utcTime(value.trim(), 'iso', { earliest: EARLIEST });
}

const ldDate = (key: string) => (page: PageView) => page.ld.first(key, (value) => pageDate(ldText(value)));

export const PUBLISHED_RULES: readonly Rule<string>[] = [
  ldDate('datePublished'),
  (page) => pageDate(page.meta('article:published_time')),
  (page) => pageDate(page.meta('datepublished')),
];

export const EDITED_RULES: readonly Rule<string>[] = [
  ldDate('dateModified'),
  (page) => pageDate(page.meta('article:modified_time')),
  (page) => pageDate(page.meta('og:updated_time')),
  (page) => pageDate(page.meta('datemodified')),
];

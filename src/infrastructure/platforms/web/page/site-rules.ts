// Who publishes the page and how it presents itself (docs/design.md §3 "Fields"): `siteName`, `lang`,
// `themeColor`, `nsfw` — each from the first source that has it, with the fallbacks docs/design.md §3 gives.
import { asObject } from '../../kit/json.js';
import { ldText } from './json-ld-graph.js';
import type { PageView } from './page-view.js';
import { siteHost } from './page-urls.js';
import { cleanText, firstOf, type Rule } from './rule.js';
import { DEFAULT_THEME_COLOR } from './web-fields.js';

export const SITE_NAME_RULES: readonly Rule<string>[] = [
  (page) => cleanText(page.oembed?.providerName),
  (page) => cleanText(page.meta('og:site_name')),
  (page) => page.ld.first('publisher', (value) => ldText(asObject(value)?.['name'] ?? value)),
  (page) => cleanText(page.meta('application-name')),
  (page) => siteHost(page.facts.url),
];

export function siteNameOf(page: PageView): string {
  return firstOf(page, SITE_NAME_RULES)!;
}

/** A language tag as BCP 47 in its canonical case (`en-US`); Open Graph's `en_US` read as `en-US`. */
export function bcp47(value: string | undefined): string | undefined {
  const tag = value?.trim().replace(/_/g, '-');
  if (!tag || !/^[a-z]{2,3}(?:-[a-z0-9]{1,8})*$/i.test(tag)) return undefined;
  try {
    return Intl.getCanonicalLocales(tag)[0];
  } catch {
    return undefined;
  }
}

export const LANG_RULES: readonly Rule<string>[] = [(page) => bcp47(page.facts.html['lang']), (page) => bcp47(page.meta('og:locale'))];

/** `#rgb` or `#rrggbb` as `#rrggbb` in lower case; anything else (names, rgb(), alpha) undefined. */
export function hexColor(value: string | undefined): string | undefined {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(value?.trim() ?? '')?.[1]?.toLowerCase();
  if (!hex) return undefined;
  return `#${hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex}`;
}

export function themeColorOf(page: PageView): string {
  // Several theme colours (one per `media`, light and dark): the first usable one.
  return page.metaAll('theme-color').map(hexColor).find((color) => color !== undefined) ?? DEFAULT_THEME_COLOR;
}

// The RTA label (rtalabel.org) adult sites carry, and the `rating` values that mean adult content.
const RTA_LABEL = 'RTA-5042-1996-1400-1577-RTA';
const ADULT_RATINGS = new Set(['adult', 'mature', 'rta', RTA_LABEL.toLowerCase()]);

/** Whether the page labels itself adult: the RTA label, `rating` adult/mature/RTA, or `og:restrictions:age` 18+. */
export function isNsfw(page: PageView): boolean {
  if (page.metaAll('rating').some((rating) => ADULT_RATINGS.has(rating.trim().toLowerCase()) || rating.includes(RTA_LABEL))) return true;
  if (page.metaEntries.some((entry) => entry.content.includes(RTA_LABEL))) return true;
  return page.metaAll('og:restrictions:age').some((age) => {
    const years = /^(\d{1,2})\s*\+?$/.exec(age.trim())?.[1];
    return years !== undefined && Number(years) >= 18;
  });
}

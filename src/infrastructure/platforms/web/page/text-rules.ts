// The title and description of a page (docs/design.md §3 "Fields"), each from the first source that has it.
import { clampDescription } from '../../../../domain/card.js';
import { ldText } from './json-ld-graph.js';
import { cleanText, type Rule } from './rule.js';

export const TITLE_RULES: readonly Rule<string>[] = [
  (page) => cleanText(page.oembed?.title),
  (page) => cleanText(page.meta('og:title')),
  (page) => cleanText(page.meta('twitter:title')),
  (page) => page.ld.first('headline', ldText),
  (page) => page.ld.first('name', ldText),
  // Only the head's `<title>` (the reader never looks at one in the body, an SVG's say).
  (page) => page.facts.title,
];

const description = (text: string | undefined) => (text === undefined ? undefined : clampDescription(text));

export const DESCRIPTION_RULES: readonly Rule<string>[] = [
  (page) => description(cleanText(page.meta('og:description'))),
  (page) => description(cleanText(page.meta('twitter:description'))),
  (page) => description(cleanText(page.meta('description'))),
  // Never `articleBody`: a description is the page's summary, not its text.
  (page) => description(page.ld.first('description', ldText)),
];

// The page's author (docs/design.md §3 "Fields", `author`): a name and, where the source gives one, a
// profile URL. A URL is never a name (`article:author` often holds the profile's address), nor is a
// date (bylines that are really timestamps), nor a long sentence.
import { asObject } from '../../kit/json.js';
import { ldText } from './json-ld-graph.js';
import type { PageView } from './page-view.js';
import { cleanText, type Rule } from './rule.js';
import type { WebAuthor } from './web-fields.js';

const MAX_NAME_LENGTH = 120;
const MONTH = '(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\\.?';
const DATE_LIKE = new RegExp(`^(?:\\d{4}-\\d{1,2}-\\d{1,2}|\\d{1,2}[./-]\\d{1,2}[./-]\\d{2,4}|${MONTH}\\s+\\d{1,2},?\\s+\\d{4}|\\d{1,2}\\s+${MONTH}\\s+\\d{4}|\\d{4}\\s*年)`, 'i');

/** A name an author can have: not a URL, not a date, not blank, not a paragraph. "By Jane" is "Jane". */
export function authorName(value: string | undefined): string | undefined {
  const text = cleanText(value)?.replace(/^by\s+/i, '');
  if (!text || text.length > MAX_NAME_LENGTH || DATE_LIKE.test(text)) return undefined;
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(text) || /^www\./i.test(text) || /^\/\S*$/.test(text)) return undefined;
  return text;
}

function author(page: PageView, name: string | undefined, url: unknown): WebAuthor | undefined {
  const valid = authorName(name);
  const profile = page.url(url);
  return valid || profile ? { ...(valid ? { name: valid } : {}), ...(profile ? { url: profile } : {}) } : undefined;
}

/** A JSON-LD `author`: a name, a URL, or a Person/Organization (a reference followed) with `name` and `url`. */
function ldAuthor(page: PageView): (value: unknown) => WebAuthor | undefined {
  return (value) => {
    const node = asObject(value);
    if (!node) {
      const text = ldText(value);
      return authorName(text) ? author(page, text, undefined) : author(page, undefined, text);
    }
    return author(page, ldText(node['name']), node['url'] ?? node['sameAs']);
  };
}

/** A value that is a name, or else a profile URL (`article:author`, `meta author` holding a link). */
function nameOrUrl(page: PageView, value: string | undefined): WebAuthor | undefined {
  return authorName(value) ? author(page, value, undefined) : value && /^https?:\/\//i.test(value.trim()) ? author(page, undefined, value) : undefined;
}

export const AUTHOR_RULES: readonly Rule<WebAuthor>[] = [
  (page) => author(page, page.oembed?.authorName, page.oembed?.authorUrl),
  (page) => page.ld.first('author', ldAuthor(page)),
  (page) => nameOrUrl(page, page.meta('author')),
  (page) => nameOrUrl(page, page.meta('article:author')),
  (page) => nameOrUrl(page, page.meta('twitter:creator')),
];

/**
 * The author of the first source with a name; when that source gives no profile URL, the first
 * URL any source gives completes it (`meta author` names, `article:author` links). With no name
 * anywhere, the first profile URL alone.
 */
export function authorOf(page: PageView): WebAuthor | undefined {
  const found = AUTHOR_RULES.map((rule) => rule(page));
  const named = found.find((candidate) => candidate?.name !== undefined);
  const url = found.find((candidate) => candidate?.url !== undefined)?.url;
  if (named) return named.url || !url ? named : { ...named, url };
  return url ? { url } : undefined;
}

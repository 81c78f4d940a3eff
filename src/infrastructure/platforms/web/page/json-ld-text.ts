// One JSON-LD script's text as JSON: the wrappers pages put around it for old browsers (an HTML
// comment, a CDATA section) taken off; text that still does not parse is skipped, never an error.
import { parseJson } from '../../kit/json.js';

/** Whether a script's `type` is JSON-LD (`application/ld+json`, any case, parameters allowed). */
export function isJsonLdType(type: string | undefined): boolean {
  return type !== undefined && /^\s*application\/ld\+json\s*(?:;|$)/i.test(type);
}

/** The blocks a JSON-LD script holds (a top-level array is several), none when it does not parse. */
export function jsonLdBlocksOf(text: string): unknown[] {
  const bare = text
    .trim()
    .replace(/^(?:\/\/\s*)?(?:<!--|<!\[CDATA\[)\s*/, '')
    .replace(/\s*(?:\/\/\s*)?(?:-->|\]\]>)$/, '');
  const value = parseJson(bare);
  if (value === undefined || value === null || typeof value !== 'object') return [];
  return Array.isArray(value) ? value.filter((block) => typeof block === 'object' && block !== null) : [value];
}

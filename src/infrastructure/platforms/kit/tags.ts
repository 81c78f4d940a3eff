// The low-level scanning the page readers share: a start tag's attributes, tag names and the ends of
// tags, all by index arithmetic on the page's source, never by parsing the page (docs/design.md §13).
import { decodeHTMLAttribute } from 'entities';

const TAG_ATTRIBUTES = /([^\s=/>"']+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>"']+)))?/g;

/** The attributes of one start tag's source (`<meta a="b" c='d'>`), names lower-cased, values decoded as a browser decodes attributes (`&copy=` in a URL stays). */
export function tagAttributes(tag: string): Record<string, string> {
  const out: Record<string, string> = {};
  const inner = tag.replace(/^<[^\s>/]+/, '').replace(/\/?>$/, '');
  for (const match of inner.matchAll(TAG_ATTRIBUTES)) {
    const name = match[1]!.toLowerCase();
    if (!(name in out)) out[name] = decodeHTMLAttribute(match[2] ?? match[3] ?? match[4] ?? '');
  }
  return out;
}

/** The lower-cased tag name starting at `from` (after `<`), or undefined when no tag starts there. */
export function tagNameAt(html: string, from: number): string | undefined {
  const first = html.charCodeAt(from) | 0x20;
  if (first < 0x61 || first > 0x7a) return undefined;
  let end = from + 1;
  while (end < html.length) {
    const c = html.charCodeAt(end);
    if (c === 0x20 || c === 0x3e || c === 0x2f || (c >= 0x09 && c <= 0x0d)) break;
    end++;
  }
  return html.slice(from, end).toLowerCase();
}

/** Whether `name` (lower-case) is the whole tag name at `from`. */
export function isTagName(html: string, from: number, name: string): boolean {
  if (html.slice(from, from + name.length).toLowerCase() !== name) return false;
  const after = html.charCodeAt(from + name.length);
  return Number.isNaN(after) || after === 0x20 || after === 0x3e || after === 0x2f || (after >= 0x09 && after <= 0x0d);
}

/** The `>` closing a start tag whose attributes begin at `from`, stepping over quoted values. */
export function endOfStartTag(html: string, from: number): number {
  let quote = 0;
  for (let i = from; i < html.length; i++) {
    const c = html.charCodeAt(i);
    if (quote) {
      if (c === quote) quote = 0;
    } else if (c === 0x22 || c === 0x27) {
      // Only a quote right after `=` (optionally spaced) opens a value; a stray one does not.
      let j = i - 1;
      while (j > from && (html.charCodeAt(j) === 0x20 || html.charCodeAt(j) === 0x09)) j--;
      if (html.charCodeAt(j) === 0x3d /* = */) quote = c;
    } else if (c === 0x3e) return i;
  }
  return -1;
}

const END_TAGS = new Map<string, RegExp>();

/** Offset of `</name` (any case) at or after `from`, or -1. */
export function indexOfEndTag(html: string, name: string, from: number): number {
  let pattern = END_TAGS.get(name);
  if (!pattern) END_TAGS.set(name, (pattern = new RegExp(`</${name}`, 'gi')));
  pattern.lastIndex = from;
  return pattern.exec(html)?.index ?? -1;
}

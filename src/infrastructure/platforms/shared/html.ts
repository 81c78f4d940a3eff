// What a link crawler reads from a page, found by scanning tags rather than building a DOM (a full
// parse of a 0.5–2 MB platform page costs tens of milliseconds, DESIGN.md §13): the meta tags, the
// canonical link, JSON-LD blocks and the text of a script picked by id or by a marker inside it.
import { decodeHTML } from 'entities';

const TAG_ATTRIBUTES = /([^\s=/>"']+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>"']+)))?/g;

/** The attributes of one start tag's source (`<meta a="b" c='d'>`), names lower-cased, values decoded. */
export function tagAttributes(tag: string): Record<string, string> {
  const out: Record<string, string> = {};
  const inner = tag.replace(/^<[^\s>/]+/, '').replace(/\/?>$/, '');
  for (const match of inner.matchAll(TAG_ATTRIBUTES)) {
    const name = match[1]!.toLowerCase();
    if (!(name in out)) out[name] = decodeHTML(match[2] ?? match[3] ?? match[4] ?? '');
  }
  return out;
}

/**
 * The page's meta tags by `property` or `name` (lower-cased): `og:title`, `twitter:image`,
 * `description`… The first value of each wins, except that repeated keys are all kept in `all`.
 */
export interface MetaTags {
  get(key: string): string | undefined;
  all(key: string): string[];
}

export function readMetaTags(html: string): MetaTags {
  const values = new Map<string, string[]>();
  for (const match of html.matchAll(/<meta\b[^>]*>/gi)) {
    const attributes = tagAttributes(match[0]);
    const key = (attributes['property'] ?? attributes['name'] ?? attributes['itemprop'])?.toLowerCase();
    const content = attributes['content'];
    if (!key || content === undefined) continue;
    const list = values.get(key) ?? [];
    list.push(content);
    values.set(key, list);
  }
  return {
    get: (key) => values.get(key.toLowerCase())?.[0],
    all: (key) => values.get(key.toLowerCase()) ?? [],
  };
}

/** The href of `<link rel="canonical">`, if any. */
export function canonicalLink(html: string): string | undefined {
  for (const match of html.matchAll(/<link\b[^>]*>/gi)) {
    const attributes = tagAttributes(match[0]);
    if (attributes['rel']?.toLowerCase().split(/\s+/).includes('canonical') && attributes['href']) return attributes['href'];
  }
  return undefined;
}

/** The page's `<title>` text, decoded. */
export function pageTitle(html: string): string | undefined {
  const match = /<title\b[^>]*>([^<]*)<\/title>/i.exec(html);
  return match ? decodeHTML(match[1]!).trim() || undefined : undefined;
}

export interface ScriptBlock {
  attributes: Record<string, string>;
  /** The raw text between the tags (script text is not entity-encoded). */
  text: string;
}

/** Every `<script>` element with its attributes and text, in page order. */
export function scriptBlocks(html: string): ScriptBlock[] {
  const blocks: ScriptBlock[] = [];
  for (const match of html.matchAll(/(<script\b[^>]*>)([\s\S]*?)<\/script\s*>/gi)) {
    blocks.push({ attributes: tagAttributes(match[1]!), text: match[2]! });
  }
  return blocks;
}

/** The parsed JSON of the script with this id (`__UNIVERSAL_DATA_FOR_REHYDRATION__`), if it parses. */
export function jsonScriptById(html: string, id: string): unknown {
  const block = scriptBlocks(html).find((b) => b.attributes['id'] === id);
  return block ? parseJson(block.text) : undefined;
}

/** Every JSON-LD block that parses, arrays flattened. */
export function jsonLdBlocks(html: string): unknown[] {
  return scriptBlocks(html)
    .filter((b) => b.attributes['type']?.toLowerCase() === 'application/ld+json')
    .flatMap((b) => {
      const value = parseJson(b.text);
      return value === undefined ? [] : Array.isArray(value) ? value : [value];
    });
}

/** The target of `<meta http-equiv="refresh" content="0;URL=…">`, if the page has one. */
export function metaRefreshTarget(html: string): string | undefined {
  for (const match of html.matchAll(/<meta\b[^>]*>/gi)) {
    const attributes = tagAttributes(match[0]);
    if (attributes['http-equiv']?.toLowerCase() !== 'refresh') continue;
    const target = /url\s*=\s*['"]?([^'"]+)/i.exec(attributes['content'] ?? '');
    if (target) return target[1]!.trim();
  }
  return undefined;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text.trim()) as unknown;
  } catch {
    return undefined;
  }
}

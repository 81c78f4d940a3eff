// What a link crawler reads from a page, without ever parsing the whole page (DESIGN.md §13: a full
// parse5 DOM of a 0.5–1.5 MB platform page costs 10–55 ms here):
// - the meta tags, canonical link and title come from the `<head>` only, read by one
//   forward scan that jumps from `<` to `<` with indexOf and steps over the text of scripts, styles
//   and comments (so a `<meta` or `</head>` inside a script is never taken for one), and stops at
//   `</head>` or `<body`. Measured against parse5-sax-parser stopping at `</head>` on the platform
//   captures, the scan was 5–20× faster (bench/RESULTS.md, "H"): these heads hold 10–990 KB of
//   inline scripts, which a tokenizer must walk character by character and the scan skips whole.
// - embedded state JSON (and JSON-LD, which sites also put in the body) is found by string search
//   for its marker, id or type, and only that `<script>`'s text is sliced out for JSON.parse.
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

export interface ScriptBlock {
  attributes: Record<string, string>;
  /** The raw text between the tags (script text is not entity-encoded). */
  text: string;
}

/** What the `<head>` holds for a link crawler, as source: tags unparsed until asked for. */
export interface PageHead {
  /** Offset where the head ends (`</head>`, `<body`, or the end of a page that has neither). */
  end: number;
  metas: string[];
  links: string[];
  /** The raw text of the first `<title>`. */
  title?: string;
}

// Elements whose text is not markup (raw text and RCDATA): their content is skipped to the end tag.
// Not <noscript>: a crawler runs no scripts, so what it holds (a meta refresh, say) is markup to it.
const RAW_TEXT = new Set(['script', 'style', 'title', 'textarea', 'template', 'xmp', 'iframe', 'noembed', 'noframes']);

/** The page's `<head>`, read by one forward scan that stops where the head ends. */
export function readHead(html: string): PageHead {
  const head: PageHead = { end: html.length, metas: [], links: [] };
  let at = 0;
  for (;;) {
    const lt = html.indexOf('<', at);
    if (lt < 0) return head;
    const next = html.charCodeAt(lt + 1);
    if (next === 0x21 /* ! */) {
      // A comment runs to `-->`; a doctype or CDATA-like bogus comment to the next `>`.
      const close = html.startsWith('<!--', lt) ? html.indexOf('-->', lt + 4) : html.indexOf('>', lt + 2);
      if (close < 0) return head;
      at = close + 1;
      continue;
    }
    if (next === 0x2f /* / */) {
      if (isTagName(html, lt + 2, 'head')) {
        head.end = lt;
        return head;
      }
      at = lt + 2;
      continue;
    }
    const name = tagNameAt(html, lt + 1);
    if (!name) {
      at = lt + 1;
      continue;
    }
    if (name === 'body') {
      head.end = lt;
      return head;
    }
    const gt = endOfStartTag(html, lt + 1 + name.length);
    if (gt < 0) return head;
    const tag = html.slice(lt, gt + 1);
    if (name === 'meta') head.metas.push(tag);
    else if (name === 'link') head.links.push(tag);
    if (!RAW_TEXT.has(name) || tag.endsWith('/>')) {
      at = gt + 1;
      continue;
    }
    const close = indexOfEndTag(html, name, gt + 1);
    if (name === 'title') head.title ??= html.slice(gt + 1, close < 0 ? html.length : close);
    if (close < 0) return head;
    at = close + 2;
  }
}

/** The lower-cased tag name starting at `from` (after `<`), or undefined when no tag starts there. */
function tagNameAt(html: string, from: number): string | undefined {
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
function isTagName(html: string, from: number, name: string): boolean {
  if (html.slice(from, from + name.length).toLowerCase() !== name) return false;
  const after = html.charCodeAt(from + name.length);
  return Number.isNaN(after) || after === 0x20 || after === 0x3e || after === 0x2f || (after >= 0x09 && after <= 0x0d);
}

/** The `>` closing a start tag whose attributes begin at `from`, stepping over quoted values. */
function endOfStartTag(html: string, from: number): number {
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
function indexOfEndTag(html: string, name: string, from: number): number {
  let pattern = END_TAGS.get(name);
  if (!pattern) END_TAGS.set(name, (pattern = new RegExp(`</${name}`, 'gi')));
  pattern.lastIndex = from;
  return pattern.exec(html)?.index ?? -1;
}

/**
 * The page's meta tags by `property` or `name` (lower-cased): `og:title`, `twitter:image`,
 * `description`… The first value of each wins, except that repeated keys are all kept in `all`.
 */
export interface MetaTags {
  get(key: string): string | undefined;
  all(key: string): string[];
}

/** The `<head>`'s meta tags (a page's Open Graph, Twitter and description tags live there). */
export function readMetaTags(html: string): MetaTags {
  const values = new Map<string, string[]>();
  for (const tag of readHead(html).metas) {
    const attributes = tagAttributes(tag);
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

/** The href of the `<head>`'s `<link rel="canonical">`, if any. */
export function canonicalLink(html: string): string | undefined {
  for (const tag of readHead(html).links) {
    const attributes = tagAttributes(tag);
    if (attributes['rel']?.toLowerCase().split(/\s+/).includes('canonical') && attributes['href']) return attributes['href'];
  }
  return undefined;
}

/** The page's `<title>` text, decoded. */
export function pageTitle(html: string): string | undefined {
  const title = readHead(html).title;
  return title === undefined ? undefined : decodeHTML(title).trim() || undefined;
}

/**
 * Every `<script>` element of the whole page with its attributes and text, in page order. A scan of
 * the whole page: the hot paths use `scriptsContaining` or `jsonScriptById` instead.
 */
export function scriptBlocks(html: string): ScriptBlock[] {
  const blocks: ScriptBlock[] = [];
  for (const match of html.matchAll(/(<script\b[^>]*>)([\s\S]*?)<\/script\s*>/gi)) {
    blocks.push({ attributes: tagAttributes(match[1]!), text: match[2]! });
  }
  return blocks;
}

/**
 * The `<script>` elements whose text contains `marker`, found by string search for the marker and
 * sliced out around it; the rest of the page is never scanned for tags.
 */
export function* scriptsContaining(html: string, marker: string): Generator<ScriptBlock> {
  let from = 0;
  for (;;) {
    const at = html.indexOf(marker, from);
    if (at < 0) return;
    const block = scriptAround(html, at);
    if (!block) {
      from = at + marker.length;
      continue;
    }
    yield block.script;
    from = block.end;
  }
}

/** The script whose text holds offset `at`, and where that script's text ends. */
function scriptAround(html: string, at: number): { script: ScriptBlock; end: number } | undefined {
  const start = Math.max(html.lastIndexOf('<script', at), html.lastIndexOf('<SCRIPT', at), html.lastIndexOf('<Script', at));
  if (start < 0 || !isTagName(html, start + 1, 'script')) return undefined;
  const gt = endOfStartTag(html, start + 7);
  if (gt < 0 || gt >= at) return undefined;
  const end = indexOfEndTag(html, 'script', gt + 1);
  // `at` past that script's end: the marker is in markup or another kind of text, not a script.
  if (end >= 0 && end < at) return undefined;
  const stop = end < 0 ? html.length : end;
  return { script: { attributes: tagAttributes(html.slice(start, gt + 1)), text: html.slice(gt + 1, stop) }, end: stop };
}

/**
 * The parsed JSON of the script with this id (`__UNIVERSAL_DATA_FOR_REHYDRATION__`), if it parses:
 * found by string search for the id, checked to be that script's own id attribute.
 */
export function jsonScriptById(html: string, id: string): unknown {
  for (let at = html.indexOf(id); at >= 0; at = html.indexOf(id, at + id.length)) {
    const script = scriptWithTagAt(html, at);
    if (script?.attributes['id'] === id) return parseJson(script.text);
  }
  return undefined;
}

/**
 * Every JSON-LD block of the page that parses, arrays flattened, in page order. Sites put JSON-LD
 * in the body too, so every `ld+json` of the page is found by string search; only those scripts
 * are sliced out and parsed.
 */
export function jsonLdBlocks(html: string): unknown[] {
  const blocks: unknown[] = [];
  for (const found of html.matchAll(/ld\+json/gi)) {
    const script = scriptWithTagAt(html, found.index);
    if (script?.attributes['type']?.toLowerCase() !== 'application/ld+json') continue;
    const value = parseJson(script.text);
    if (value !== undefined) blocks.push(...(Array.isArray(value) ? (value as unknown[]) : [value]));
  }
  return blocks;
}

/** The script whose start tag holds offset `at` (in one of its attributes), with its text. */
function scriptWithTagAt(html: string, at: number): ScriptBlock | undefined {
  const start = html.lastIndexOf('<', at);
  if (start < 0 || !isTagName(html, start + 1, 'script')) return undefined;
  const gt = endOfStartTag(html, start + 7);
  if (gt < at) return undefined;
  const end = indexOfEndTag(html, 'script', gt + 1);
  return { attributes: tagAttributes(html.slice(start, gt + 1)), text: html.slice(gt + 1, end < 0 ? html.length : end) };
}

/** The target of the `<head>`'s `<meta http-equiv="refresh" content="0;URL=…">`, if the page has one. */
export function metaRefreshTarget(html: string): string | undefined {
  for (const tag of readHead(html).metas) {
    const attributes = tagAttributes(tag);
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

/**
 * The reason a page strategy gives a page it found no post in. Markup without the post's data is,
 * in practice, the wall or bot check a platform puts in its place: `blocked`. A body that is not
 * markup at all (JSON, plain text, nothing) where a page was asked for is an answer the adapter
 * cannot read: `upstream-error` (DESIGN.md §4), not a reason to ask for cookies or a proxy.
 */
export function pageWithoutPost(body: string): 'blocked' | 'upstream-error' {
  return /^\uFEFF?\s*</.test(body) ? 'blocked' : 'upstream-error';
}

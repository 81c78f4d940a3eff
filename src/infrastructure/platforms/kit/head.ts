// What a link crawler reads from a page's `<head>`, without ever parsing the whole page (a full
// DOM of a platform page costs tens of milliseconds, docs/design.md §13): the meta tags, canonical link
// and title, read by one forward scan that jumps from `<` to `<` with indexOf and steps over the
// text of scripts, styles and comments (so a `<meta` or `</head>` inside a script is never taken
// for one), and stops at `</head>` or `<body`. It beats a tokenizer stopped at `</head>` on the
// platform captures (bench/RESULTS.md, "H"): their heads hold large inline scripts, which a
// tokenizer walks character by character and the scan skips whole.
import { decodeHTML } from 'entities';
import { endOfStartTag, indexOfEndTag, isTagName, tagAttributes, tagNameAt } from './tags.js';

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

// Cuts a recorded HTML page down to what the platform parsers read, for `npm run record`.
//
// Parsers read pages the way a link crawler does (platforms/kit/head.ts, state-scripts.ts):
// the `<title>`, the `<meta>` tags (Open Graph, twitter:, description, http-equiv refresh), the
// `<link rel=canonical>` (and oEmbed `alternate`), and the scripts that carry data rather than
// code: JSON blocks (`application/json` — Threads/Facebook `data-sjs` —, `application/ld+json`),
// scripts with an id (`__UNIVERSAL_DATA_FOR_REHYDRATION__`, `SIGI_STATE`, `__NEXT_DATA__`) and
// inline scripts assigning known state (`ytInitialPlayerResponse`, Instagram `_sharedData` /
// `gql_data`, Facebook Relay caches). Custom elements (`<shreddit-post post-title=…>`) carry data in
// their attributes. Styles, SVG, comments, ordinary markup and code scripts are what make a page
// 1 MB, and no parser reads them.
//
// Two cuts: `head` keeps only the pieces above; `markup` keeps the whole document but drops
// styles, SVG, comments, code scripts and stylesheet/preload links, for a parser that reads markup
// (Instagram's embed page). Which one holds is decided by replaying (fixture-trim.ts).

export type HtmlCutMode = 'head' | 'markup';

export interface HtmlPiece {
  text: string;
  /** A data script or custom element: kept unless replay shows the parser never needed it. */
  optional: boolean;
}

export interface HtmlCut {
  pieces: HtmlPiece[];
  /** `head` pieces are separate tags (one a line); `markup` pieces are adjacent runs of the page. */
  joiner: string;
}

// Inline scripts holding a platform's state, by a marker in their text.
const STATE_MARKERS = [
  'ytInitialPlayerResponse',
  '_sharedData',
  '__additionalDataLoaded',
  'gql_data',
  'shortcode_media',
  'xdt_api',
  'RelayPrefetchedStreamCache',
  '__bbox',
  'playable_url',
  'browser_native_',
  'videoDeliveryResponseFragment',
  'thread_items',
  'SIGI_STATE',
  '__UNIVERSAL_DATA_FOR_REHYDRATION__',
  '__NEXT_DATA__',
  '__INITIAL_STATE__',
  '__PRELOADED_STATE__',
  '__APOLLO_STATE__',
];

// `<link rel>` values that point at the post itself or its oEmbed, not at styles or fonts.
const KEPT_LINK_RELS = new Set(['canonical', 'alternate', 'shortlink', 'image_src']);

// Raw-text elements are matched whole, so a `<meta` inside a script string is never taken for a tag.
const HEAD_TOKENS =
  /<!--[\s\S]*?-->|<(script|style|svg|textarea|template)\b([^>]*)>([\s\S]*?)<\/\1\s*>|<title\b[^>]*>[\s\S]*?<\/title\s*>|<(!doctype|html|meta|link|base|[a-z][a-z0-9]*-[a-z0-9-]*)\b([^>]*)>/gi;
const MARKUP_TOKENS = /<!--[\s\S]*?-->|<(script|style|svg)\b([^>]*)>([\s\S]*?)<\/\1\s*>|<link\b([^>]*)>/gi;
const ATTRIBUTES = /([^\s=/>"']+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>"']+)))?/g;

/** A page (not a one-word error body that happens to be labelled text/html). */
export function looksLikeHtml(contentType: string | undefined, text: string): boolean {
  if (contentType && !/html|text\/plain/i.test(contentType)) return false;
  return /<(!doctype html|html|head|body)[\s>]/i.test(text.slice(0, 64 * 1024));
}

export function cutHtml(html: string, mode: HtmlCutMode): HtmlCut {
  return mode === 'head' ? headCut(html) : markupCut(html);
}

/** The page again, without the optional pieces whose index is in `dropped`. */
export function joinCut(cut: HtmlCut, dropped: ReadonlySet<number> = new Set()): string {
  const kept = cut.pieces.filter((_, i) => !dropped.has(i)).map((p) => p.text);
  return cut.joiner === '' ? kept.join('') : `${kept.join(cut.joiner)}${cut.joiner}`;
}

function headCut(html: string): HtmlCut {
  const pieces: HtmlPiece[] = [];
  for (const m of html.matchAll(HEAD_TOKENS)) {
    const [whole, rawText, rawAttrs = '', body = '', tag, tagAttrs = ''] = m;
    if (rawText) {
      if (rawText.toLowerCase() === 'script' && isDataScript(attributes(rawAttrs), body)) pieces.push({ text: whole, optional: true });
      continue;
    }
    if (whole.startsWith('<!--')) continue;
    const name = tag?.toLowerCase();
    if (name === 'link' && !keptLink(attributes(tagAttrs))) continue;
    if (name?.includes('-')) pieces.push({ text: `${whole}</${name}>`, optional: true });
    else pieces.push({ text: whole, optional: false });
  }
  return { pieces, joiner: '\n' };
}

function markupCut(html: string): HtmlCut {
  const pieces: HtmlPiece[] = [];
  let at = 0;
  const keep = (text: string, optional: boolean) => {
    if (text.trim() !== '') pieces.push({ text, optional });
  };
  for (const m of html.matchAll(MARKUP_TOKENS)) {
    const [whole, rawText, rawAttrs = '', body = '', linkAttrs] = m;
    keep(html.slice(at, m.index), false);
    at = m.index + whole.length;
    if (rawText?.toLowerCase() === 'script' && isDataScript(attributes(rawAttrs), body)) keep(whole, true);
    else if (linkAttrs !== undefined && keptLink(attributes(linkAttrs))) keep(whole, false);
  }
  keep(html.slice(at), false);
  return { pieces, joiner: '' };
}

function isDataScript(attrs: Record<string, string>, text: string): boolean {
  if ('src' in attrs || text.trim() === '') return false;
  if (/json/i.test(attrs['type'] ?? '')) return true;
  if (attrs['id']) return true;
  return STATE_MARKERS.some((marker) => text.includes(marker));
}

function keptLink(attrs: Record<string, string>): boolean {
  return (attrs['rel'] ?? '').toLowerCase().split(/\s+/).some((rel) => KEPT_LINK_RELS.has(rel));
}

function attributes(source: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of source.matchAll(ATTRIBUTES)) {
    const name = m[1]!.toLowerCase();
    if (!(name in out)) out[name] = m[2] ?? m[3] ?? m[4] ?? '';
  }
  return out;
}

// The state a page embeds for its own scripts (`<script id="__UNIVERSAL_DATA_FOR_REHYDRATION__">`,
// `data-sjs` JSON blocks, `ytInitialPlayerResponse = {…}`, `window._sharedData = {…}`), located by
// string search for its marker or id; only that script's text, or that one object, is sliced out
// for JSON.parse (docs/design.md §13).
import { endOfJsonObject, parseJson } from './json.js';
import { endOfStartTag, indexOfEndTag, isTagName, tagAttributes } from './tags.js';

export interface ScriptBlock {
  attributes: Record<string, string>;
  /** The raw text between the tags (script text is not entity-encoded). */
  text: string;
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
  const script = scriptById(html, id);
  return script ? parseJson(script.text) : undefined;
}

/** The script with this id (its text as it stands: JSON, base64…), found by string search for the id. */
export function scriptById(html: string, id: string): ScriptBlock | undefined {
  for (let at = html.indexOf(id); at >= 0; at = html.indexOf(id, at + id.length)) {
    const script = scriptWithTagAt(html, at);
    if (script?.attributes['id'] === id) return script;
  }
  return undefined;
}

/** The script whose start tag holds offset `at` (in one of its attributes), with its text. */
export function scriptWithTagAt(html: string, at: number): ScriptBlock | undefined {
  const start = html.lastIndexOf('<', at);
  if (start < 0 || !isTagName(html, start + 1, 'script')) return undefined;
  const gt = endOfStartTag(html, start + 7);
  if (gt < at) return undefined;
  const end = indexOfEndTag(html, 'script', gt + 1);
  return { attributes: tagAttributes(html.slice(start, gt + 1)), text: html.slice(gt + 1, end < 0 ? html.length : end) };
}

/**
 * The JSON object a script assigns right after `marker` (`ytInitialPlayerResponse = {`, the
 * marker ending at the object's `{`), sliced out by brace matching and parsed alone; undefined when
 * the page has no such object or it does not parse.
 */
export function jsonObjectAfter(html: string, marker: string): unknown {
  const at = html.indexOf(marker);
  if (at < 0) return undefined;
  const start = at + marker.length - 1;
  const end = endOfJsonObject(html, start);
  return end < 0 ? undefined : parseJson(html.slice(start, end));
}

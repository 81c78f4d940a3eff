// A page's JSON-LD (schema.org `SocialMediaPosting`, `VideoObject`…). Sites put it in the body as
// often as in the head, so every `ld+json` of the page is found by string search; only those
// scripts are sliced out and parsed.
import { asObject, parseJson, type Json } from './json.js';
import { scriptWithTagAt } from './state-scripts.js';

/** Every JSON-LD block of the page that parses, arrays flattened, in page order. */
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

/** The first block whose `@type` (a name or a list of names) is one of `types`. */
export function jsonLdOfType(blocks: readonly unknown[], types: readonly string[]): Json | undefined {
  for (const block of blocks) {
    const object = asObject(block);
    const type = object?.['@type'];
    if ((Array.isArray(type) ? type : [type]).some((t) => typeof t === 'string' && types.includes(t))) return object;
  }
  return undefined;
}

// Open Graph's structured properties (ogp.me "Structured Properties"): an `og:image` (or `og:video`,
// `og:audio`) and the `:url`, `:secure_url`, `:type`, `:width`, `:height`, `:alt` tags after it
// describe one object; the next root tag starts the next, and so does any other tag between them
// (their tags stand together on real pages). Read in page order from the meta tags.
import type { MetaEntry } from './page-view.js';

export interface OgObject {
  /** The URL tags in docs/design.md §3's order of preference: `:secure_url`, `:url`, the root tag. */
  urls: string[];
  type?: string;
  width?: string;
  height?: string;
  alt?: string;
}

const URL_SLOTS = ['secure_url', 'url', ''] as const;

/** Every `og:<root>` object of the page, in page order. */
export function ogObjects(entries: readonly MetaEntry[], root: 'image' | 'video' | 'audio'): OgObject[] {
  const objects: { slots: Map<string, string>; object: OgObject }[] = [];
  const prefix = `og:${root}`;
  let current: (typeof objects)[number] | undefined;
  for (const { key, content } of entries) {
    if (key !== prefix && !key.startsWith(`${prefix}:`)) {
      current = undefined;
      continue;
    }
    const part = key.slice(prefix.length + 1);
    if ((URL_SLOTS as readonly string[]).includes(part)) {
      // A URL tag opens a new object unless the current one still lacks that tag (`og:image` then `og:image:secure_url`).
      if (!current || current.slots.has(part)) objects.push((current = { slots: new Map(), object: { urls: [] } }));
      current.slots.set(part, content);
      continue;
    }
    if (!current) continue;
    if (part === 'type' || part === 'width' || part === 'height' || part === 'alt') current.object[part] ??= content;
  }
  return objects.map(({ slots, object }) => ({ ...object, urls: URL_SLOTS.flatMap((slot) => (slots.has(slot) ? [slots.get(slot)!] : [])) }));
}

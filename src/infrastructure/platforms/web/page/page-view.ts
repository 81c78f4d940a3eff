// The page as the field rules ask about it: meta tags by key, links by rel, the JSON-LD graph,
// the oEmbed answer, and URLs read against the page. Built once per page; each rule is then a
// one-line question to it.
import type { JsonLdGraph } from './json-ld-graph.js';
import type { OembedFacts } from './oembed-facts.js';
import type { PageFacts, TagAttributes } from './page-facts.js';
import { httpUrl } from './page-urls.js';

/** One meta tag's content under one of its keys (`og:image`, `description`, `image`…), in page order. */
export interface MetaEntry {
  key: string;
  content: string;
}

export interface PageView {
  facts: PageFacts;
  oembed?: OembedFacts;
  ld: JsonLdGraph;
  /** Every meta's content under each of its keys (`property`, `name`, `itemprop`; lower-cased), in page order. */
  metaEntries: MetaEntry[];
  /** The first non-blank content under `key`, trimmed. */
  meta(key: string): string | undefined;
  /** Every non-blank content under `key`, trimmed, in page order. */
  metaAll(key: string): string[];
  /** The head's links whose `rel` holds `rel` (a token, any case), in page order. */
  links(rel: string): TagAttributes[];
  /** `value` as an absolute http(s) URL read against the page's address, or undefined. */
  url(value: unknown): string | undefined;
}

export function pageView(facts: PageFacts, ld: JsonLdGraph, oembed?: OembedFacts): PageView {
  const metaEntries: MetaEntry[] = [];
  const byKey = new Map<string, string[]>();
  for (const attributes of facts.metas) {
    const content = attributes['content']?.trim();
    if (!content) continue;
    const keys = new Set([attributes['property'], attributes['name'], attributes['itemprop']].flatMap((value) => value?.toLowerCase().split(/\s+/).filter(Boolean) ?? []));
    for (const key of keys) {
      metaEntries.push({ key, content });
      byKey.set(key, [...(byKey.get(key) ?? []), content]);
    }
  }
  const rels = facts.links.map((link) => new Set((link['rel'] ?? '').toLowerCase().split(/\s+/).filter(Boolean)));
  return {
    facts,
    ...(oembed ? { oembed } : {}),
    ld,
    metaEntries,
    meta: (key) => byKey.get(key)?.[0],
    metaAll: (key) => byKey.get(key) ?? [],
    links: (rel) => facts.links.filter((_, i) => rels[i]!.has(rel)),
    url: (value) => httpUrl(value, facts.url),
  };
}

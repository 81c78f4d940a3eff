// Test helper: a page's card fields, from its head and body markup (and an oEmbed answer).
import { extractWebFields } from '../../../src/infrastructure/platforms/web/page/extract-web-fields.js';
import { oembedFacts } from '../../../src/infrastructure/platforms/web/page/oembed-facts.js';
import type { WebFields } from '../../../src/infrastructure/platforms/web/page/web-fields.js';
import { readPage } from './read-page.js';

export const PAGE_URL = 'https://www.news.example.org/world/2024/story.html';

export function fieldsOf(head: string, { body = '', oembed, url = PAGE_URL, linkHeader, htmlAttributes = '' }: { body?: string; oembed?: Record<string, unknown>; url?: string; linkHeader?: string; htmlAttributes?: string } = {}): WebFields {
  const { facts } = readPage(`<!doctype html><html${htmlAttributes}><head>${head}</head><body>${body}</body></html>`, { url });
  const facts2 = oembed ? oembedFacts(oembed) : undefined;
  return extractWebFields(facts, { ...(facts2 ? { oembed: facts2 } : {}), ...(linkHeader ? { linkHeader } : {}) });
}

export const ld = (value: unknown) => `<script type="application/ld+json">${JSON.stringify(value)}</script>`;

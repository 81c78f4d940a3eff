// A LinkedIn Pulse article (`/pulse/{slug}`) read as a link crawler reads it: the JSON-LD `Article`
// where the page has one, else its Open Graph tags, `article:published_time`, and the author's
// `rel="author"` link in the byline. The request, and the page read into a card (pure).
import type { AdapterResult } from '../../../application/ports/platform-adapter.port.js';
import { clampDescription, type Author, type Card } from '../../../domain/card.js';
import { present, utcTime } from '../kit/details.js';
import { readMetaTags } from '../kit/head.js';
import { jsonLdBlocks, jsonLdOfType } from '../kit/json-ld.js';
import { asObject, type Json } from '../kit/json.js';
import { ogImages } from '../kit/open-graph.js';
import { tagAttributes } from '../kit/tags.js';
import { nonEmpty } from '../kit/text.js';
import type { Upstream } from '../kit/upstream.js';
import { pageWithoutPost } from '../kit/walls.js';
import { guestPage, mediaExpiry } from './guest-page.js';

export async function articleCard(upstream: Upstream, url: string, signal: AbortSignal): Promise<AdapterResult> {
  const page = await guestPage(upstream, url, 'linkPreview', signal);
  return 'reason' in page ? { ok: false, reason: page.reason } : parseArticlePage(page.html);
}

export function parseArticlePage(html: string): AdapterResult {
  const meta = readMetaTags(html);
  const article = jsonLdOfType(jsonLdBlocks(html), ['Article', 'NewsArticle', 'BlogPosting']);
  const title = nonEmpty(article?.['headline']) ?? nonEmpty(article?.['name']) ?? (meta.get('og:type') === 'article' ? nonEmpty(meta.get('og:title')) : undefined);
  // A page that is no article (no Article JSON-LD, og:type not `article`) is a wall in its place.
  if (!title) return { ok: false, reason: pageWithoutPost(html) };
  const image = ogImages(meta).find((og) => og.url.startsWith('https://'));
  const author = authorOf(article) ?? bylineAuthor(html);
  const card: Card = {
    kind: image ? 'image' : 'link',
    title,
    nsfw: false,
    ...present({ image, author, publishedAt: utcTime(article?.['datePublished']) ?? utcTime(meta.get('article:published_time')) }),
  };
  const description = nonEmpty(article?.['description']) ?? nonEmpty(meta.get('og:description'));
  if (description) card.description = clampDescription(description);
  const expiresAt = mediaExpiry([image?.url]);
  return expiresAt === undefined ? { ok: true, card } : { ok: true, card, mediaExpiresAt: expiresAt };
}

function authorOf(article: Json | undefined): Author | undefined {
  const raw = article?.['author'];
  const author = asObject(Array.isArray(raw) ? raw[0] : raw);
  const name = nonEmpty(author?.['name']);
  const url = profileUrl(author?.['url']);
  return name && url ? { name, url } : undefined;
}

/** The byline's `<a rel="author" title="{name}" href="{profile}?trk=…">` (the head's rel=author link is a tokenised one). */
function bylineAuthor(html: string): Author | undefined {
  for (const [tag] of html.matchAll(/<a\s[^>]*\brel=["']?author\b[^>]*>/gi)) {
    const attributes = tagAttributes(tag);
    const name = nonEmpty(attributes['title']);
    const url = profileUrl(attributes['href']);
    if (name && url) return { name, url };
  }
  return undefined;
}

/** A member's profile (`/in/{slug}`) without its tracking query. */
function profileUrl(value: unknown): string | undefined {
  const href = nonEmpty(value);
  if (!href || !URL.canParse(href)) return undefined;
  const url = new URL(href);
  return url.protocol === 'https:' && /(?:^|\.)linkedin\.com$/.test(url.hostname) ? `${url.origin}${url.pathname}` : undefined;
}

// The post's page as a link crawler reads it, the last strategy of every fediverse chain: its Open
// Graph tags (title, text, the first image or video). Thin, but most servers serve them to anyone.
import type { AdapterResult } from '../../../application/ports/platform-adapter.port.js';
import { clampDescription, mediaCard, type Card } from '../../../domain/card.js';
import { readMetaTags } from '../kit/head.js';
import { ogImages, ogVideo } from '../kit/open-graph.js';
import { nonEmpty } from '../kit/text.js';
import type { Upstream } from '../kit/upstream.js';
import { pageRefusal, pageWithoutPost } from '../kit/walls.js';

export async function pageCard(upstream: Upstream, pageUrl: string, signal: AbortSignal): Promise<AdapterResult> {
  const response = await upstream.page(pageUrl, 'linkPreview', signal);
  const refused = pageRefusal(response);
  if (refused) return { ok: false, reason: refused };
  return parsePostPage(response.text());
}

/** The card from the page's tags; a page without `og:title` holds no post a crawler can read. */
export function parsePostPage(html: string): AdapterResult {
  const meta = readMetaTags(html);
  const title = nonEmpty(meta.get('og:title'));
  if (!title) return { ok: false, reason: pageWithoutPost(html) };
  const images = ogImages(meta).filter((image) => /^https?:\/\//.test(image.url));
  const video = ogVideo(meta);
  // One picture is the post's image; the card never claims a gallery the tags only hint at.
  const card: Card = { ...mediaCard({ ...(video ? { video } : {}), images: images.slice(0, 1) }), title, nsfw: false };
  if (video && images[0]) card.image = images[0];
  const description = nonEmpty(meta.get('og:description'));
  if (description) card.description = clampDescription(description);
  return { ok: true, card };
}

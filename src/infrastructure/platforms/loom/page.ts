// Loom's share page as a link crawler sees it: its Open Graph tags (title, description, thumbnail,
// and the video file when the page names one), the card when oEmbed cannot be read.
import type { AdapterResult } from '../../../application/ports/platform-adapter.port.js';
import type { Card } from '../../../domain/card.js';
import { readMetaTags } from '../kit/head.js';
import { ogImages, ogVideo } from '../kit/open-graph.js';
import { nonEmpty } from '../kit/text.js';
import type { Upstream } from '../kit/upstream.js';
import { pageRefusal, pageWithoutPost } from '../kit/walls.js';
import { embedPlayer, sharePage } from './player.js';

export async function pageCard(upstream: Upstream, id: string, signal: AbortSignal): Promise<AdapterResult> {
  const response = await upstream.page(sharePage(id), 'linkPreview', signal);
  const refused = pageRefusal(response);
  if (refused) return { ok: false, reason: refused };
  return parsePage(response.text(), id);
}

/**
 * The card from the page's tags. A page without an `og:title` is, in practice, the wall or bot
 * check put in the recording's place (`blocked`); a body that is no page at all, `upstream-error`.
 */
export function parsePage(html: string, id: string): AdapterResult {
  const meta = readMetaTags(html);
  const title = nonEmpty(meta.get('og:title'));
  if (!title) return { ok: false, reason: pageWithoutPost(html) };
  const card: Card = { kind: 'video', title, nsfw: false, video: ogVideo(meta) ?? embedPlayer(id) };
  const description = nonEmpty(meta.get('og:description'));
  if (description) card.description = description.slice(0, 4096);
  const image = ogImages(meta).find((candidate) => candidate.url.startsWith('https://'));
  if (image) card.image = image;
  return { ok: true, card };
}

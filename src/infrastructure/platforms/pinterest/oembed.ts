// Pinterest's oEmbed (`www.pinterest.com/oembed.json`): the pin's title, its pinner, and a small
// thumbnail (236 wide): the last witness. The request, and its answer read into a card.
import { UpstreamError } from '../../../application/errors.js';
import type { AdapterResult } from '../../../application/ports/platform-adapter.port.js';
import type { Card } from '../../../domain/card.js';
import { readOembed, requestOembed } from '../kit/oembed.js';
import { reasonForStatus } from '../kit/status.js';
import type { Upstream } from '../kit/upstream.js';
import { PINTEREST_ORIGIN, pinPageUrl, profileUrl, usernameOf } from './pin-urls.js';

const ENDPOINT = `${PINTEREST_ORIGIN}/oembed.json`;

export async function oembedCard(upstream: Upstream, id: string, signal: AbortSignal): Promise<AdapterResult> {
  const response = await requestOembed(upstream, ENDPOINT, pinPageUrl(id), signal, { format: 'json' });
  const refused = reasonForStatus(response.status);
  if (refused) return { ok: false, reason: refused };
  return { ok: true, card: parseOembed(response.json()) };
}

/** An image card: the thumbnail as the image (oEmbed names no larger one and no video). */
export function parseOembed(body: unknown): Card {
  const oembed = readOembed(body);
  if (!oembed?.thumbnail?.url.startsWith('https://')) throw new UpstreamError('UPSTREAM_BAD_RESPONSE', 'the Pinterest oEmbed answer shows no image');
  const handle = usernameOf(oembed.authorUrl);
  const card: Card = { kind: 'image', nsfw: false, image: oembed.thumbnail };
  if (oembed.authorName && handle) card.author = { name: oembed.authorName, url: profileUrl(handle), handle };
  const title = oembed.title ?? (card.author ? `${card.author.name} (@${handle})` : undefined);
  if (title) card.title = title;
  return card;
}

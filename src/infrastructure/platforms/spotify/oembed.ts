// Spotify's oEmbed (`/oembed?url=`): the item's title and its 300×300 artwork, the card when the
// embed page could not be read. No author, date, length or preview. The request, and its answer.
import { UpstreamError } from '../../../application/errors.js';
import type { AdapterResult } from '../../../application/ports/platform-adapter.port.js';
import type { Card } from '../../../domain/card.js';
import { readOembed, requestOembed } from '../kit/oembed.js';
import { reasonForStatus } from '../kit/status.js';
import type { Upstream } from '../kit/upstream.js';
import { itemUrl, SPOTIFY_ORIGIN } from './items.js';

export async function oembedCard(upstream: Upstream, type: string, id: string, signal: AbortSignal): Promise<AdapterResult> {
  const response = await requestOembed(upstream, `${SPOTIFY_ORIGIN}/oembed`, itemUrl(type, id), signal);
  const refused = reasonForStatus(response.status);
  return refused ? { ok: false, reason: refused } : { ok: true, card: parseOembed(response.json()) };
}

/** Nothing here says whether the item is explicit: `nsfw` stays false (the embed state, asked first, says it). */
export function parseOembed(body: unknown): Card {
  const oembed = readOembed(body);
  if (!oembed?.title) throw new UpstreamError('UPSTREAM_BAD_RESPONSE', 'the Spotify oEmbed answer names no title');
  return oembed.thumbnail ? { kind: 'image', title: oembed.title, nsfw: false, image: oembed.thumbnail } : { kind: 'link', title: oembed.title, nsfw: false };
}

// Dailymotion's oEmbed (`/services/oembed`): the video's title, channel, thumbnail and player size,
// the card when the player metadata could not be read. The request, and its answer read into a card.
import { UpstreamError } from '../../../application/errors.js';
import type { AdapterResult } from '../../../application/ports/platform-adapter.port.js';
import type { Card } from '../../../domain/card.js';
import { readOembed, requestOembed } from '../kit/oembed.js';
import { reasonForStatus } from '../kit/status.js';
import { sizePair } from '../kit/text.js';
import type { Upstream } from '../kit/upstream.js';
import { DAILYMOTION_ORIGIN, embedPlayer, handleOf, videoPageUrl } from './player.js';

const ENDPOINT = `${DAILYMOTION_ORIGIN}/services/oembed`;

export async function oembedCard(upstream: Upstream, id: string, signal: AbortSignal): Promise<AdapterResult> {
  const response = await requestOembed(upstream, ENDPOINT, videoPageUrl(id), signal, { format: 'json' });
  const refused = reasonForStatus(response.status);
  if (refused) return { ok: false, reason: refused };
  return { ok: true, card: parseOembed(response.json(), id) };
}

/**
 * The card: the embed player as its video (oEmbed names no stream) at the size oEmbed gives, the
 * thumbnail as its image. oEmbed says nothing of explicit content, so `nsfw` stays false here;
 * the player metadata, asked first, is what reads it. Nor does it give a date or a duration.
 */
export function parseOembed(body: unknown, id: string): Card {
  const oembed = readOembed(body);
  if (!oembed?.title) throw new UpstreamError('UPSTREAM_BAD_RESPONSE', 'the Dailymotion oEmbed answer names no title');
  const card: Card = { kind: 'video', title: oembed.title, nsfw: false, video: embedPlayer(id, sizePair(oembed.width, oembed.height)) };
  if (oembed.authorName && oembed.authorUrl) {
    // oEmbed names no username; the channel URL is `dailymotion.com/{username}`.
    const handle = handleOf(oembed.authorUrl);
    card.author = handle ? { name: oembed.authorName, url: oembed.authorUrl, handle } : { name: oembed.authorName, url: oembed.authorUrl };
  }
  if (oembed.thumbnail) card.image = oembed.thumbnail;
  return card;
}

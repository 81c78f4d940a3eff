// Loom's oEmbed (`/v1/oembed`): the recording's title, description, thumbnail, length and player
// size; with the transcoded MP4 when Loom hands one out, else the embed player. The request, and its
// answer read into a card.
import { isUpstreamError, UpstreamError } from '../../../application/errors.js';
import type { AdapterResult } from '../../../application/ports/platform-adapter.port.js';
import type { Card } from '../../../domain/card.js';
import { seconds } from '../kit/details.js';
import { readOembed, requestOembed } from '../kit/oembed.js';
import { reasonForStatus } from '../kit/status.js';
import { nonEmpty, sizePair } from '../kit/text.js';
import type { Upstream } from '../kit/upstream.js';
import { embedPlayer, LOOM_ORIGIN, sharePage } from './player.js';
import { transcodedVideo } from './transcoded.js';

const ENDPOINT = `${LOOM_ORIGIN}/v1/oembed`;

export async function oembedCard(upstream: Upstream, id: string, signal: AbortSignal): Promise<AdapterResult> {
  const response = await requestOembed(upstream, ENDPOINT, sharePage(id), signal);
  const refused = reasonForStatus(response.status);
  if (refused) return { ok: false, reason: refused };
  const card = parseOembed(response.json(), id);
  const { width, height, duration } = card.video!;
  const mp4 = await transcodedVideo(upstream, id, { ...(width && height ? { width, height } : {}), ...(duration ? { duration } : {}) }, signal).catch(keepPlayer);
  if (!mp4) return { ok: true, card };
  card.video = mp4.video;
  return mp4.expiresAt ? { ok: true, card, mediaExpiresAt: mp4.expiresAt } : { ok: true, card };
}

/**
 * The card with the embed player as its video, at oEmbed's size and with its `duration` (seconds).
 * Loom names no author in oEmbed; when it does (`author_name`, `author_url`), the card has it.
 */
export function parseOembed(body: unknown, id: string): Card {
  const oembed = readOembed(body);
  if (!oembed?.title) throw new UpstreamError('UPSTREAM_BAD_RESPONSE', 'the Loom oEmbed answer names no title');
  const duration = seconds(oembed.fields['duration']);
  const card: Card = { kind: 'video', title: oembed.title, nsfw: false, video: embedPlayer(id, { ...sizePair(oembed.width, oembed.height), ...(duration ? { duration } : {}) }) };
  const description = nonEmpty(oembed.fields['description']);
  if (description) card.description = description.slice(0, 4096);
  if (oembed.authorName && oembed.authorUrl?.startsWith('https://')) card.author = { name: oembed.authorName, url: oembed.authorUrl };
  if (oembed.thumbnail?.url.startsWith('https://')) card.image = oembed.thumbnail;
  return card;
}

/** A failed MP4 request leaves the card its player; anything but an upstream failure is a bug. */
function keepPlayer(error: unknown): undefined {
  if (isUpstreamError(error)) return undefined;
  throw error;
}

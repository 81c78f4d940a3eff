// Streamable's oEmbed (`api.streamable.com/oembed.json`): the video's title, thumbnail and player
// size, the card when the video API could not be read. The request, and its answer read into a card.
import { UpstreamError } from '../../../application/errors.js';
import type { AdapterResult } from '../../../application/ports/platform-adapter.port.js';
import type { Card } from '../../../domain/card.js';
import { readOembed, requestOembed } from '../kit/oembed.js';
import { reasonForStatus } from '../kit/status.js';
import { sizePair } from '../kit/text.js';
import type { Upstream } from '../kit/upstream.js';
import { STREAMABLE_API, embedPlayer, httpsUrl, videoPageUrl } from './urls.js';

const ENDPOINT = `${STREAMABLE_API}/oembed.json`;

export async function oembedCard(upstream: Upstream, code: string, signal: AbortSignal): Promise<AdapterResult> {
  const response = await requestOembed(upstream, ENDPOINT, videoPageUrl(code), signal);
  const refused = reasonForStatus(response.status);
  if (refused) return { ok: false, reason: refused };
  return { ok: true, card: parseOembed(response.json(), code) };
}

/** The card: the embed player as its video (oEmbed names no file) at oEmbed's size, the thumbnail as its image. */
export function parseOembed(body: unknown, code: string): Card {
  const oembed = readOembed(body);
  if (!oembed?.title) throw new UpstreamError('UPSTREAM_BAD_RESPONSE', 'the Streamable oEmbed answer names no title');
  const card: Card = { kind: 'video', title: oembed.title, nsfw: false, video: embedPlayer(code, sizePair(oembed.width, oembed.height)) };
  const thumbnail = oembed.thumbnail && httpsUrl(oembed.thumbnail.url);
  if (thumbnail) card.image = { ...oembed.thumbnail, url: thumbnail };
  return card;
}

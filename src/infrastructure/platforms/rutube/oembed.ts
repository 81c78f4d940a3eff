// Rutube's oEmbed (`api/oembed/`): title, channel and thumbnail, the card when the video API could
// not be read; the embed player is its video. Not captured: the endpoint is the one SOURCES.md and
// yt-dlp's facts name. The request, and its answer read into a card.
import { UpstreamError } from '../../../application/errors.js';
import type { AdapterResult } from '../../../application/ports/platform-adapter.port.js';
import type { Card } from '../../../domain/card.js';
import { readOembed, requestOembed } from '../kit/oembed.js';
import { reasonForStatus } from '../kit/status.js';
import type { Upstream } from '../kit/upstream.js';
import { embedPlayer } from './api.js';

export async function oembedCard(upstream: Upstream, pageUrl: string, id: string, key: string | undefined, signal: AbortSignal): Promise<AdapterResult> {
  const response = await requestOembed(upstream, 'https://rutube.ru/api/oembed/', pageUrl, signal, { format: 'json' });
  const refused = reasonForStatus(response.status);
  if (refused) return { ok: false, reason: refused };
  return { ok: true, card: parseOembed(response.json(), id, key) };
}

/** The card oEmbed makes: it says nothing of adult content, dates or counts, so those stay absent. */
export function parseOembed(body: unknown, id: string, key?: string): Card {
  const oembed = readOembed(body);
  if (!oembed?.title) throw new UpstreamError('UPSTREAM_BAD_RESPONSE', 'the Rutube oEmbed answer names no title');
  const card: Card = { kind: 'video', title: oembed.title, nsfw: false, video: embedPlayer(id, key) };
  if (oembed.authorName && oembed.authorUrl?.startsWith('https://')) card.author = { name: oembed.authorName, url: oembed.authorUrl };
  if (oembed.thumbnail) card.image = oembed.thumbnail;
  return card;
}

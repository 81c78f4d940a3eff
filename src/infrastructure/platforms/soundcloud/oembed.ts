// SoundCloud's oEmbed (`soundcloud.com/oembed`, no client id): a track's or set's title, artist,
// artwork and description, the card when the API cannot be asked. It names no stream, so its card
// carries no sound. The request, and its answer read into a card.
import { UpstreamError } from '../../../application/errors.js';
import type { AdapterResult } from '../../../application/ports/platform-adapter.port.js';
import { clampDescription, type Card } from '../../../domain/card.js';
import { soundcloud } from '../../../domain/platforms/soundcloud.js';
import { readOembed, requestOembed } from '../kit/oembed.js';
import { originOf } from '../kit/origin.js';
import { reasonForStatus } from '../kit/status.js';
import { nonEmpty } from '../kit/text.js';
import type { Upstream } from '../kit/upstream.js';

const ORIGIN = originOf(soundcloud);
const ENDPOINT = `${ORIGIN}/oembed`;
/** What oEmbed names as the thumbnail of a sound without artwork (SOURCES.md): no image of the post. */
const PLACEHOLDER = `${ORIGIN}/images/fb_placeholder.png`;

export async function oembedCard(upstream: Upstream, permalink: string, signal: AbortSignal): Promise<AdapterResult> {
  const response = await requestOembed(upstream, ENDPOINT, permalink, signal, { format: 'json' });
  const refused = reasonForStatus(response.status);
  if (refused) return { ok: false, reason: refused };
  return { ok: true, card: parseOembed(response.json()) };
}

/**
 * The card: oEmbed titles a sound "{title} by {artist}", so the artist's name is taken off the end
 * to leave the sound's own title; the artwork (500×500, as oEmbed names it) is the image.
 */
export function parseOembed(body: unknown): Card {
  const oembed = readOembed(body);
  if (!oembed?.title) throw new UpstreamError('UPSTREAM_BAD_RESPONSE', 'the SoundCloud oEmbed answer names no title');
  const suffix = oembed.authorName ? ` by ${oembed.authorName}` : undefined;
  const title = suffix && oembed.title.endsWith(suffix) && oembed.title.length > suffix.length ? oembed.title.slice(0, -suffix.length) : oembed.title;
  const image = oembed.thumbnail && oembed.thumbnail.url !== PLACEHOLDER && oembed.thumbnail.url.startsWith('https://') ? oembed.thumbnail : undefined;
  const card: Card = { kind: image ? 'image' : 'link', title, nsfw: false };
  const description = nonEmpty(typeof oembed.fields['description'] === 'string' ? oembed.fields['description'].replace(/\r\n?/g, '\n') : undefined);
  if (description) card.description = clampDescription(description);
  if (oembed.authorName && oembed.authorUrl) card.author = { name: oembed.authorName, url: oembed.authorUrl };
  if (image) card.image = image;
  return card;
}

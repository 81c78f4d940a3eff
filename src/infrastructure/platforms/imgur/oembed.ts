// Imgur's oEmbed (`api.imgur.com/oembed`): a `rich` answer whose only text is the embed markup, a
// blockquote linking the post with its title (SOURCES.md); no thumbnail, no uploader. The last
// witness, when neither API answers: a link card with the post's title. The request, and its answer.
import { UpstreamError } from '../../../application/errors.js';
import type { AdapterResult } from '../../../application/ports/platform-adapter.port.js';
import type { Card } from '../../../domain/card.js';
import { IMGUR_HOST } from '../../../domain/platforms/imgur.js';
import { readOembed, requestOembed } from '../kit/oembed.js';
import { reasonForStatus } from '../kit/status.js';
import { htmlToText, nonEmpty } from '../kit/text.js';
import type { Upstream } from '../kit/upstream.js';

const ENDPOINT = `https://${IMGUR_HOST.api}/oembed`;
/** The embed's link and its text: `<a href="https://imgur.com/{id}">{title}</a>`. */
const ANCHOR = /<a\b[^>]*>([\s\S]{1,2000}?)<\/a>/i;

export async function oembedCard(upstream: Upstream, postUrl: string, signal: AbortSignal): Promise<AdapterResult> {
  const response = await requestOembed(upstream, ENDPOINT, postUrl, signal, { format: 'json' });
  const refused = reasonForStatus(response.status);
  if (refused) return { ok: false, reason: refused };
  return { ok: true, card: parseOembed(response.json()) };
}

/** A link card titled as the embed's link is (oEmbed's own `title` where it gives one). */
export function parseOembed(body: unknown): Card {
  const oembed = readOembed(body);
  if (!oembed) throw new UpstreamError('UPSTREAM_BAD_RESPONSE', 'the Imgur oEmbed answer is not a JSON object');
  const anchor = oembed.html ? ANCHOR.exec(oembed.html)?.[1] : undefined;
  const text = nonEmpty(anchor ? htmlToText(anchor) : undefined);
  // An untitled post's embed links it by its address or as "View post on imgur.com": no title.
  const title = oembed.title ?? (text && !/^(?:https?:\/\/|view post on imgur)/i.test(text) ? text : undefined);
  if (!title) throw new UpstreamError('UPSTREAM_BAD_RESPONSE', 'the Imgur oEmbed answer names no title');
  return { kind: 'link', title, nsfw: false };
}

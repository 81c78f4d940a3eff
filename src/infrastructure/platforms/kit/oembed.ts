// oEmbed (oembed.com): the request a platform's endpoint answers, and its answer's fields read once
// for every platform. What the card makes of them (a title, an author, a player) each platform says.
import type { HttpResponse } from '../../../application/ports/http.port.js';
import type { MediaImage } from '../../../domain/card.js';
import { asObject, type Json } from './json.js';
import { nonEmpty, positiveInt, sizePair } from './text.js';
import type { Upstream } from './upstream.js';

/**
 * GET `endpoint?url=<post URL>` (plus `format=json` where the endpoint wants it) asking for JSON.
 * Any status comes back: what a refusal means differs by platform.
 */
export function requestOembed(upstream: Upstream, endpoint: string, postUrl: string, signal: AbortSignal, { format }: { format?: 'json' } = {}): Promise<HttpResponse> {
  const query = new URLSearchParams({ url: postUrl, ...(format ? { format } : {}) });
  return upstream.getJson(`${endpoint}?${query.toString()}`, signal);
}

/** An oEmbed answer's fields, each there only when usable (text not blank, sizes positive integers). */
export interface Oembed {
  title?: string;
  authorName?: string;
  authorUrl?: string;
  /** The embed markup, as given (a platform checks what it embeds). */
  html?: string;
  width?: number;
  height?: number;
  thumbnail?: MediaImage;
  /** The whole answer, for the fields a platform adds (TikTok's `author_unique_id`). */
  fields: Json;
}

/** The answer's fields, or undefined when it is not a JSON object. */
export function readOembed(body: unknown): Oembed | undefined {
  const fields = asObject(body);
  if (!fields) return undefined;
  const oembed: Oembed = { fields };
  const title = nonEmpty(fields['title']);
  if (title) oembed.title = title;
  const authorName = nonEmpty(fields['author_name']);
  if (authorName) oembed.authorName = authorName;
  const authorUrl = nonEmpty(fields['author_url']);
  if (authorUrl) oembed.authorUrl = authorUrl;
  if (typeof fields['html'] === 'string') oembed.html = fields['html'];
  const width = positiveInt(fields['width']);
  const height = positiveInt(fields['height']);
  if (width) oembed.width = width;
  if (height) oembed.height = height;
  const thumbnail = nonEmpty(fields['thumbnail_url']);
  if (thumbnail) oembed.thumbnail = { url: thumbnail, ...sizePair(fields['thumbnail_width'], fields['thumbnail_height']) };
  return oembed;
}

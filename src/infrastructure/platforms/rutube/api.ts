// Rutube's API as its player and yt-dlp call it: `api/video/{id}/` (title, text, author, thumbnail,
// duration, date, views, the adult flag), then `api/play/options/{id}/` (the HLS playlist, or the
// blocking rule that keeps it from this region). A private video's key goes with both. No capture
// of either answer exists: the fields are yt-dlp's rutube extractor's. The requests, and the
// answers read into a card or a reason.
import { isUpstreamError, UpstreamError } from '../../../application/errors.js';
import type { AdapterResult } from '../../../application/ports/platform-adapter.port.js';
import type { Author, Card, Video } from '../../../domain/card.js';
import type { Reason } from '../../../domain/reasons.js';
import { present, seconds, statsOf, utcTime } from '../kit/details.js';
import { asObject, objectsOf, parseJson, type Json } from '../kit/json.js';
import { reasonForStatus } from '../kit/status.js';
import { htmlToText, nonEmpty } from '../kit/text.js';
import type { Upstream } from '../kit/upstream.js';
import { queryExpiry } from '../kit/url-expiry.js';
import { isMarkup } from '../kit/walls.js';

const API = 'https://rutube.ru/api';

/** The query both calls take: JSON, and a private video's key. */
function query(key: string | undefined): string {
  return new URLSearchParams({ format: 'json', ...(key ? { p: key } : {}) }).toString();
}

/** The embed player: the card's video when no playlist is given (a private one needs its key). */
export function embedPlayer(id: string, key?: string): Video {
  return { url: `https://rutube.ru/play/embed/${id}${key ? `?p=${key}` : ''}`, mimeType: 'text/html' };
}

export async function apiCard(upstream: Upstream, id: string, key: string | undefined, signal: AbortSignal): Promise<AdapterResult> {
  const response = await upstream.getJson(`${API}/video/${id}/?${query(key)}`, signal);
  const text = response.text();
  const body = asObject(parseJson(text));
  const refused = refusal(response.status, body);
  if (refused) return { ok: false, reason: refused };
  // A page where JSON was asked for is the wall or bot check Rutube put in its place.
  if (!body && isMarkup(text)) return { ok: false, reason: 'blocked' };
  const card = parseVideo(body, id, key);
  const play = await playOptions(upstream, id, key, signal);
  if ('reason' in play) return { ok: false, reason: play.reason, partial: present({ title: card.title, description: card.description, author: card.author }) };
  if (!play.video) return { ok: true, card };
  card.video = { ...play.video, ...present({ duration: card.video?.duration }) };
  const expiresAt = queryExpiry(play.video.url, 'expire');
  return expiresAt ? { ok: true, card, mediaExpiresAt: expiresAt } : { ok: true, card };
}

/** What a refusing answer says: its `detail.type` blocking rule is a region lock; otherwise its status. */
function refusal(status: number, body: Json | undefined): Reason | undefined {
  if (asObject(body?.['detail'])?.['type'] === 'blocking_rule') return 'region-locked';
  return reasonForStatus(status);
}

/**
 * The play options: the HLS playlist (`video_balancer.m3u8`, else a live stream's), or the region
 * lock. Any other failure leaves the embed player as the video: the card is already made.
 */
async function playOptions(upstream: Upstream, id: string, key: string | undefined, signal: AbortSignal): Promise<{ video?: Video } | { reason: Reason }> {
  try {
    const response = await upstream.getJson(`${API}/play/options/${id}/?${query(key)}`, signal);
    return parsePlayOptions(response.status, parseJson(response.text()));
  } catch (error) {
    if (!isUpstreamError(error) || signal.aborted) throw error;
    return {};
  }
}

export function parsePlayOptions(status: number, body: unknown): { video?: Video } | { reason: Reason } {
  const options = asObject(body);
  const refused = refusal(status, options);
  if (refused === 'region-locked') return { reason: refused };
  if (refused) return {};
  const balanced = nonEmpty(asObject(options?.['video_balancer'])?.['m3u8']);
  const live = nonEmpty(objectsOf(asObject(options?.['live_streams'])?.['hls'])[0]?.['url']);
  const url = [balanced, live].find((candidate) => candidate?.startsWith('https://'));
  return url ? { video: { url, mimeType: 'application/vnd.apple.mpegurl' } } : {};
}

/** `api/video/{id}/`'s card, with the embed player as its video until the play options give a playlist. */
export function parseVideo(body: Json | undefined, id: string, key?: string): Card {
  const title = nonEmpty(body?.['title']);
  if (!title) throw new UpstreamError('UPSTREAM_BAD_RESPONSE', 'the Rutube video answer names no title');
  const video = embedPlayer(id, key);
  const duration = seconds(body?.['duration']);
  if (duration !== undefined) video.duration = duration;
  const thumbnail = nonEmpty(body?.['thumbnail_url']);
  return {
    kind: 'video',
    title,
    nsfw: body?.['is_adult'] === true,
    video,
    ...present({
      description: nonEmpty(htmlToText(String(body?.['description'] ?? ''))),
      author: authorOf(body?.['author']),
      image: thumbnail?.startsWith('https://') ? { url: thumbnail } : undefined,
      publishedAt: utcDate(body?.['publication_ts']) ?? utcDate(body?.['created_ts']),
      stats: statsOf({ views: body?.['hits'], replies: body?.['comments_count'] }),
    }),
  };
}

/** Rutube's times carry no offset (`2013-10-16T17:13:22`); yt-dlp reads them as UTC, and so does this. */
function utcDate(value: unknown): string | undefined {
  const text = nonEmpty(value);
  return text ? utcTime(/(?:Z|[+-]\d\d:?\d\d)$/.test(text) ? text : `${text}Z`) : undefined;
}

/** The channel: its name, its page (as given, else by id), its avatar. */
function authorOf(value: unknown): Author | undefined {
  const author = asObject(value);
  const name = nonEmpty(author?.['name']);
  const given = nonEmpty(author?.['url']);
  const id = author?.['id'];
  const url = given?.startsWith('https://rutube.ru/') ? given : /^\d{1,20}$/.test(String(id)) ? `https://rutube.ru/channel/${String(id)}/` : undefined;
  if (!name || !url) return undefined;
  const avatar = nonEmpty(author?.['avatar_url']);
  return { name, url, ...present({ avatar: avatar?.startsWith('https://') ? avatar : undefined }) };
}

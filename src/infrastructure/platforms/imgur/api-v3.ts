// Imgur's public API v3 (`/3/image/{id}`, `/3/album/{id}`), asked only with the operator's own
// client id (PLATFORM_CREDENTIALS_FILE), sent as `Authorization: Client-ID …` and nowhere else.
// Its answer is an envelope `{data, success, status}`; an image's `data` holds `title`,
// `description`, `datetime` (epoch seconds), `type`, `width`/`height`, `views`, `nsfw`, `link`,
// and for a video or GIF `mp4` and `has_sound`; an album's adds `images[]`. The request, and its
// answer read into a card or a reason.
import { UpstreamError } from '../../../application/errors.js';
import type { AdapterResult } from '../../../application/ports/platform-adapter.port.js';
import type { Card, Video } from '../../../domain/card.js';
import { IMGUR_HOST } from '../../../domain/platforms/imgur.js';
import { present, statsOf, utcTime } from '../kit/details.js';
import { asObject, parseJson, type Json } from '../kit/json.js';
import { reasonForStatus } from '../kit/status.js';
import { nonEmpty, sizePair } from '../kit/text.js';
import type { Upstream } from '../kit/upstream.js';
import { filesCard, plainText, uploader, type ImgurFile } from './media.js';
import { getUnlessRemoved, isRemoved } from './removed.js';

const API = `https://${IMGUR_HOST.api}/3`;

export type V3Resource = 'image' | 'album';

export async function apiV3Card(upstream: Upstream, clientId: string, resource: V3Resource, id: string, signal: AbortSignal): Promise<AdapterResult> {
  const response = await getUnlessRemoved(upstream, `${API}/${resource}/${id}`, signal, { authorization: `Client-ID ${clientId}` });
  if (response === 'removed') return { ok: false, reason: 'not-found' };
  const refused = reasonForStatus(response.status);
  if (refused) return { ok: false, reason: refused };
  return parseV3(parseJson(response.text()), resource);
}

/** The card of an image or an album answer; throws UPSTREAM_BAD_RESPONSE when the envelope holds neither. */
export function parseV3(body: unknown, resource: V3Resource): AdapterResult {
  const envelope = asObject(body);
  const data = asObject(envelope?.['data']);
  if (!data || envelope?.['success'] !== true || typeof data['id'] !== 'string') throw new UpstreamError('UPSTREAM_BAD_RESPONSE', 'the Imgur API answer is not a successful envelope');
  const entries = resource === 'album' ? (Array.isArray(data['images']) ? data['images'].map(asObject).filter((i): i is Json => i !== undefined) : []) : [data];
  if (entries.length > 0 && entries.every((i) => isRemoved(nonEmpty(i['link'])))) return { ok: false, reason: 'not-found' };
  const files = entries.flatMap(fileOf);
  const title = plainText(data['title']) ?? (resource === 'album' ? plainText(entries[0]?.['title']) : undefined);
  const description = plainText(data['description']);
  if (files.length === 0 && !title) throw new UpstreamError('UPSTREAM_BAD_RESPONSE', 'the Imgur API answer has neither a file nor a title');
  const card: Card = {
    ...filesCard(files),
    ...present({
      title,
      description,
      author: uploader(nonEmpty(data['account_url'])),
      publishedAt: utcTime(data['datetime'], 'epochSeconds'),
      stats: statsOf({ views: data['views'] }),
    }),
    nsfw: data['nsfw'] === true || entries.some((i) => i['nsfw'] === true),
  };
  return { ok: true, card };
}

/** A video (its `mp4` rendition: gifv, GIF and video uploads have one) or a picture (`link`). */
function fileOf(image: Json): ImgurFile[] {
  const size = sizePair(image['width'], image['height']);
  const mp4 = nonEmpty(image['mp4']);
  if (mp4?.startsWith('https://')) {
    const video: Video = { url: mp4, mimeType: 'video/mp4', ...size };
    if (typeof image['has_sound'] === 'boolean') video.hasAudio = image['has_sound'];
    const id = nonEmpty(image['id']);
    return [id ? { video, id } : { video }];
  }
  const link = nonEmpty(image['link']);
  return link?.startsWith('https://') && !isRemoved(link) ? [{ image: { url: link, ...size } }] : [];
}

// Streamable's video API (`api.streamable.com/videos/{code}`, what cobalt and Clover read): the
// video's title, thumbnail and files with their size and duration, and whether it is ready. The
// request, and its answer read into a card or a reason.
import { UpstreamError } from '../../../application/errors.js';
import type { AdapterResult } from '../../../application/ports/platform-adapter.port.js';
import type { Card, Video } from '../../../domain/card.js';
import { seconds } from '../kit/details.js';
import { asObject, parseJson } from '../kit/json.js';
import { reasonForStatus } from '../kit/status.js';
import { nonEmpty, sizePair } from '../kit/text.js';
import type { Upstream } from '../kit/upstream.js';
import { STREAMABLE_API, httpsUrl } from './urls.js';
import { cloudFrontExpiry } from '../kit/url-expiry.js';

/**
 * `status`: 0 uploading, 1 processing, 2 ready (at least one file), 3 failed. An upload still in
 * progress is a video that cannot be shown yet (`upstream-error`, cached briefly); one that failed
 * will never play (`not-found`).
 */
const READY = 2;
const FAILED = 3;

/** The files to play, best first: the full MP4, then the smaller mobile one. */
const FILE_KEYS = ['mp4', 'mp4-mobile'] as const;

export interface ApiAnswer {
  result: AdapterResult;
  /** The video is still uploading or encoding: oEmbed knows no more of it, so it is not asked. */
  processing: boolean;
}

export async function requestVideo(upstream: Upstream, code: string, signal: AbortSignal): Promise<ApiAnswer> {
  const response = await upstream.getJson(`${STREAMABLE_API}/videos/${code}`, signal);
  const refused = reasonForStatus(response.status);
  if (refused) return { result: { ok: false, reason: refused }, processing: false };
  return parseVideo(parseJson(response.text()));
}

/** The API answer's card, or the reason its status gives; throws UPSTREAM_BAD_RESPONSE when it is no video object. */
export function parseVideo(body: unknown): ApiAnswer {
  const video = asObject(body);
  if (!video || typeof video['status'] !== 'number') throw new UpstreamError('UPSTREAM_BAD_RESPONSE', 'the Streamable API answer is not a video');
  if (video['status'] === FAILED) return { result: { ok: false, reason: 'not-found' }, processing: false };
  if (video['status'] !== READY) return { result: { ok: false, reason: 'upstream-error' }, processing: true };
  const file = fileOf(video['files']);
  if (!file) return { result: { ok: false, reason: 'upstream-error' }, processing: true };
  const card: Card = { kind: 'video', nsfw: false, video: file };
  const title = nonEmpty(video['title']);
  if (title) card.title = title;
  const thumbnail = httpsUrl(video['thumbnail_url']);
  if (thumbnail) card.image = { url: thumbnail };
  const expiry = cloudFrontExpiry(file.url);
  return { result: { ok: true, card, ...(expiry ? { mediaExpiresAt: expiry } : {}) }, processing: false };
}

/** The first ready file of FILE_KEYS, with its size and duration. */
function fileOf(value: unknown): Video | undefined {
  const files = asObject(value);
  for (const key of FILE_KEYS) {
    const file = asObject(files?.[key]);
    const url = httpsUrl(file?.['url']);
    // A file's own `status` is 2 once encoded; older answers leave it out.
    if (!url || (file?.['status'] !== undefined && file['status'] !== READY)) continue;
    const duration = seconds(file?.['duration']);
    return { url, mimeType: 'video/mp4', ...sizePair(file?.['width'], file?.['height']), ...(duration ? { duration } : {}) };
  }
  return undefined;
}

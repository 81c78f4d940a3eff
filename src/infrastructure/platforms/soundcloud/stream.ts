// A track's stream: api-v2 lists its transcodings (`media.transcodings[]`, each an API URL), and
// asking one with the client id and the track's authorization answers the signed media URL
// (`{"url": "https://cf-media.sndcdn.com/…?Policy=…&Signature=…"}`). The choice of transcoding, the
// request, and when the signed URL expires.
import { isUpstreamError } from '../../../application/errors.js';
import type { Audio } from '../../../domain/card.js';
import { SOUNDCLOUD_HOST } from '../../../domain/platforms/soundcloud.js';
import { seconds } from '../kit/details.js';
import { asObject, parseJson } from '../kit/json.js';
import { nonEmpty } from '../kit/text.js';
import type { SoundcloudApi } from './api.js';
import { cloudFrontExpiry } from '../kit/url-expiry.js';

export interface Transcoding {
  /** The API URL that answers the media URL. */
  url: string;
  protocol: 'progressive' | 'hls';
  /** `format.mime_type`, without parameters, lower case. */
  mimeType: string;
  /** True when it plays only a preview (a Go+ track's 30 s). */
  snipped: boolean;
  /** Milliseconds, as the API gives them. */
  duration?: unknown;
}

export interface Stream {
  audio: Audio;
  /** When the signed URL stops working (epoch ms), when it says. */
  expiresAt?: number;
}

const HLS = 'application/vnd.apple.mpegurl';

/**
 * The transcodings a client can play, from `media`: progressive files and plain HLS on the API's
 * host. The encrypted HLS variants (`ctr-`/`cbc-encrypted-hls`) need the app's DRM and are left out.
 */
export function readTranscodings(media: unknown): Transcoding[] {
  const list = asObject(media)?.['transcodings'];
  if (!Array.isArray(list)) return [];
  return list.flatMap((entry): Transcoding[] => {
    const item = asObject(entry);
    const url = nonEmpty(item?.['url']);
    const format = asObject(item?.['format']);
    const protocol = format?.['protocol'];
    const mimeType = nonEmpty(format?.['mime_type'])?.split(';')[0]!.trim().toLowerCase();
    if (!url || !mimeType || (protocol !== 'progressive' && protocol !== 'hls') || !onApiHost(url)) return [];
    return [{ url, protocol, mimeType, snipped: item?.['snipped'] === true, duration: item?.['duration'] }];
  });
}

function onApiHost(url: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' && parsed.host === SOUNDCLOUD_HOST.api;
  } catch {
    return false;
  }
}

/**
 * The transcodings in the order they are tried (docs/design.md §4): a progressive MP3, a progressive Opus,
 * then HLS of MP3, of Opus, and the adaptive playlist last (the API often refuses it anonymously:
 * SOURCES.md's 404).
 */
export function streamOrder(transcodings: readonly Transcoding[]): Transcoding[] {
  const rank = (t: Transcoding): number => {
    const codec = t.mimeType === 'audio/mpeg' ? 0 : t.mimeType === 'audio/ogg' ? 1 : 2;
    return (t.protocol === 'progressive' ? 0 : 3) + codec;
  };
  return [...transcodings].sort((a, b) => rank(a) - rank(b));
}

/**
 * The first transcoding that answers a media URL, tried in `streamOrder`. A transcoding the API
 * does not have for this client (404) gives way to the next; any other refusal, or a failed
 * exchange, ends the search: the card then goes without its sound. Undefined when none answered.
 */
export async function requestStream(
  api: SoundcloudApi,
  transcodings: readonly Transcoding[],
  { trackAuthorization, preview }: { trackAuthorization?: string; preview: boolean },
  signal: AbortSignal,
): Promise<Stream | undefined> {
  const query: Record<string, string> = trackAuthorization ? { track_authorization: trackAuthorization } : {};
  for (const transcoding of streamOrder(transcodings)) {
    const answer = await api.getJson(transcoding.url, query, signal).catch((error: unknown) => {
      if (signal.aborted || !isUpstreamError(error)) throw error;
      return undefined;
    });
    if (!answer || 'reason' in answer) return undefined;
    if (answer.status === 404) continue;
    if (answer.status !== 200) return undefined;
    const url = nonEmpty(asObject(parseJson(answer.text()))?.['url']);
    if (!url?.startsWith('https://')) continue;
    return streamOf(url, transcoding, preview);
  }
  return undefined;
}

export function streamOf(url: string, transcoding: Transcoding, preview: boolean): Stream {
  const duration = seconds(transcoding.duration, 'ms');
  const audio: Audio = {
    url,
    mimeType: transcoding.protocol === 'hls' ? HLS : transcoding.mimeType,
    ...(duration !== undefined ? { duration } : {}),
    ...(preview || transcoding.snipped ? { preview: true } : {}),
  };
  const expiresAt = cloudFrontExpiry(url);
  return expiresAt === undefined ? { audio } : { audio, expiresAt };
}

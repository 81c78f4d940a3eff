// Loom's transcoded MP4 (`POST /api/campaigns/sessions/{id}/transcoded-url`, what its player and
// yt-dlp ask for): a CloudFront URL signed in its query, which plays on its own until the signature
// expires. The request, and the answer read into a video.
import type { Video } from '../../../domain/card.js';
import { asObject, parseJson } from '../kit/json.js';
import { nonEmpty } from '../kit/text.js';
import type { Upstream } from '../kit/upstream.js';
import { cloudFrontExpiry } from '../kit/url-expiry.js';
import { LOOM_ORIGIN } from './player.js';

export interface SignedVideo {
  video: Video;
  /** When the signature stops working (epoch ms), when the URL says. */
  expiresAt?: number;
}

/**
 * The MP4, or undefined when Loom hands none out (a recording still processing, a password, a
 * refusal): the card then keeps its player. The body is what Loom's own player sends; the anonymous
 * id is a fresh random one per request, naming no one.
 */
export async function transcodedVideo(upstream: Upstream, id: string, base: Pick<Video, 'width' | 'height' | 'duration'>, signal: AbortSignal): Promise<SignedVideo | undefined> {
  const response = await upstream.request({
    url: `${LOOM_ORIGIN}/api/campaigns/sessions/${id}/transcoded-url`,
    method: 'POST',
    headers: { accept: 'application/json', 'content-type': 'application/json' },
    body: JSON.stringify({ anonID: crypto.randomUUID(), deviceID: null, force_original: false, password: null }),
    signal,
  });
  if (response.status !== 200) return undefined;
  return readTranscoded(parseJson(response.text()), base);
}

export function readTranscoded(body: unknown, base: Pick<Video, 'width' | 'height' | 'duration'>): SignedVideo | undefined {
  const url = nonEmpty(asObject(body)?.['url']);
  if (!url?.startsWith('https://')) return undefined;
  // The transcoded rendition is an MP4 whatever the recording was made as (yt-dlp's notes).
  const video: Video = { url, mimeType: 'video/mp4', ...base };
  const expiresAt = cloudFrontExpiry(url);
  return expiresAt ? { video, expiresAt } : { video };
}

// The file a direct link names (i.imgur.com/{id}.{ext}), asked about with a HEAD on the file host
// when neither API describes its post: a file that is there is a card of itself (a picture, or the
// MP4 behind a .gifv), titled by oEmbed when oEmbed answers; one redirected to removed.png is gone.
import type { AdapterResult } from '../../../application/ports/platform-adapter.port.js';
import type { Card } from '../../../domain/card.js';
import { IMGUR_HOST } from '../../../domain/platforms/imgur.js';
import { reasonForStatus } from '../kit/status.js';
import type { Upstream } from '../kit/upstream.js';
import { isRemoved } from './removed.js';

/** A .gifv is an HTML page around the file's MP4 (SOURCES.md); the MP4 is what plays. */
const PLAYED_AS: Readonly<Record<string, string>> = { gifv: 'mp4' };

export async function fileCard(upstream: Upstream, id: string, ext: string, title: () => Promise<string | undefined>, signal: AbortSignal): Promise<AdapterResult> {
  const url = `https://${IMGUR_HOST.media}/${id}.${PLAYED_AS[ext] ?? ext}`;
  const response = await upstream.request({ url, method: 'HEAD', signal, redirect: 'manual' });
  const location = response.headers['location'];
  if (response.status >= 300 && response.status < 400) {
    return { ok: false, reason: location && isRemoved(new URL(location, url).href) ? 'not-found' : 'upstream-error' };
  }
  const refused = reasonForStatus(response.status);
  if (refused) return { ok: false, reason: refused };
  const card = cardOfFile(url, response.headers['content-type']);
  if (!card) return { ok: false, reason: 'upstream-error' };
  const named = await title();
  return { ok: true, card: named ? { ...card, title: named } : card };
}

/** The card of a file by the type it is served as; undefined for anything but a picture or a video. */
export function cardOfFile(url: string, contentType: string | undefined): Card | undefined {
  const type = contentType?.split(';')[0]?.trim().toLowerCase() ?? '';
  if (type.startsWith('image/')) return { kind: 'image', nsfw: false, image: { url } };
  if (type.startsWith('video/')) return { kind: 'video', nsfw: false, video: { url, mimeType: type } };
  return undefined;
}

// Bilibili's stream URLs (`/x/player/playurl`, SOURCES.md): asked for one progressive MP4 with its
// sound (`fnval=1`, `platform=html5`), read from `durl[]`. DASH answers (separate video and audio
// tracks), FLV files and videos cut into several segments give no single file a browser plays.
import type { Video } from '../../../domain/card.js';
import { isAllowedMediaUrl } from '../../../domain/media-token-policy.js';
import { bilibili } from '../../../domain/platforms/bilibili.js';
import { seconds } from '../kit/details.js';
import { asObject, objectsOf } from '../kit/json.js';
import type { Upstream } from '../kit/upstream.js';
import { getApi, httpsUrl } from './api.js';
import type { VideoId } from './view.js';

/** One progressive file: where it is, what it holds, for how long, and until when its URL works. */
export interface ProgressiveFile {
  url: string;
  container: 'mp4' | 'flv' | 'other';
  duration?: number;
  /** Epoch ms: the URL's signed `deadline`. */
  expiresAt?: number;
}

/** A file a browser plays, as the card's video. */
export type PlayableFile = { video: Video; expiresAt?: number };

export async function playableFile(upstream: Upstream, id: VideoId, cid: number, signal: AbortSignal): Promise<PlayableFile | undefined> {
  // qn 64 (720p) at most: logged out, the API serves up to 480p or 720p (SOURCES.md).
  const query = new URLSearchParams({ ...id, cid: String(cid), qn: '64', fnval: '1', fnver: '0', platform: 'html5', high_quality: '1' });
  const answer = await getApi(upstream, `/x/player/playurl?${query}`, signal);
  return answer.ok ? parsePlayurl(answer.data) : undefined;
}

/** The answer's MP4 as a video with its sound; undefined when it has none a browser plays. */
export function parsePlayurl(data: unknown): PlayableFile | undefined {
  const file = progressiveFile(data);
  if (!file || file.container !== 'mp4') return undefined;
  const video: Video = { url: file.url, mimeType: 'video/mp4', hasAudio: true };
  if (file.duration !== undefined) video.duration = file.duration;
  return file.expiresAt === undefined ? { video } : { video, expiresAt: file.expiresAt };
}

/**
 * The one `durl` entry of the answer (several are segments of one video, none a whole), at the
 * first of its URL and backups the media proxy may fetch (https, no port, a Bilibili CDN host).
 */
export function progressiveFile(data: unknown): ProgressiveFile | undefined {
  const answer = asObject(data);
  const entries = objectsOf(answer?.['durl']);
  if (entries.length !== 1) return undefined;
  const entry = entries[0];
  const candidates = [entry?.['url'], ...(Array.isArray(entry?.['backup_url']) ? entry['backup_url'] : [])];
  const url = candidates.map(httpsUrl).find((u) => u !== undefined && isAllowedMediaUrl(u, bilibili.mediaHosts));
  if (!url) return undefined;
  const file: ProgressiveFile = { url, container: containerOf(url, answer?.['format']) };
  // `length` of the entry, else the answer's `timelength`: milliseconds.
  const duration = seconds(entry?.['length'] ?? answer?.['timelength'], 'ms');
  if (duration !== undefined) file.duration = duration;
  const deadline = Number(new URL(url).searchParams.get('deadline'));
  if (Number.isSafeInteger(deadline) && deadline > 0) file.expiresAt = deadline * 1000;
  return file;
}

/** The container, by the file's extension, else the answer's `format` (`mp4`, `flv720`, …). */
function containerOf(url: string, format: unknown): ProgressiveFile['container'] {
  const extension = /\.([a-z0-9]{2,4})$/.exec(new URL(url).pathname)?.[1];
  const named = extension ?? (typeof format === 'string' ? format : '');
  return named.startsWith('mp4') ? 'mp4' : named.startsWith('flv') ? 'flv' : 'other';
}

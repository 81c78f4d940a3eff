// Pure reader of PeerTube's `GET /api/v1/videos/{id}`: name, description (Markdown as plain text),
// the channel as author, the preview as image, the largest MP4 (else the HLS master playlist) as the
// video with its duration, views and likes, nsfw, language. A live video is its player.
import { UpstreamError } from '../../../application/errors.js';
import type { AdapterResult } from '../../../application/ports/platform-adapter.port.js';
import { clampDescription, type Author, type Card, type MediaImage, type Video } from '../../../domain/card.js';
import { count, present, seconds, statsOf, utcTime } from '../kit/details.js';
import { asObject, objectsOf, type Json } from '../kit/json.js';
import { nonEmpty } from '../kit/text.js';
import { markdownToText } from '../fediverse/markdown-text.js';

/** Privacy ids: 1 public, 2 unlisted, 3 private, 4 internal (logged-in users of the server), 5 password-protected. */
const HIDDEN_PRIVACY = new Set([3, 4, 5]);

/** `instance`: the server the video was read from (relative paths are on it). */
export function parseVideo(body: unknown, instance: string): AdapterResult {
  const video = asObject(body);
  const title = nonEmpty(video?.['name']);
  const uuid = nonEmpty(video?.['uuid']);
  if (!video || !title || !uuid) throw bad('the video lacks name or uuid');
  const privacy = count(asObject(video['privacy'])?.['id']);
  if (privacy !== undefined && HIDDEN_PRIVACY.has(privacy)) return { ok: false, reason: 'private' };
  const origin = `https://${instance}`;
  const description = typeof video['description'] === 'string' ? markdownToText(video['description']) : '';
  const language = nonEmpty(asObject(video['language'])?.['id']);
  const file = video['isLive'] === true ? { url: `${origin}/videos/embed/${uuid}`, mimeType: 'text/html' } : fileOf(video);
  const duration = seconds(video['duration']);
  const playable: Video | undefined = file && { ...file, ...present({ duration: file.mimeType === 'text/html' ? undefined : duration }) };
  const card: Card = { kind: playable ? 'video' : 'link', title, nsfw: video['nsfw'] === true };
  return {
    ok: true,
    card: {
      ...card,
      ...present({
        video: playable,
        image: imageOf(video, origin),
        description: description ? clampDescription(description) : undefined,
        author: authorOf(video, origin),
        publishedAt: utcTime(video['originallyPublishedAt']) ?? utcTime(video['publishedAt']),
        lang: language && /^[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$/.test(language) ? language : undefined,
        stats: statsOf({ views: video['views'], likes: video['likes'] }),
      }),
    },
  };
}

/** The largest web-video MP4 (a progressive file with sound), else the first HLS master playlist. */
function fileOf(video: Json): Pick<Video, 'url' | 'mimeType'> | undefined {
  const files = objectsOf(video['files'])
    .map((f) => ({ url: httpsUrl(f?.['fileUrl']), height: count(asObject(f?.['resolution'])?.['id']) }))
    .filter((f): f is { url: string; height: number | undefined } => f.url !== undefined && f.height !== 0)
    .sort((a, b) => (b.height ?? 0) - (a.height ?? 0));
  const mp4 = files[0];
  // The resolution names the height alone: without its width a size is no aspect ratio, so none is given.
  if (mp4) return { url: mp4.url, mimeType: 'video/mp4' };
  const hls = objectsOf(video['streamingPlaylists']).map((p) => httpsUrl(p?.['playlistUrl'])).find((url) => url !== undefined);
  return hls ? { url: hls, mimeType: 'application/vnd.apple.mpegurl' } : undefined;
}

/** The preview (about 850×480), else the small thumbnail; relative paths are on the server read from. */
function imageOf(video: Json, origin: string): MediaImage | undefined {
  const path = nonEmpty(video['previewPath']) ?? nonEmpty(video['thumbnailPath']);
  if (!path) return undefined;
  const url = httpsUrl(path.startsWith('/') ? `${origin}${path}` : path);
  return url ? { url } : undefined;
}

/** The channel is the video's author (its account owns the channel); its largest avatar. */
function authorOf(video: Json, origin: string): Author | undefined {
  const owner = asObject(video['channel']) ?? asObject(video['account']);
  const name = nonEmpty(owner?.['name']);
  const url = httpsUrl(owner?.['url']);
  if (!owner || !name || !url) return undefined;
  const handle = `${name}@${nonEmpty(owner['host']) ?? new URL(url).host}`;
  const avatars = objectsOf(owner['avatars'] ?? (owner['avatar'] ? [owner['avatar']] : [])).sort((a, b) => (count(b?.['width']) ?? 0) - (count(a?.['width']) ?? 0));
  const avatarPath = nonEmpty(avatars[0]?.['fileUrl']) ?? nonEmpty(avatars[0]?.['path']);
  const avatar = avatarPath ? httpsUrl(avatarPath.startsWith('/') ? `${origin}${avatarPath}` : avatarPath) : undefined;
  return { name: nonEmpty(owner['displayName']) ?? handle, url, handle, ...present({ avatar }) };
}

function httpsUrl(value: unknown): string | undefined {
  return typeof value === 'string' && /^https?:\/\//i.test(value) && URL.canParse(value) ? value : undefined;
}

function bad(why: string): UpstreamError {
  return new UpstreamError('UPSTREAM_BAD_RESPONSE', `PeerTube video: ${why}`);
}

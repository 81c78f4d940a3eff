// A status's attachments as the card's media (videos, GIFs, photos, sound with its cover art), with
// their sizes, alt text and durations; their media types from the attachment or its file name.
import { mediaCard, type Audio, type Card, type MediaImage, type Video } from '../../../domain/card.js';
import { present, seconds } from '../kit/details.js';
import { asObject, type Json } from '../kit/json.js';
import { nonEmpty, positiveInt } from '../kit/text.js';

export type Media = { video?: Video; poster?: MediaImage; images: MediaImage[]; audio?: Audio };
export type MediaPart = Pick<Card, 'kind' | 'image' | 'images' | 'video' | 'audio'>;

/**
 * The card's media fields. Sound is `audio`, never a video (§4): its cover art, when there is one,
 * makes the card an image card.
 */
export function mediaFields(media: Media): MediaPart {
  const part: MediaPart = mediaCard(media);
  if (!media.audio) return part;
  if (!media.video && !media.images.length && media.poster) Object.assign(part, { kind: 'image', image: media.poster });
  return { ...part, audio: media.audio };
}

export function mediaOf(status: Json): Media | undefined {
  const attachments = Array.isArray(status['media_attachments']) ? status['media_attachments'] : [];
  const media: Media = { images: [] };
  for (const item of attachments) {
    const a = asObject(item);
    const url = nonEmpty(a?.['url']);
    if (!a || !url) continue;
    const meta = asObject(a['meta']);
    // Older servers put the sizes on `meta` itself rather than `meta.original`.
    const original = asObject(meta?.['original']) ?? meta;
    const type = a['type'];
    if (type === 'image') media.images.push({ ...sized(url, original), ...present({ alt: nonEmpty(a['description']) }) });
    else if ((type === 'video' || type === 'gifv') && !media.video) {
      media.video = playable(url, type, a, original);
      // An audio post's cover art gives way to the video's own poster.
      media.poster = posterOf(a, meta);
    } else if (type === 'audio' && !media.audio) {
      media.audio = { url, mimeType: mimeTypeOf(url, a, AUDIO_TYPES, 'audio/mpeg'), ...present({ duration: seconds(original?.['duration']) }) };
      media.poster ??= posterOf(a, meta);
    }
    // `unknown` is remote media the instance could not fetch: nothing to show.
  }
  return media.video || media.images.length || media.audio ? media : undefined;
}

/** gifv is a silent looping MP4 (Mastodon strips the sound), so it is a video without audio. */
function playable(url: string, type: 'video' | 'gifv', a: Json, original: Json | undefined): Video {
  // Mastodon's media hosts need no cookie, Referer or particular IP (SOURCES.md).
  const video: Video = { url, mimeType: mimeTypeOf(url, a, VIDEO_TYPES, 'video/mp4') };
  const width = positiveInt(original?.['width']);
  const height = positiveInt(original?.['height']);
  if (width && height) Object.assign(video, { width, height });
  return { ...video, ...present({ duration: seconds(original?.['duration']), hasAudio: type === 'gifv' ? false : undefined }) };
}

/** Proxied remote media (`/media_proxy/<id>/original`) has no extension; the origin URL may. */
function mimeTypeOf(url: string, a: Json, family: Readonly<Record<string, string>>, fallback: string): string {
  return typeFromUrl(url, family) ?? typeFromUrl(nonEmpty(a['remote_url']), family) ?? fallback;
}

/**
 * `preview_url` sized by `meta.small`: the preview's own size (Mastodon writes a custom thumbnail's
 * size there too). Dropped when it is not a picture.
 */
function posterOf(a: Json, meta: Json | undefined): MediaImage | undefined {
  const url = nonEmpty(a['preview_url']);
  // Old servers answered an audio file's own URL as its preview when it had no cover art.
  if (!url || typeFromUrl(url, AUDIO_TYPES) || typeFromUrl(url, VIDEO_TYPES)) return undefined;
  return sized(url, asObject(meta?.['small']));
}

export function sized(url: string, size: Json | undefined): MediaImage {
  const image: MediaImage = { url };
  const width = positiveInt(size?.['width']);
  const height = positiveInt(size?.['height']);
  if (width && height) Object.assign(image, { width, height });
  return image;
}

const VIDEO_TYPES: Readonly<Record<string, string>> = { mp4: 'video/mp4', m4v: 'video/mp4', webm: 'video/webm', mov: 'video/quicktime', ogv: 'video/ogg' };
const AUDIO_TYPES: Readonly<Record<string, string>> = {
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  ogg: 'audio/ogg',
  oga: 'audio/ogg',
  opus: 'audio/ogg',
  wav: 'audio/wav',
  flac: 'audio/flac',
  aac: 'audio/aac',
};

function typeFromUrl(url: string | undefined, family: Readonly<Record<string, string>>): string | undefined {
  if (!url) return undefined;
  let path: string;
  try {
    path = new URL(url).pathname;
  } catch {
    return undefined;
  }
  const ext = /\.([a-z0-9]{2,4})$/i.exec(path)?.[1]?.toLowerCase();
  return ext ? family[ext] : undefined;
}

// The media of an X post, alike in both answers (`mediaDetails[]` of syndication is
// `extended_entities.media[]` of GraphQL): photos, videos and GIFs, with sizes and alt text.
import type { MediaImage, Video } from '../../../domain/card.js';
import { seconds } from '../kit/details.js';
import { asObject, objectsOf, type Json } from '../kit/json.js';
import { nonEmpty, positiveInt } from '../kit/text.js';

const MP4 = 'video/mp4';
const HLS = 'application/vnd.apple.mpegurl';

type Media = { video?: Video; videos?: Video[]; poster?: MediaImage; images?: MediaImage[] };

/**
 * Photos at their original size; each video or GIF as its best MP4, the first one with its poster.
 * When a post mixes them, the card is a video card, as before.
 */
export function mediaOf(items: readonly unknown[]): Media | undefined {
  const media = items.map(asObject).filter((m): m is Json => m !== undefined);
  const moving = media.filter((m) => m.type === 'video' || m.type === 'animated_gif').flatMap((m) => {
    const video = videoOf(m);
    return video ? [{ item: m, video }] : [];
  });
  const first = moving[0];
  if (first) {
    const poster = nonEmpty(first.item.media_url_https);
    return {
      video: first.video,
      ...(moving.length > 1 ? { videos: moving.map((m) => m.video) } : {}),
      ...(poster ? { poster: { url: poster, ...sizeOf(first.item), ...altOf(first.item) } } : {}),
    };
  }
  const images = media.filter((m) => m.type === 'photo').flatMap((m) => photoOf(m) ?? []);
  return images.length ? { images } : undefined;
}

/** `name=orig` asks pbs.twimg.com for the uploaded size, which `original_info` describes. */
function photoOf(item: Json): MediaImage | undefined {
  const url = nonEmpty(item.media_url_https);
  if (!url) return undefined;
  const sized = new URL(url);
  sized.searchParams.set('name', 'orig');
  return { url: sized.href, ...sizeOf(item), ...altOf(item) };
}

/** The author's description of the picture (`ext_alt_text`). */
function altOf(item: Json): { alt?: string } {
  const alt = nonEmpty(item.ext_alt_text);
  return alt ? { alt } : {};
}

/**
 * The MP4 variant with the highest bitrate (a GIF has one, at bitrate 0); an HLS playlist only when
 * there is no MP4. video.twimg.com serves both to anyone, so no proxy is needed. X turns GIFs into
 * silent MP4s; whether a video has sound X does not say.
 */
function videoOf(item: Json): Video | undefined {
  const info = asObject(item.video_info);
  const variants = objectsOf(info?.variants);
  const duration = seconds(info?.duration_millis, 'ms');
  const details = { ...(duration ? { duration } : {}), ...(item.type === 'animated_gif' ? { hasAudio: false } : {}) };
  const mp4 = variants
    .filter((v) => v?.content_type === MP4 && nonEmpty(v.url))
    .sort((a, b) => bitrate(b) - bitrate(a))[0];
  if (mp4) return { url: nonEmpty(mp4.url)!, mimeType: MP4, ...variantSize(nonEmpty(mp4.url)!, item), ...details };
  const hls = variants.find((v) => typeof v?.content_type === 'string' && /mpegurl/i.test(v.content_type) && nonEmpty(v.url));
  return hls ? { url: nonEmpty(hls.url)!, mimeType: HLS, ...sizeOf(item), ...details } : undefined;
}

function bitrate(variant: Json | undefined): number {
  return typeof variant?.bitrate === 'number' ? variant.bitrate : 0;
}

/** A variant's path names its size (`/vid/avc1/1280x720/…`); the original size may be larger. */
function variantSize(url: string, item: Json): { width?: number; height?: number } {
  const match = /\/(\d{2,5})x(\d{2,5})\//.exec(new URL(url).pathname);
  return match ? { width: Number(match[1]), height: Number(match[2]) } : sizeOf(item);
}

function sizeOf(item: Json): { width?: number; height?: number } {
  const original = asObject(item.original_info);
  const large = asObject(asObject(item.sizes)?.large);
  const width = positiveInt(original?.width) ?? positiveInt(large?.w);
  const height = positiveInt(original?.height) ?? positiveInt(large?.h);
  return width && height ? { width, height } : {};
}

/** X puts a per-media warning on photos it blurs (adult content, violence) even when the post is not flagged. */
export function hasWarning(items: readonly unknown[]): boolean {
  return items.some((item) => asObject(asObject(item)?.sensitive_media_warning) !== undefined);
}

// A tombstone (syndication, GraphQL TweetTombstone) says why in English words only.

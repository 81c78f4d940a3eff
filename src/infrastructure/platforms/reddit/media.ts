// The media of one Reddit post (`t3` object): a v.redd.it video, a gallery, an image, or a link
// post's preview picture. Pure; comments.ts turns it into the card.
import type { MediaImage, Video } from '../../../domain/card.js';
import type { Rendition } from '../../../domain/renditions.js';
import { REDDIT_HOST } from '../../../domain/platforms/reddit.js';
import { asObject, type Json } from '../kit/json.js';
import { seconds } from '../kit/details.js';
import { nonEmpty, sizePair } from '../kit/text.js';

const HLS = 'application/vnd.apple.mpegurl';
const MP4 = 'video/mp4';

export interface PostMedia {
  video?: Video;
  poster?: MediaImage;
  images?: MediaImage[];
  /** A picture for a post whose card stays `link` (link post, video still transcoding). */
  linkImage?: MediaImage;
  /** When the video URL stops working (epoch ms). */
  expiresAt?: number;
}

export function postMedia(post: Json): PostMedia {
  const video = hostedVideo(post);
  if (video) return video;
  if (post.is_gallery === true) {
    const images = galleryImages(post);
    return images.length ? { images } : {};
  }
  if (isImagePost(post)) {
    const image = postImage(post);
    return image ? { images: [image] } : {};
  }
  // A link post, a text post with a preview, or a video Reddit has not finished transcoding
  // (`is_video` without `reddit_video`): its picture, but nothing to play.
  const picture = previewImage(post) ?? thumbnailImage(post);
  return picture ? { linkImage: picture } : {};
}

/**
 * The v.redd.it video: the post's own upload (`secure_media`/`media.reddit_video`), or the copy
 * Reddit makes of a linked GIF (imgur .gifv, gfycat) in `preview.reddit_video_preview`.
 */
function hostedVideo(post: Json): PostMedia | undefined {
  const preview = asObject(post.preview);
  const video =
    asObject(asObject(post.secure_media)?.reddit_video) ??
    asObject(asObject(post.media)?.reddit_video) ??
    asObject(preview?.reddit_video_preview);
  const chosen = video && playable(video);
  if (!video || !chosen) return undefined;
  const poster = previewImage(post);
  const expiresAt = signedUntil(chosen.url);
  return {
    // v.redd.it answers any client: no cookie, no Referer, not bound to the resolving address
    // (SOURCES.md names no lock; the playlist's signature only bounds its lifetime).
    video: { ...chosen, ...sizePair(video.width, video.height), ...soundAndLength(video) },
    ...(poster ? { poster } : {}),
    ...(expiresAt ? { expiresAt } : {}),
  };
}

/**
 * Which URL to play (docs/design.md §4: a progressive MP4 with audio, else HLS). Reddit keeps a
 * video's sound in a separate DASH stream: `fallback_url` is a progressive MP4 of the picture
 * alone, while `hls_url` multiplexes the audio in. So a video with sound plays as HLS, and one
 * without (`has_audio: false`, or a GIF turned into video, `is_gif`) loses nothing in the MP4,
 * which plays in any <video> element without an HLS player. Answers older than `has_audio`
 * (before ~2021) are taken to have sound. The MP4 is still better than nothing when no HLS is given.
 */
function playable(video: Json): { url: string; mimeType: string } | undefined {
  const mp4 = mediaUrl(video.fallback_url);
  const hls = mediaUrl(video.hls_url);
  const silent = video.has_audio === false || video.is_gif === true;
  if (mp4 && (silent || !hls)) return { url: mp4, mimeType: MP4 };
  return hls ? { url: hls, mimeType: HLS } : undefined;
}

/**
 * `duration` in seconds, and `has_audio` where the answer states it (answers before ~2021 do not;
 * a converted GIF's `is_gif` alone is not taken to say it).
 */
function soundAndLength(video: Json): Pick<Video, 'duration' | 'hasAudio'> {
  const duration = seconds(video.duration);
  return {
    ...(duration !== undefined ? { duration } : {}),
    ...(typeof video.has_audio === 'boolean' ? { hasAudio: video.has_audio } : {}),
  };
}

/**
 * v.redd.it playlist URLs carry `a=<expiry in epoch seconds>,<signature>` (in the captures, 30 days
 * after the answer); past it they are refused. The MP4 fallback has no such parameter.
 */
function signedUntil(href: string): number | undefined {
  const url = new URL(href);
  if (url.hostname !== REDDIT_HOST.video) return undefined;
  const seconds = Number(url.searchParams.get('a')?.split(',')[0]);
  return Number.isInteger(seconds) && seconds > 0 ? seconds * 1000 : undefined;
}

/**
 * Gallery photos in `gallery_data.items` order (`media_metadata` is keyed by id, in no useful
 * order). Items deleted from the gallery and media not processed yet (`status: "unprocessed"`,
 * without `s`) are left out; an animated item has `s.gif` instead of `s.u`. The author's caption
 * for a photo is its alt text: on the item, or (in some answers) on its media entry.
 */
function galleryImages(post: Json): MediaImage[] {
  const metadata = asObject(post.media_metadata) ?? {};
  const images: MediaImage[] = [];
  for (const item of list(asObject(post.gallery_data)?.items)) {
    if (!item || item.is_deleted === true || typeof item.media_id !== 'string') continue;
    const entry = asObject(metadata[item.media_id]);
    const source = asObject(entry?.s);
    const href = mediaUrl(source?.u) ?? mediaUrl(source?.gif);
    const alt = nonEmpty(item.caption) ?? nonEmpty(entry?.caption);
    const size = sizePair(source?.x, source?.y);
    const smaller = renditionsOf(size, list(entry?.p).map((p) => ({ url: p?.u, width: p?.x, height: p?.y })));
    if (href) images.push({ url: href, ...size, ...(alt ? { alt } : {}), ...smaller });
  }
  return images;
}

function isImagePost(post: Json): boolean {
  return post.post_hint === 'image' || hostOf(linkOf(post)) === REDDIT_HOST.image;
}

/**
 * An image post's picture. An i.redd.it upload is served as it was posted (a GIF keeps moving),
 * and `preview.images[0].source` has the same picture's size; an image linked from elsewhere is
 * shown through Reddit's own preview copy.
 */
function postImage(post: Json): MediaImage | undefined {
  const preview = previewImage(post);
  const original = mediaUrl(linkOf(post));
  if (original && hostOf(original) === REDDIT_HOST.image) {
    // The upload itself, with the size and the smaller files of Reddit's copy of it.
    return { ...preview, url: original };
  }
  return preview ?? thumbnailImage(post);
}

/**
 * `preview.images[0].source`: the full-size rendition Reddit made of the post's picture, with the
 * smaller ones it lists in `resolutions`.
 */
function previewImage(post: Json): MediaImage | undefined {
  const picture = list(asObject(post.preview)?.images)[0];
  const source = asObject(picture?.source);
  const href = mediaUrl(source?.url);
  if (!href) return undefined;
  const size = sizePair(source?.width, source?.height);
  return { url: href, ...size, ...renditionsOf(size, list(picture?.resolutions)) };
}

/**
 * The smaller files Reddit lists for a picture (`{url, width, height}`, or a gallery's `{u, x, y}`
 * read into that shape), largest first. A file whose aspect differs from the picture's is a crop
 * (Reddit crops its smallest previews square), not the same picture smaller: left out.
 */
function renditionsOf(size: { width?: number; height?: number }, listed: ({ url?: unknown; width?: unknown; height?: unknown } | undefined)[]): { renditions?: Rendition[] } {
  if (!size.width || !size.height) return {};
  const aspect = size.width / size.height;
  const renditions: Rendition[] = [];
  for (const file of listed) {
    const url = mediaUrl(file?.url);
    const { width, height } = sizePair(file?.width, file?.height);
    if (!url || !width || !height || width >= size.width) continue;
    if (Math.abs(width / height - aspect) / aspect > SAME_ASPECT_TOLERANCE) continue;
    renditions.push({ url, width, height });
  }
  renditions.sort((a, b) => b.width - a.width);
  return renditions.length ? { renditions } : {};
}

/** Rounding to whole pixels moves a small preview's aspect by a few percent at most. */
const SAME_ASPECT_TOLERANCE = 0.03;

/** `thumbnail` is a URL, or a word ("self", "default", "nsfw", "spoiler", "image") when there is none. */
function thumbnailImage(post: Json): MediaImage | undefined {
  const href = mediaUrl(post.thumbnail);
  return href ? { url: href, ...sizePair(post.thumbnail_width, post.thumbnail_height) } : undefined;
}

/** The URL the post links to (its media, an external page, or its own permalink). */
export function linkOf(post: Json): string | undefined {
  return nonEmpty(post.url_overridden_by_dest) ?? nonEmpty(post.url);
}

export function hostOf(href: string | undefined): string | undefined {
  if (!href) return undefined;
  try {
    return new URL(href).hostname.toLowerCase();
  } catch {
    return undefined;
  }
}

/**
 * An https media URL. Without `raw_json=1` (and from any edge that drops it) Reddit HTML-escapes
 * every `&` in string values, so `&amp;` is undone here; nothing else is touched, as a URL may
 * legitimately contain `&copy=`-like parameters an entity decoder would mangle.
 */
function mediaUrl(value: unknown): string | undefined {
  const href = nonEmpty(value)?.replaceAll('&amp;', '&');
  return href && /^https:\/\/[^/]/i.test(href) ? href : undefined;
}

function list(value: unknown): (Json | undefined)[] {
  return Array.isArray(value) ? value.map(asObject) : [];
}

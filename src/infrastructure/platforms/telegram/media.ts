// The media of a post widget: photos (`.tgme_widget_message_photo_wrap`), videos and round videos
// (their `<video src>`, poster, duration and size) in post order, album items included. The
// widget draws each as a box whose CSS holds the file (`background-image:url('…')`) and the
// aspect (`width:{w}px` with a `padding-top:{p}%` beneath it). Pure.
import type { MediaImage, Video } from '../../../domain/card.js';
import { attribute, findElement, findElements, hasClass, textOf, type Element } from '../kit/markup.js';
import { sizePair } from '../kit/text.js';

export interface WidgetMedia {
  images: MediaImage[];
  videos: Video[];
  /** The first video's poster. */
  poster?: MediaImage;
}

const PHOTO = 'tgme_widget_message_photo_wrap';
const PLAYERS = ['tgme_widget_message_video_player', 'tgme_widget_message_roundvideo_player'];
const THUMBS = ['tgme_widget_message_video_thumb', 'tgme_widget_message_roundvideo_thumb'];

/** The media under the message, skipping the boxes `skip` accepts (a reply's thumb, a link preview). */
export function widgetMedia(message: Element, skip: (element: Element) => boolean): WidgetMedia {
  const media: WidgetMedia = { images: [], videos: [] };
  const items = findElements(message, (e) => hasClass(e, PHOTO) || PLAYERS.some((name) => hasClass(e, name)), skip);
  for (const item of items) {
    if (hasClass(item, PHOTO)) {
      const photo = photoOf(item);
      if (photo) media.images.push(photo);
      continue;
    }
    const poster = posterOf(item);
    const video = videoOf(item);
    // "Media is too big": no file, only the poster, which shows as a photo of the post.
    if (!video) {
      if (poster) media.images.push(poster);
      continue;
    }
    media.videos.push(video);
    if (media.videos.length === 1 && poster) media.poster = poster;
  }
  return media;
}

/**
 * A photo box. Alone, its width and the padding beneath give the file's size (the widget shows the
 * file at its own width); in an album (`grouped_media_wrap`) they are the album's layout, not the
 * file's, so no size is given.
 */
function photoOf(box: Element): MediaImage | undefined {
  const url = backgroundImage(box);
  if (!url) return undefined;
  if (hasClass(box, 'grouped_media_wrap')) return { url };
  const inner = findElement(box, (e) => hasClass(e, 'tgme_widget_message_photo'));
  return { url, ...boxSize(box, inner) };
}

/** A player's `<video src>`, sized by its wrap, with the duration its label shows. */
function videoOf(player: Element): Video | undefined {
  const element = findElement(player, (e) => e.tagName === 'video');
  const url = httpsUrl(element && attribute(element, 'src'));
  if (!url) return undefined;
  const wrap = findElement(player, (e) => hasClass(e, 'tgme_widget_message_video_wrap') || hasClass(e, 'tgme_widget_message_roundvideo_wrap'));
  const video: Video = { url, mimeType: 'video/mp4', ...(wrap ? boxSize(wrap, wrap) : {}) };
  const label = findElement(player, (e) => hasClass(e, 'message_video_duration'));
  const duration = label && clockSeconds(textOf(label));
  if (duration) video.duration = duration;
  return video;
}

function posterOf(player: Element): MediaImage | undefined {
  const thumb = findElement(player, (e) => THUMBS.some((name) => hasClass(e, name)));
  const url = thumb && backgroundImage(thumb);
  if (!url) return undefined;
  const wrap = findElement(player, (e) => hasClass(e, 'tgme_widget_message_video_wrap'));
  return { url, ...(wrap ? boxSize(wrap, wrap) : {}) };
}

/** The URL in an element's `background-image:url('…')` style, as https. */
export function backgroundImage(element: Element): string | undefined {
  const match = /background-image\s*:\s*url\(\s*(['"]?)([^'")]+)\1\s*\)/i.exec(attribute(element, 'style') ?? '');
  return httpsUrl(match?.[2]);
}

/** An https URL (a protocol-relative or http one upgraded: the CDN serves both), else undefined. */
export function httpsUrl(value: string | undefined): string | undefined {
  const url = value?.trim().replace(/^(?:https?:)?\/\//i, 'https://');
  return url?.startsWith('https://') ? url : undefined;
}

/** Width from `outer`'s `width:{w}px`, height from `inner`'s `padding-top:{p}%` of it. */
function boxSize(outer: Element, inner: Element | undefined): { width?: number; height?: number } {
  const width = Number(/(?:^|;)\s*width\s*:\s*(\d{1,5})px/i.exec(attribute(outer, 'style') ?? '')?.[1]);
  const percent = Number(/padding-top\s*:\s*(\d{1,4}(?:\.\d+)?)%/i.exec((inner && attribute(inner, 'style')) ?? '')?.[1]);
  return sizePair(width, Math.round((width * percent) / 100));
}

/** Seconds of a `m:ss` or `h:mm:ss` label. */
function clockSeconds(label: string): number | undefined {
  if (!/^\d{1,3}(?::\d{2}){1,2}$/.test(label.trim())) return undefined;
  const seconds = label.trim().split(':').reduce((total, part) => total * 60 + Number(part), 0);
  return seconds > 0 ? seconds : undefined;
}

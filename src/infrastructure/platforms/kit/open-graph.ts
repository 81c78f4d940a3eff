// A page's Open Graph and Twitter-card media, with the sizes the page states (its `<head>` read by
// head.ts). Which of them a card may show (a profile picture? a non-https URL?) each platform decides.
import type { MediaImage, Video } from '../../../domain/card.js';
import type { MetaTags } from './head.js';
import { nonEmpty, sizePair } from './text.js';

/** Every `og:image`, in page order, each with its own `og:image:width`/`height` (the n-th pair for the n-th image). */
export function ogImages(meta: MetaTags): MediaImage[] {
  const widths = meta.all('og:image:width');
  const heights = meta.all('og:image:height');
  return meta.all('og:image').flatMap((value, i) => {
    const url = nonEmpty(value);
    return url ? [{ url, ...sizePair(Number(widths[i]), Number(heights[i])) }] : [];
  });
}

/** The Twitter card's image (`twitter:image`, once `twitter:image:src`) with its stated size. */
export function twitterImage(meta: MetaTags): MediaImage | undefined {
  const url = nonEmpty(meta.get('twitter:image')) ?? nonEmpty(meta.get('twitter:image:src'));
  return url ? { url, ...sizePair(Number(meta.get('twitter:image:width')), Number(meta.get('twitter:image:height'))) } : undefined;
}

/**
 * The page's `og:video` as a file to play: the first https one of `og:video:secure_url`,
 * `og:video:url` and `og:video`, typed by `og:video:type` (MP4 when unstated). A video whose type
 * is not `video/…` (a player page in text/html, a Flash object) is no file: undefined.
 */
export function ogVideo(meta: MetaTags): Video | undefined {
  const url = [meta.get('og:video:secure_url'), meta.get('og:video:url'), meta.get('og:video')].map(nonEmpty).find((value) => value?.startsWith('https://'));
  if (!url) return undefined;
  const type = nonEmpty(meta.get('og:video:type'))?.toLowerCase();
  if (type && !type.startsWith('video/')) return undefined;
  return { url, mimeType: type ?? 'video/mp4', ...sizePair(Number(meta.get('og:video:width')), Number(meta.get('og:video:height'))) };
}

// What clips and past broadcasts share: the channel as the card's author, a thumbnail with the
// size written in its URL, and the page that plays the post when no stream is signed for it.
import type { Author, MediaImage, Video } from '../../../domain/card.js';
import { twitch } from '../../../domain/platforms/twitch.js';
import { asObject } from '../kit/json.js';
import { originOf } from '../kit/origin.js';
import { nonEmpty } from '../kit/text.js';

export const TWITCH_ORIGIN = originOf(twitch);

/** The channel (`broadcaster` of a clip, `owner` of a video): display name, login, picture. */
export function channelOf(value: unknown): Author | undefined {
  const channel = asObject(value);
  const login = nonEmpty(channel?.['login']);
  if (!login) return undefined;
  const author: Author = { name: nonEmpty(channel?.['displayName']) ?? login, url: `${TWITCH_ORIGIN}/${encodeURIComponent(login)}`, handle: login };
  const avatar = httpsUrl(channel?.['profileImageURL']);
  if (avatar) author.avatar = avatar;
  return author;
}

/**
 * A thumbnail; its size is in its name (`…-480x272.jpg`), as asked. Twitch's placeholder for a
 * video still processing (`/404_processing_…`) is no picture of the post.
 */
export function thumbnailOf(value: unknown): MediaImage | undefined {
  const url = httpsUrl(value);
  if (!url || /\/404_processing_/.test(url)) return undefined;
  const size = /-(\d{1,5})x(\d{1,5})\.(?:jpe?g|png|webp)(?:$|\?)/.exec(url);
  const width = Number(size?.[1]);
  const height = Number(size?.[2]);
  return width > 0 && height > 0 ? { url, width, height } : { url };
}

/** The post's own page, which plays it: the card's video when no stream could be signed. */
export function playerPage(canonicalUrl: string, duration?: number): Video {
  return { url: canonicalUrl, mimeType: 'text/html', ...(duration ? { duration } : {}) };
}

export function httpsUrl(value: unknown): string | undefined {
  const url = nonEmpty(value);
  return url?.startsWith('https://') ? url : undefined;
}

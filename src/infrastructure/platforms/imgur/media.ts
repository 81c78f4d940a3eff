// What both of Imgur's JSON APIs describe alike, read once: a post's files as the card's media
// (videos first, as docs/design.md §4 orders them), the uploader's profile, and their text.
import { clampDescription, mediaCard, type Author, type Card, type MediaImage, type Video } from '../../../domain/card.js';
import { IMGUR_HOST, imgur } from '../../../domain/platforms/imgur.js';
import { originOf } from '../kit/origin.js';
import { nonEmpty } from '../kit/text.js';

/** One file of a post, as either API gives it. */
export type ImgurFile = { video: Video; id?: string } | { image: MediaImage };

/**
 * The media part of the card: the first video (with every video under `videos` when there are
 * several) and its poster, else the photos (a gallery from two on).
 */
export function filesCard(files: readonly ImgurFile[]): Pick<Card, 'kind' | 'image' | 'images' | 'video' | 'videos'> {
  const videos = files.flatMap((f) => ('video' in f ? [f] : []));
  const images = files.flatMap((f) => ('image' in f ? [f.image] : []));
  const first = videos[0];
  const poster = first?.id ? posterOf(first.id) : undefined;
  const card: Pick<Card, 'kind' | 'image' | 'images' | 'video' | 'videos'> = mediaCard({ ...(first ? { video: first.video } : {}), ...(poster ? { poster } : {}), images });
  if (videos.length > 1) card.videos = videos.map((v) => v.video);
  return card;
}

/**
 * A video's poster: Imgur serves every file's still under its id with the `h` (huge thumbnail)
 * size letter, which its pages name as their `thumbnailUrl` (yt-dlp's Imgur tests record it).
 */
function posterOf(id: string): MediaImage | undefined {
  return /^[A-Za-z0-9]{5,10}$/.test(id) ? { url: `https://${IMGUR_HOST.media}/${id}h.jpg` } : undefined;
}

/** The uploader's profile page, from the account's username. */
export function uploader(username: string | undefined, avatar?: string): Author | undefined {
  if (!username) return undefined;
  const author: Author = { name: username, url: `${originOf(imgur)}/user/${encodeURIComponent(username)}`, handle: username };
  if (avatar?.startsWith('https://')) author.avatar = avatar;
  return author;
}

/** A title or description as plain text: Windows line ends as newlines, within the card's limit. */
export function plainText(value: unknown): string | undefined {
  const text = nonEmpty(typeof value === 'string' ? value.replace(/\r\n?/g, '\n') : undefined);
  return text ? clampDescription(text) : undefined;
}

// TikTok's item object (`itemInfo.itemStruct` of the current page, `ItemModule[id]` of the 2022
// SIGI_STATE page) → the card of docs/design.md §4, and when its media URLs stop working. Pure.
import { UpstreamError } from '../../../application/errors.js';
import { clampDescription, mediaCard, type Author, type Card, type MediaImage, type Stats, type Video } from '../../../domain/card.js';
import { tiktok } from '../../../domain/platforms/tiktok.js';
import { present, seconds, statsOf, utcTime } from '../kit/details.js';
import { asObject, type Json } from '../kit/json.js';
import { originOf } from '../kit/origin.js';
import { nonEmpty, positiveInt, sizePair } from '../kit/text.js';
import { queryExpiry } from '../kit/url-expiry.js';

export const TIKTOK_ORIGIN = originOf(tiktok);

export interface ItemCard {
  card: Card;
  /** The earliest expiry (epoch ms) of the card's signed media URLs, if they carry one. */
  mediaExpiresAt?: number;
}

/**
 * `users` is the 2022 page's `UserModule.users`, where the display name lived when the item's
 * `author` was a bare handle; the current item carries an author object instead.
 */
export function cardFromItem(value: unknown, users?: Json): ItemCard {
  const item = asObject(value);
  const author = item ? authorOf(item, users) : undefined;
  if (!item || !author) throw bad('the item has no author handle');

  const photos = photosOf(item['imagePost']);
  const videoInfo = asObject(item['video']);
  // A photo post carries a `video` too (its soundtrack over a still); the photos are the post.
  const video = photos.length ? undefined : videoOf(videoInfo);
  const poster = coverOf(videoInfo);
  const card: Card = {
    ...mediaCard({ video, poster, images: photos }),
    title: author.nickname ? `${author.nickname} (@${author.handle})` : `@${author.handle}`,
    author: present<Author>({
      name: author.nickname ?? author.handle,
      url: `${TIKTOK_ORIGIN}/@${author.handle}`,
      handle: author.handle,
      avatar: author.avatar,
      verified: author.verified,
    }) as Author,
    nsfw: item['isContentClassified'] === true,
    ...present({ publishedAt: utcTime(item['createTime'], 'epochSeconds'), lang: langOf(item['textLanguage']), stats: statsFrom(item) }),
  };
  // A video post whose page withheld every address: still a card with its cover, kind `link`.
  if (!card.image && poster) card.image = poster;
  const text = nonEmpty(item['desc']);
  if (text) card.description = clampDescription(text);

  const expiries = [card.video?.url, card.image?.url, ...(card.images ?? []).map((image) => image.url)]
    .map((url) => (url ? urlExpiry(url) : undefined))
    .filter((at): at is number => at !== undefined);
  return expiries.length ? { card, mediaExpiresAt: Math.min(...expiries) } : { card };
}

interface ItemAuthor {
  handle: string;
  nickname?: string;
  avatar?: string;
  verified?: boolean;
}

/**
 * The author object of the current item, or (2022) the bare handle on the item with the user's
 * entry in `UserModule.users`. The avatar is `avatarThumb` (100×100): the only size every page
 * generation fills (the 2022 user entries leave `avatarMedium`/`avatarLarger` empty), and a card
 * draws the avatar small.
 */
function authorOf(item: Json, users: Json | undefined): ItemAuthor | undefined {
  const object = asObject(item['author']);
  const handle = nonEmpty(object?.['uniqueId']) ?? nonEmpty(item['author']);
  if (!handle) return undefined;
  const user = object ?? asObject(users?.[handle]);
  const nickname = nonEmpty(object?.['nickname']) ?? nonEmpty(item['nickname']) ?? nonEmpty(user?.['nickname']);
  const avatar = httpsUrl(user?.['avatarThumb']) ?? httpsUrl(item['avatarThumb']);
  const verified = typeof user?.['verified'] === 'boolean' ? user['verified'] : undefined;
  return present({ handle, nickname, avatar, verified }) as ItemAuthor;
}

/**
 * The counts: `statsV2` (digit strings, 2024–) where it has the key, else `stats` (numbers; the 2022
 * page has only these). A share is TikTok's repost of a post elsewhere; `statsV2.repostCount` (the
 * in-app repost) is not what the post page shows as its share count.
 */
function statsFrom(item: Json): Stats | undefined {
  const v2 = asObject(item['statsV2']);
  const v1 = asObject(item['stats']);
  const read = (key: string): unknown => v2?.[key] ?? v1?.[key];
  return statsOf({
    likes: read('diggCount'),
    reposts: read('shareCount'),
    replies: read('commentCount'),
    views: read('playCount'),
    bookmarks: read('collectCount'),
  });
}

/** `textLanguage` as TikTok detects it; `un` is its "undetermined", so no language. */
function langOf(value: unknown): string | undefined {
  const tag = nonEmpty(value);
  return tag && tag !== 'un' && /^[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$/.test(tag) ? tag : undefined;
}

/** A photo post's pictures, in post order (`imagePost.images[].imageURL.urlList`). */
function photosOf(value: unknown): MediaImage[] {
  const images = asObject(value)?.['images'];
  if (!Array.isArray(images)) return [];
  return images.flatMap((entry) => {
    const image = asObject(entry);
    const url = firstUrl(asObject(image?.['imageURL'])?.['urlList']);
    // imageWidth/imageHeight: named by other extractors, no capture shows them yet; read if present.
    return url ? [sized(url, image?.['imageWidth'], image?.['imageHeight'])] : [];
  });
}

/**
 * The address to play. Every webapp address is a muxed MP4 with its AAC track (each `bitrateInfo`
 * gear reports an `audio_bit_rate`), so "with audio" does not separate them; what does is where it
 * plays and what it shows:
 * 1. `playAddr`: the stream TikTok's own web player plays (H.264, `lr=unwatermarked` in 2024);
 * 2. else an H.264 gear of `bitrateInfo`, the highest bitrate first; H.265 gears (`h265_hvc1`) are
 *    left out because most browsers cannot decode HEVC;
 * 3. else `downloadAddr`, the watermarked file (`lr=tiktok_m`).
 * All are signed, short-lived and bound to the `tt_chain_token` cookie (`tk=tt_chain_token`), hence
 * the spec's `mediaNeedProxy`.
 */
function videoOf(info: Json | undefined): Video | undefined {
  if (!info) return undefined;
  const width = info['width'];
  const height = info['height'];
  const duration = seconds(info['duration'], 's');
  const play = httpsUrl(info['playAddr']);
  if (play) return mp4(play, width, height, duration);
  const gear = h264Gears(info['bitrateInfo'])[0];
  if (gear) return mp4(gear.url, gear.width ?? width, gear.height ?? height, duration);
  const download = httpsUrl(info['downloadAddr']);
  return download ? mp4(download, width, height, duration) : undefined;
}

function h264Gears(value: unknown): { url: string; bitrate: number; width?: unknown; height?: unknown }[] {
  if (!Array.isArray(value)) return [];
  return value
    .flatMap((entry) => {
      const gear = asObject(entry);
      const address = asObject(gear?.['PlayAddr']);
      const url = firstUrl(address?.['UrlList']);
      if (!gear || !url || gear['CodecType'] !== 'h264') return [];
      return [{ url, bitrate: positiveInt(gear['Bitrate']) ?? 0, width: address?.['Width'], height: address?.['Height'] }];
    })
    .sort((a, b) => b.bitrate - a.bitrate);
}

/**
 * The video's poster: `cover` (the still the page and oEmbed show; oEmbed gives the same URL as its
 * thumbnail, sized as the video), else `originCover`. Never the author's avatar.
 */
function coverOf(info: Json | undefined): MediaImage | undefined {
  const url = httpsUrl(info?.['cover']) ?? httpsUrl(info?.['originCover']);
  return url ? sized(url, info?.['width'], info?.['height']) : undefined;
}

/**
 * When a signed TikTok media URL stops working, in epoch ms: `expire=` (video), `x-expires=`
 * (images), or the 2022 CDN's hex timestamp after the path's 32-hex signature
 * (`/781816b0…965/6304668b/video/…`; the 2025 caption URLs still use it, equal to their `UrlExpire`).
 */
export function urlExpiry(url: string): number | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  const inQuery = queryExpiry(url, 'expire') ?? queryExpiry(url, 'x-expires');
  if (inQuery !== undefined) return inQuery;
  const hex = /^\/[0-9a-f]{32}\/([0-9a-f]{8})\//.exec(parsed.pathname)?.[1];
  return hex ? parseInt(hex, 16) * 1000 : undefined;
}

function mp4(url: string, width: unknown, height: unknown, duration: number | undefined): Video {
  return { url, mimeType: 'video/mp4', ...sizePair(width, height), ...present({ duration }) };
}

function sized(url: string, width: unknown, height: unknown): MediaImage {
  return { url, ...sizePair(width, height) };
}

function firstUrl(list: unknown): string | undefined {
  return Array.isArray(list) ? list.map(httpsUrl).find((url) => url !== undefined) : undefined;
}

function httpsUrl(value: unknown): string | undefined {
  const url = nonEmpty(value);
  return url?.startsWith('https://') ? url : undefined;
}

function bad(detail: string): UpstreamError {
  return new UpstreamError('UPSTREAM_BAD_RESPONSE', `tiktok: ${detail}`);
}

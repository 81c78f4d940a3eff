// Instagram's `shortcode_media` object → a card. The same object (GraphImage | GraphVideo |
// GraphSidecar, `XDT…` in today's names) is what the embed page's context JSON, the web GraphQL
// post query and the 2021 page's `_sharedData` carry, so one reader serves all three. Pure.
import { clampDescription, kindFor, type Author, type Card, type MediaImage, type Stats, type Video } from '../../../domain/card.js';
import type { AdapterResult } from '../../../application/ports/platform-adapter.port.js';
import { instagram } from '../../../domain/platforms/instagram.js';
import { present, seconds, statsOf, utcTime } from '../kit/details.js';
import { authorAlt } from '../kit/meta-alt.js';
import { asObject, type Json } from '../kit/json.js';
import { originOf } from '../kit/origin.js';
import { nonEmpty, positiveInt, sizePair } from '../kit/text.js';
import { earliestExpiry, metaExpiry } from '../kit/url-expiry.js';

export const INSTAGRAM_ORIGIN = originOf(instagram);

/** The card's text parts, from a handle and what else the source gives. */
export type PostText = Pick<Card, 'title' | 'description' | 'author'>;

/**
 * Title and author follow docs/design.md §4: Instagram posts have no title of their own, so the title
 * is `Display Name (@handle)` (just `@handle` when the source has no display name).
 */
export function postText(username: string, fullName: string | undefined, caption: string | undefined): PostText {
  const text: PostText = {
    title: fullName ? `${fullName} (@${username})` : `@${username}`,
    author: { name: fullName ?? username, url: profileUrl(username), handle: username },
  };
  if (caption) text.description = clampDescription(caption);
  return text;
}

export function profileUrl(username: string): string {
  return `${INSTAGRAM_ORIGIN}/${username}/`;
}

/**
 * Instagram's CDN answers media with `Cross-Origin-Resource-Policy: same-origin` and signs every URL
 * with an expiry (`oe=`, SOURCES.md: "must be proxied or re-fetched"): a page on another site
 * cannot play the raw URL, so every video goes through the media proxy.
 */
function instagramVideo(url: string, item: ItemVideo): Video {
  return { url, mimeType: 'video/mp4', ...sizePair(item.width, item.height), ...present({ duration: item.duration, hasAudio: item.hasAudio }) };
}

interface ItemVideo {
  /** Undefined when the source withholds the file ("Watch on Instagram"). */
  url?: string;
  width?: number;
  height?: number;
  duration?: number;
  hasAudio?: boolean;
}

interface Item {
  image?: MediaImage;
  /** Set for a video item. */
  video?: ItemVideo;
}

/**
 * The card a `shortcode_media` object describes. A video whose file the source withholds (the embed
 * does for posts with licensed music) is no card: the post's text is kept as `partial` and the
 * chain goes on to a source that has the file.
 */
export function cardFromShortcodeMedia(media: Json): AdapterResult {
  const owner = asObject(media['owner']) ?? {};
  const username = nonEmpty(owner['username']);
  if (!username) return { ok: false, reason: 'upstream-error' };
  const text = postText(username, nonEmpty(owner['full_name']), captionOf(media));
  const author: Author = { ...text.author!, ...present({ avatar: httpsUrl(owner['profile_pic_url']), verified: bool(owner['is_verified']) }) };

  const children = edges(asObject(media['edge_sidecar_to_children'])?.['edges']);
  const items = (children.length > 0 ? children : [media]).map(itemOf);
  const videos = items.filter((item) => item.video);
  const firstVideo = videos[0]?.video;
  if (firstVideo && !firstVideo.url) return { ok: false, reason: 'blocked', partial: { ...text, author } };

  const photos = items.filter((item) => !item.video && item.image).map((item) => item.image!);
  const nsfw = asObject(media['sensitivity_friction_info']) !== undefined;
  const card: Card = {
    kind: 'link',
    ...text,
    author,
    nsfw,
    ...present({ publishedAt: utcTime(media['taken_at_timestamp'] ?? media['taken_at'], 'epochSeconds'), stats: statsFrom(media) }),
  };
  if (firstVideo?.url) {
    card.kind = 'video';
    card.video = instagramVideo(firstVideo.url, firstVideo);
    // Every video of a carousel, when it holds more than one whose file the source gives.
    const all = videos.flatMap(({ video }) => (video?.url ? [instagramVideo(video.url, video)] : []));
    if (all.length > 1) card.videos = all;
    const poster = videos[0]!.image;
    if (poster) card.image = poster;
    // A carousel holding a video is a video card, its photos still listed.
    if (children.length > 0 && photos.length > 0) card.images = photos;
    return { ok: true, card };
  }
  card.kind = kindFor({ images: photos });
  if (photos[0]) card.image = photos[0];
  if (card.kind === 'gallery') card.images = photos;
  return { ok: true, card };
}

function itemOf(node: Json): Item {
  const dimensions = asObject(node['dimensions']) ?? {};
  const width = positiveInt(dimensions['width']);
  const height = positiveInt(dimensions['height']);
  const item: Item = {};
  const url = httpsUrl(node['display_url']);
  // A video's still is its poster: the alt text describes the photo it belongs to.
  const alt = node['is_video'] === true ? undefined : authorAlt(node['accessibility_caption']);
  if (url) item.image = { url, ...(width && height ? { width, height } : {}), ...present({ alt }) };
  if (node['is_video'] === true) {
    item.video = present({
      url: httpsUrl(node['video_url']),
      ...sizePair(width, height),
      duration: seconds(node['video_duration'], 's'),
      hasAudio: bool(node['has_audio']),
    });
  }
  return item;
}

/**
 * The counts the media reports: likes (`edge_media_preview_like`, older `edge_liked_by`, the API's
 * `like_count`), comments (`edge_media_to_comment`, else the preview / parent-comment connections
 * the 2021+ objects carry, or `comment_count`) and, for a video, its views or plays. An author who
 * hid likes and views (`like_and_view_counts_disabled`) shows neither: absent, not 0.
 */
function statsFrom(media: Json): Stats | undefined {
  const hidden = media['like_and_view_counts_disabled'] === true;
  const edgeCount = (key: string): unknown => asObject(media[key])?.['count'];
  return statsOf({
    likes: hidden ? undefined : (edgeCount('edge_media_preview_like') ?? edgeCount('edge_liked_by') ?? media['like_count']),
    replies: edgeCount('edge_media_to_comment') ?? edgeCount('edge_media_preview_comment') ?? edgeCount('edge_media_to_parent_comment') ?? media['comment_count'],
    views: hidden ? undefined : (media['video_view_count'] ?? media['video_play_count'] ?? media['play_count']),
  });
}

function bool(value: unknown): boolean | undefined {
  return typeof value === 'boolean' ? value : undefined;
}

function captionOf(media: Json): string | undefined {
  const first = edges(asObject(media['edge_media_to_caption'])?.['edges'])[0];
  return nonEmpty(first?.['text']);
}

/** The `node`s of a GraphQL connection's `edges`. */
function edges(value: unknown): Json[] {
  if (!Array.isArray(value)) return [];
  return value.map((edge) => asObject(asObject(edge)?.['node'])).filter((node): node is Json => node !== undefined);
}

function httpsUrl(value: unknown): string | undefined {
  return typeof value === 'string' && value.startsWith('https://') ? value : undefined;
}

/**
 * When the card's media URLs stop working: the CDN signs each with `oe=`; the earliest of them
 * bounds the cached result (epoch ms). Undefined when no URL carries one.
 */
export function mediaExpiry(card: Card): number | undefined {
  return earliestExpiry([card.image?.url, ...(card.images ?? []).map((image) => image.url), card.video?.url], metaExpiry);
}

// A Threads post node (the `post` of a thread item, the same shape in the page's embedded JSON and
// in the GraphQL answer, SOURCES.md §1) → card. Pure: tested on bodies alone.
import { clampDescription, mediaCard, type Author, type Card, type LinkPreview, type MediaImage, type QuotedPost, type UnavailableQuote, type Video } from '../../../domain/card.js';
import { threads } from '../../../domain/platforms/threads.js';
import { present, statsOf, utcTime } from '../kit/details.js';
import { asObject, type Json } from '../kit/json.js';
import { authorAlt } from '../kit/meta-alt.js';
import { originOf } from '../kit/origin.js';
import { nonEmpty, positiveInt } from '../kit/text.js';
import { earliestExpiry, metaExpiry } from '../kit/url-expiry.js';

export const THREADS_ORIGIN = originOf(threads);

export interface ThreadsCard {
  card: Card;
  /** Earliest `oe=` expiry of the card's media URLs, epoch ms. */
  mediaExpiresAt?: number;
}

interface Media {
  images?: MediaImage[];
  video?: Video;
  poster?: MediaImage;
}

/** The card of one post node; undefined when the node is not a readable post (no author). */
export function cardFromPost(value: unknown): ThreadsCard | undefined {
  const post = asObject(value);
  const user = asObject(post?.user);
  const username = nonEmpty(user?.username);
  if (!post || !username) return undefined;
  const name = nonEmpty(user?.full_name) ?? username;

  const info = asObject(post.text_post_app_info);
  const media = mediaOf(post) ?? quotedMedia(info);
  const link = linkOf(info);
  const replyTo = nonEmpty(asObject(info?.reply_to_author)?.username);
  const card: Card = {
    ...mediaCard(media ?? {}),
    title: `${name} (@${username})`,
    author: authorOf(user!, username, name),
    // Threads marks no post as adult in what it serves (no flag like X's possibly_sensitive).
    nsfw: false,
    ...present({
      publishedAt: utcTime(post.taken_at, 'epochSeconds'),
      stats: statsOf({
        likes: post.like_count,
        replies: info?.direct_reply_count,
        reposts: info?.repost_count,
        quotes: info?.quote_count,
      }),
      link,
      quote: quoteOf(info),
      // The answer names the author replied to, not their post: a handle only.
      replyTo: replyTo ? { handle: replyTo } : undefined,
    }),
  };
  // A link preview keeps kind `link` but shows the linked page's picture (never the avatar).
  if (!card.image && link?.image) card.image = link.image;
  const text = clampDescription(postText(post));
  if (text) card.description = text;
  return withExpiry(card);
}

/** Name, profile URL and handle, with the picture and `is_verified` when the node gives them. */
function authorOf(user: Json, username: string, name: string): Author {
  return {
    name,
    url: `${THREADS_ORIGIN}/@${username}`,
    handle: username,
    ...present({ avatar: httpsUrl(user.profile_pic_url), verified: typeof user.is_verified === 'boolean' ? user.is_verified : undefined }),
  };
}

/**
 * The link preview: `url` is the target (unwrapped when Threads routes it through its l.threads
 * redirector), `title` and `image_url` as the card shows them. `display_url` is only the target's
 * domain, so it is not read.
 */
function linkOf(info: Json | undefined): LinkPreview | undefined {
  const attachment = asObject(info?.link_preview_attachment);
  const url = targetOf(nonEmpty(attachment?.url));
  if (!url) return undefined;
  const image = httpsUrl(attachment?.image_url);
  return { url, ...present({ title: nonEmpty(attachment?.title), image: image ? { url: image } : undefined }) };
}

// Threads' outbound redirector (`l.threads.net/?u=<target>&e=…`, `l.threads.com`).
const REDIRECTOR = /^l\.threads\.(?:net|com)$/;

function targetOf(url: string | undefined): string | undefined {
  if (!url || !URL.canParse(url)) return undefined;
  const parsed = new URL(url);
  if (!REDIRECTOR.test(parsed.hostname)) return url;
  const target = parsed.searchParams.get('u');
  return target && URL.canParse(target) && !REDIRECTOR.test(new URL(target).hostname) ? target : undefined;
}

/**
 * The quoted post as a compact card (docs/design.md §4), one level deep: its own media, text, author and
 * time. A quoted post Threads withholds (`is_post_unavailable`) is `{unavailable: true}`, with its
 * URL when the node still names it.
 */
function quoteOf(info: Json | undefined): QuotedPost | UnavailableQuote | undefined {
  const quoted = asObject(asObject(info?.share_info)?.quoted_post);
  if (!quoted) return undefined;
  const user = asObject(quoted.user);
  const username = nonEmpty(user?.username);
  const code = nonEmpty(quoted.code);
  const canonicalUrl = username && code ? `${THREADS_ORIGIN}/@${username}/post/${code}` : code ? `${THREADS_ORIGIN}/t/${code}` : undefined;
  if (asObject(quoted.text_post_app_info)?.is_post_unavailable === true || !username || !canonicalUrl) {
    return canonicalUrl ? { canonicalUrl, unavailable: true } : { unavailable: true };
  }
  const name = nonEmpty(user?.full_name) ?? username;
  const media = mediaCard(mediaOf(quoted) ?? {});
  const text = clampDescription(postText(quoted));
  return {
    platform: 'threads',
    canonicalUrl,
    kind: media.kind,
    title: `${name} (@${username})`,
    author: authorOf(user!, username, name),
    ...present({ description: text || undefined, publishedAt: utcTime(quoted.taken_at, 'epochSeconds'), image: media.image, video: media.video }),
  };
}

/**
 * A quote without media of its own borrows the quoted post's photos or video, as Threads draws
 * them inside the quote; one level only. Its text is not borrowed: docs/design.md §4 makes the
 * description the post's own text, and the card names the quoting author, so the quoted words
 * would be attributed to the wrong person (a client can still follow the link for the quote).
 */
function quotedMedia(info: Json | undefined): Media | undefined {
  const quoted = asObject(asObject(info?.share_info)?.quoted_post);
  if (!quoted || asObject(quoted.text_post_app_info)?.is_post_unavailable === true) return undefined;
  return mediaOf(quoted);
}

/**
 * Photos or video of a post: a carousel is a gallery, or a video card when it holds a video (the
 * first one, with its own poster); otherwise the post's video, else its one photo. Text posts have
 * no candidates (their 612x612 original size is a placeholder).
 */
function mediaOf(post: Json): Media | undefined {
  const carousel = array(post.carousel_media).map(asObject).filter((item): item is Json => item !== undefined);
  if (carousel.length) {
    const withVideo = carousel.find((item) => videoOf(item));
    if (withVideo) return { video: videoOf(withVideo), poster: photoOf(withVideo) };
    const images = carousel.map(photoOf).filter((image): image is MediaImage => image !== undefined);
    return images.length ? { images } : undefined;
  }
  const video = videoOf(post);
  if (video) return { video, poster: photoOf(post) };
  const photo = photoOf(post);
  return photo ? { images: [photo] } : undefined;
}

/** The first (highest) rendition: Threads lists MP4s only (types 101–103, all with audio when any). */
function videoOf(media: Json): Video | undefined {
  const version = asObject(array(media.video_versions)[0]);
  const url = nonEmpty(version?.url);
  if (!url) return undefined;
  // A version is the uploaded video, so without sizes of its own it has the media's original size.
  return { url, mimeType: 'video/mp4', ...(sizeOf(version) ?? originalSize(media)), ...present({ hasAudio: typeof media.has_audio === 'boolean' ? media.has_audio : undefined }) };
}

/**
 * The widest uncropped image candidate. Instagram lists the original rendition first, then smaller
 * ones, then square crops for grids (`stp=c13.0.1030.1030a_…`), which can be wider than the
 * original and are not the photo.
 */
function photoOf(media: Json): MediaImage | undefined {
  const candidates = array(asObject(media.image_versions2)?.candidates)
    .map(asObject)
    .filter((c): c is Json => nonEmpty(c?.url) !== undefined);
  const uncropped = candidates.filter((c) => !CROPPED.test(String(c.url)));
  const pool = uncropped.length ? uncropped : candidates;
  if (!pool.length) return undefined;
  const widest = pool.reduce((best, c) => ((positiveInt(c.width) ?? 0) > (positiveInt(best.width) ?? 0) ? c : best));
  const url = nonEmpty(widest.url)!;
  // Candidates without sizes (carousel items in the 2023 answers): a rendition with no size bound
  // in `stp` (`_s1080x1080`, `_p640x640`) is the original, whose size the media gives.
  // A video's still is its poster, not a photo the author described.
  const alt = array(media.video_versions).length ? undefined : authorAlt(media.accessibility_caption);
  return { url, ...(sizeOf(widest) ?? (BOUNDED.test(url) ? {} : originalSize(media))), ...present({ alt }) };
}

// A crop rectangle (`c<x>.<y>.<width>.<height>a`) at the start of the `stp` rendition parameter.
const CROPPED = /[?&]stp=c\d+\.\d+\.\d+\.\d+a_/;
// A size bound inside `stp`: the rendition was scaled down from the original.
const BOUNDED = /[?&]stp=[^&]*_[sp]\d+x\d+/;

/** Width and height when both are given, else nothing. */
function sizeOf(value: Json | undefined): { width: number; height: number } | undefined {
  const width = positiveInt(value?.width);
  const height = positiveInt(value?.height);
  return width && height ? { width, height } : undefined;
}

function originalSize(media: Json): { width?: number; height?: number } {
  return sizeOf({ width: media.original_width, height: media.original_height }) ?? {};
}

/**
 * The caption is the whole text with links written out. Without one, the text fragments are
 * joined, a link fragment contributing its target rather than its shortened display text.
 */
function postText(post: Json): string {
  const caption = asObject(post.caption)?.text;
  if (typeof caption === 'string' && caption.trim()) return caption;
  const fragments = array(asObject(asObject(post.text_post_app_info)?.text_fragments)?.fragments);
  return fragments
    .map(asObject)
    .map((f) => nonEmpty(asObject(f?.link_fragment)?.url) ?? (typeof f?.plaintext === 'string' ? f.plaintext : ''))
    .join('');
}

const MAX_DEPTH = 64;

/**
 * The post with this code (or numeric id) among every `thread_items[].post` inside an answer or an
 * embedded page payload, wherever Threads nests them (GraphQL data, Relay preloader caches). A
 * thread lists the parents before the post and replies after it, so the match is by identity,
 * not by position.
 */
export function findPost(root: unknown, code: string, postId?: string): Json | undefined {
  const pending: [unknown, number][] = [[root, 0]];
  while (pending.length) {
    const [value, depth] = pending.pop()!;
    if (depth > MAX_DEPTH || typeof value !== 'object' || value === null) continue;
    if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) pending.push([value[i], depth + 1]);
      continue;
    }
    const object = value as Json;
    for (const item of array(object.thread_items)) {
      const post = asObject(asObject(item)?.post);
      if (post && (post.code === code || (postId !== undefined && String(post.pk ?? '') === postId))) return post;
    }
    for (const child of Object.values(object).reverse()) pending.push([child, depth + 1]);
  }
  return undefined;
}

/** Adds the earliest `oe=` expiry among the card's media URLs. */
export function withExpiry(card: Card): ThreadsCard {
  const expiresAt = earliestExpiry([card.image?.url, ...(card.images ?? []).map((i) => i.url), card.video?.url], metaExpiry);
  return expiresAt === undefined ? { card } : { card, mediaExpiresAt: expiresAt };
}

function httpsUrl(value: unknown): string | undefined {
  const url = nonEmpty(value);
  return url?.startsWith('https://') ? url : undefined;
}

function array(value: unknown): readonly unknown[] {
  return Array.isArray(value) ? value : [];
}

// The card of one X post, shared by both upstream shapes (syndication and GraphQL): each parser
// reads its JSON into a TweetView, and this file turns the view into the card of DESIGN.md §4.
// Pure; the media and entity objects are the same in both answers (`mediaDetails[]` in the
// syndication answer is `extended_entities.media[]` of GraphQL).
import { decodeHTML } from 'entities';
import { clampDescription, mediaCard, type Card, type MediaImage, type Video } from '../../../domain/card.js';
import { twitter } from '../../../domain/platforms/twitter.js';
import type { Reason } from '../../../domain/reasons.js';
import { asObject, type Json } from '../kit/json.js';
import { originOf } from '../kit/origin.js';
import { nonEmpty, positiveInt } from '../kit/text.js';

const X_ORIGIN = originOf(twitter);
const MP4 = 'video/mp4';
const HLS = 'application/vnd.apple.mpegurl';

/** What the card needs of one post, whichever endpoint answered. */
export interface TweetView {
  handle: string;
  name?: string;
  /** The text as the upstream gives it (t.co links, HTML-escaped `&amp;` in legacy text). */
  text: string;
  /** `display_text_range`: the shown part, without leading reply mentions or the trailing media link. */
  range?: readonly [number, number];
  /** Long posts: the whole text (plain, not escaped), which the legacy text only begins. */
  noteText?: string;
  /** t.co link → where it leads. */
  links: ReadonlyMap<string, string>;
  /** The t.co links that stand for attached media; the card shows the media instead. */
  mediaLinks: readonly string[];
  /** `extended_entities.media[]` / `mediaDetails[]`. */
  media: readonly unknown[];
  /** The link card's binding values by key (`{image_value: …}`, `{string_value: …}`). */
  cardValues?: ReadonlyMap<string, Json>;
  sensitive: boolean;
  quoted?: TweetView;
}

export function cardFromView(view: TweetView): Card {
  const own = mediaOf(view.media);
  const borrowed = own ? undefined : view.quoted && mediaOf(view.quoted.media);
  const card: Card = {
    ...mediaCard(own ?? borrowed ?? {}),
    title: view.name ? `${view.name} (@${view.handle})` : `@${view.handle}`,
    author: { name: view.name ?? view.handle, url: `${X_ORIGIN}/${view.handle}` },
    // A quoted post's media shown on the card brings its own flag along.
    nsfw: view.sensitive || (borrowed ? view.quoted!.sensitive || hasWarning(view.quoted!.media) : hasWarning(view.media)),
  };
  // A link card stays a link card; its picture illustrates the linked page, not the post.
  const linkImage = own || borrowed ? undefined : cardImage(view.cardValues);
  if (linkImage) card.image = linkImage;
  const description = describe(view);
  if (description) card.description = description;
  return card;
}

/** The post text: the shown range, t.co links written out, media links dropped. */
function describe(view: TweetView): string | undefined {
  const text = view.noteText ?? shownRange(decodeHTML(view.text), view.range);
  let out = text;
  for (const link of view.mediaLinks) out = out.split(link).join('');
  for (const [short, target] of view.links) out = out.split(short).join(target);
  return clampDescription(out.replace(/[ \t]+\n/g, '\n')) || undefined;
}

/**
 * The range counts code points of the unescaped text (as X's own twitter-text does), so the text is
 * decoded first and cut by code point, never by UTF-16 unit.
 */
function shownRange(text: string, range: readonly [number, number] | undefined): string {
  if (!range) return text;
  const chars = Array.from(text);
  const [start, end] = range;
  if (!(start >= 0 && end >= start && end <= chars.length)) return text;
  return chars.slice(start, end).join('');
}

/** `entities.urls[]` (also a note's `entity_set.urls[]`) as t.co → target. */
export function linksOf(...lists: unknown[]): Map<string, string> {
  const links = new Map<string, string>();
  for (const list of lists) {
    for (const entry of array(list)) {
      const short = nonEmpty(entry?.url);
      const target = nonEmpty(entry?.expanded_url);
      if (short && target) links.set(short, target);
    }
  }
  return links;
}

/** The t.co links of `entities.media[]` and of the media items themselves. */
export function mediaLinksOf(...lists: unknown[]): string[] {
  const links = new Set<string>();
  for (const list of lists) {
    for (const entry of array(list)) {
      const short = nonEmpty(entry?.url);
      if (short) links.add(short);
    }
  }
  return [...links];
}

type Media = { video?: Video; poster?: MediaImage; images?: MediaImage[] };

/** Photos at their original size; the first video or GIF as its best MP4, with its poster. */
function mediaOf(items: readonly unknown[]): Media | undefined {
  const media = items.map(asObject).filter((m): m is Json => m !== undefined);
  const moving = media.find((m) => m.type === 'video' || m.type === 'animated_gif');
  if (moving) {
    const video = videoOf(moving);
    if (video) {
      const poster = nonEmpty(moving.media_url_https);
      return { video, ...(poster ? { poster: { url: poster, ...sizeOf(moving) } } : {}) };
    }
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
  return { url: sized.href, ...sizeOf(item) };
}

/**
 * The MP4 variant with the highest bitrate (a GIF has one, at bitrate 0); an HLS playlist only when
 * there is no MP4. video.twimg.com serves both to anyone, so no proxy is needed.
 */
function videoOf(item: Json): Video | undefined {
  const variants = array(asObject(item.video_info)?.variants);
  const mp4 = variants
    .filter((v) => v?.content_type === MP4 && nonEmpty(v.url))
    .sort((a, b) => bitrate(b) - bitrate(a))[0];
  if (mp4) return { url: nonEmpty(mp4.url)!, mimeType: MP4, ...variantSize(nonEmpty(mp4.url)!, item) };
  const hls = variants.find((v) => typeof v?.content_type === 'string' && /mpegurl/i.test(v.content_type) && nonEmpty(v.url));
  return hls ? { url: nonEmpty(hls.url)!, mimeType: HLS, ...sizeOf(item) } : undefined;
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
function hasWarning(items: readonly unknown[]): boolean {
  return items.some((item) => asObject(asObject(item)?.sensitive_media_warning) !== undefined);
}

// The largest picture a link card offers first: summary_large_image, summary, then player cards.
const CARD_IMAGE_KEYS = [
  'photo_image_full_size_original',
  'thumbnail_image_original',
  'summary_photo_image_original',
  'player_image_original',
  'photo_image_full_size_large',
  'thumbnail_image_large',
  'player_image_large',
  'thumbnail_image',
  'player_image',
];

function cardImage(values: ReadonlyMap<string, Json> | undefined): MediaImage | undefined {
  for (const key of CARD_IMAGE_KEYS) {
    const image = asObject(values?.get(key)?.image_value);
    const url = nonEmpty(image?.url);
    if (!url) continue;
    const width = positiveInt(image?.width);
    const height = positiveInt(image?.height);
    return width && height ? { url, width, height } : { url };
  }
  return undefined;
}

// A tombstone (syndication, GraphQL TweetTombstone) says why in English words only.
const TOMBSTONE_RULES: [RegExp, Reason][] = [
  [/age-restricted|adult content|sensitive/i, 'age-restricted'],
  [/limits who can view|protected/i, 'private'],
  [/withheld in (?!response)/i, 'region-locked'],
];

/** Deleted, suspended, "violated the X Rules", "unavailable": all not-found. */
export function tombstoneReason(tombstone: unknown): Reason {
  const text = nonEmpty(asObject(asObject(asObject(tombstone)?.text))?.text) ?? '';
  for (const [pattern, reason] of TOMBSTONE_RULES) if (pattern.test(text)) return reason;
  return 'not-found';
}

export function array(value: unknown): (Json | undefined)[] {
  return Array.isArray(value) ? value.map(asObject) : [];
}

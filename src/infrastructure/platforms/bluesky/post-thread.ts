// Pure parsing of Bluesky AppView JSON (a postView, a getPostThread body) into a card or a reason.
// Tested on bodies alone; the fetching lives in index.ts.
import { clampDescription, mediaCard, type Card, type MediaImage, type Video } from '../../../domain/card.js';
import type { AdapterResult } from '../../../application/ports/platform-adapter.port.js';
import { UpstreamError } from '../../../application/errors.js';
import { bluesky } from '../../../domain/platforms/bluesky.js';
import { nonEmpty, sizePair } from '../kit/text.js';
import { asObject, type Json } from '../kit/json.js';
import { originOf } from '../kit/origin.js';


/** Labels Bluesky's moderation (and authors' self-labels) use for adult content. */
const ADULT_LABELS = new Set(['porn', 'sexual', 'nudity', 'graphic-media']);
/** An author's wish that logged-out viewers do not see their posts; bsky.app honours it, so do we. */
const NO_UNAUTHENTICATED = '!no-unauthenticated';
const HLS = 'application/vnd.apple.mpegurl';
const BSKY_ORIGIN = originOf(bluesky);

/** A whole getPostThread answer: the thread root is the requested post, or a tombstone for it. */
export function parsePostThread(body: unknown): AdapterResult {
  const thread = asObject(asObject(body)?.thread);
  if (!thread) throw bad('getPostThread answer has no thread');
  const type = thread.$type;
  if (type === 'app.bsky.feed.defs#notFoundPost' || thread.notFound === true) return { ok: false, reason: 'not-found' };
  if (type === 'app.bsky.feed.defs#blockedPost' || thread.blocked === true) return { ok: false, reason: 'blocked' };
  return parsePostView(thread.post);
}

/** One postView, as in getPostThread `thread.post`, getPosts `posts[i]` and feeds `feed[i].post`. */
export function parsePostView(value: unknown): AdapterResult {
  const post = asObject(value);
  const author = asObject(post?.author);
  const record = asObject(post?.record);
  const handle = nonEmpty(author?.handle);
  if (!post || !author || !record || !handle) throw bad('postView lacks author.handle or record');
  // No partial text either: the author asked for their posts to stay out of logged-out view.
  if (hidesFromLoggedOut(post)) return { ok: false, reason: 'blocked' };

  const displayName = nonEmpty(author.displayName);
  const media = ownMedia(post.embed) ?? quotedMedia(post.embed);
  const card: Card = {
    ...mediaCard(media ?? {}),
    title: displayName ? `${displayName} (@${handle})` : `@${handle}`,
    author: { name: displayName ?? handle, url: `${BSKY_ORIGIN}/profile/${handle}` },
    nsfw: isAdult(post) || (media?.from ? isAdult(media.from) : false),
  };
  // An external link card keeps kind `link` but shows the site's thumbnail (never the avatar).
  if (!card.image && media?.linkImage) card.image = media.linkImage;
  const description = clampDescription(expandLinks(record));
  if (description) card.description = description;
  return { ok: true, card };
}

interface Media {
  images?: MediaImage[];
  video?: Video;
  poster?: MediaImage;
  linkImage?: MediaImage;
  /** The quoted post the media was borrowed from, whose labels then count too. */
  from?: Json;
}

/** Media a post embeds itself: photos, a video, or an external card's thumbnail. */
function ownMedia(value: unknown): Media | undefined {
  const embed = asObject(value);
  switch (embed?.$type) {
    case 'app.bsky.embed.images#view':
      return photos(array(embed.images).map((image) => photo(image, image?.fullsize ?? image?.thumb)));
    case 'app.bsky.embed.gallery#view':
      return photos(array(embed.items).map((item) => photo(item, item?.fullsize ?? item?.thumbnail)));
    case 'app.bsky.embed.video#view':
      return video(embed);
    case 'app.bsky.embed.external#view': {
      const thumb = nonEmpty(asObject(embed.external)?.thumb);
      return thumb ? { linkImage: { url: thumb } } : undefined;
    }
    case 'app.bsky.embed.recordWithMedia#view':
      return ownMedia(embed.media);
    default:
      return undefined;
  }
}

/**
 * A quote without media of its own borrows the quoted post's media, as bsky.app shows it inside
 * the quote; one level only (bsky.app does not draw a quote's quote), and never from an author
 * hidden from logged-out viewers.
 */
function quotedMedia(value: unknown): Media | undefined {
  const embed = asObject(value);
  if (embed?.$type !== 'app.bsky.embed.record#view') return undefined;
  const quoted = asObject(embed.record);
  // #viewNotFound, #viewBlocked and #viewDetached carry no post; a viewRecord has `value`.
  if (!quoted || !asObject(quoted.value) || hidesFromLoggedOut(quoted)) return undefined;
  for (const inner of array(quoted.embeds)) {
    const media = ownMedia(inner);
    if (media) return { ...media, from: quoted };
  }
  return undefined;
}

function photos(images: (MediaImage | undefined)[]): Media | undefined {
  const found = images.filter((image): image is MediaImage => image !== undefined);
  return found.length ? { images: found } : undefined;
}

function photo(item: Json | undefined, url: unknown): MediaImage | undefined {
  const href = nonEmpty(url);
  return href ? { url: href, ...size(item?.aspectRatio) } : undefined;
}

/** The HLS playlist is what the AppView offers (no MP4 in the view); video.bsky.app needs no cookies. */
function video(embed: Json): Media | undefined {
  const playlist = nonEmpty(embed.playlist);
  if (!playlist) return undefined;
  const dims = size(embed.aspectRatio);
  const thumbnail = nonEmpty(embed.thumbnail);
  // aspectRatio is the uploaded video's size; the poster is a frame of it, so it shares the ratio.
  return {
    video: { url: playlist, mimeType: HLS, ...dims },
    ...(thumbnail ? { poster: { url: thumbnail, ...dims } } : {}),
  };
}

function size(value: unknown): { width?: number; height?: number } {
  const ratio = asObject(value);
  return sizePair(ratio?.width, ratio?.height);
}

/** Label values on a post or profile view, and the post's self-labels; negated labels removed. */
function labelValues(view: Json): string[] {
  const out: string[] = [];
  for (const holder of [view, asObject(view.author)]) {
    for (const label of array(holder?.labels)) {
      if (label?.neg !== true && typeof label?.val === 'string') out.push(label.val);
    }
  }
  const selfLabels = asObject(asObject(view.record ?? view.value)?.labels);
  for (const label of array(selfLabels?.values)) {
    if (typeof label?.val === 'string') out.push(label.val);
  }
  return out;
}

function isAdult(view: Json): boolean {
  return labelValues(view).some((val) => ADULT_LABELS.has(val));
}

function hidesFromLoggedOut(view: Json): boolean {
  return labelValues(view).includes(NO_UNAUTHENTICATED);
}

/**
 * The post text with shortened links written out in full. bsky.app shows long URLs cut short
 * ("example.com/some-pa...") and keeps the target in a link facet whose range is in UTF-8 bytes.
 * Only a facet whose text is a cut-short form of its own target is replaced, so a link laid over
 * ordinary words keeps the words and a full link keeps its look.
 */
function expandLinks(record: Json): string {
  const text = typeof record.text === 'string' ? record.text : '';
  const bytes = Buffer.from(text, 'utf8');
  const links = array(record.facets)
    .map((facet) => ({
      start: asObject(facet?.index)?.byteStart,
      end: asObject(facet?.index)?.byteEnd,
      uri: array(facet?.features).find((f) => f?.$type === 'app.bsky.richtext.facet#link')?.uri,
    }))
    .filter((l): l is { start: number; end: number; uri: string } =>
      Number.isInteger(l.start) && Number.isInteger(l.end) && typeof l.uri === 'string',
    )
    .sort((a, b) => a.start - b.start);
  let out = '';
  let at = 0;
  for (const link of links) {
    if (link.start < at || link.end <= link.start || link.end > bytes.length) continue;
    const shown = bytes.subarray(link.start, link.end).toString('utf8');
    if (!isShortened(shown, link.uri)) continue;
    out += bytes.subarray(at, link.start).toString('utf8') + link.uri;
    at = link.end;
  }
  return out + bytes.subarray(at).toString('utf8');
}

/** bsky.app writes a long link as its host and path without the scheme, cut with "...". */
function isShortened(shown: string, uri: string): boolean {
  const cut = /^(.+?)(\.\.\.|…)$/s.exec(shown);
  if (!cut) return false;
  const stem = cut[1]!.replace(/^www\./i, '');
  return uri.replace(/^https?:\/\/(www\.)?/i, '').startsWith(stem);
}

function array(value: unknown): (Json | undefined)[] {
  return Array.isArray(value) ? value.map(asObject) : [];
}

function bad(message: string): UpstreamError {
  return new UpstreamError('UPSTREAM_BAD_RESPONSE', `bluesky: ${message}`);
}

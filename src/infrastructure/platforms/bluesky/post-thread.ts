// Pure parsing of Bluesky AppView JSON (a postView, a getPostThread body) into a card or a reason.
// Tested on bodies alone; the fetching lives in index.ts.
import { clampDescription, kindFor, mediaCard, type Author, type Card, type LinkPreview, type MediaImage, type QuotedPost, type ReplyTo, type UnavailableQuote, type Video } from '../../../domain/card.js';
import type { AdapterResult } from '../../../application/ports/platform-adapter.port.js';
import { UpstreamError } from '../../../application/errors.js';
import { bluesky } from '../../../domain/platforms/bluesky.js';
import { nonEmpty, sizePair } from '../kit/text.js';
import { asObject, objectsOf, type Json } from '../kit/json.js';
import { originOf } from '../kit/origin.js';
import { present, statsOf, utcTime } from '../kit/details.js';
import { hidesFromLoggedOut, isAdult, selfLabelWords } from './labels.js';


const HLS = 'application/vnd.apple.mpegurl';
const BSKY_ORIGIN = originOf(bluesky);

/** A whole getPostThread answer: the thread root is the requested post, or a tombstone for it. */
export function parsePostThread(body: unknown): AdapterResult {
  const thread = asObject(asObject(body)?.thread);
  if (!thread) throw bad('getPostThread answer has no thread');
  const type = thread.$type;
  if (type === 'app.bsky.feed.defs#notFoundPost' || thread.notFound === true) return { ok: false, reason: 'not-found' };
  if (type === 'app.bsky.feed.defs#blockedPost' || thread.blocked === true) return { ok: false, reason: 'blocked' };
  return parsePostView(thread.post, asObject(thread.parent));
}

/**
 * One postView, as in getPostThread `thread.post`, getPosts `posts[i]` and feeds `feed[i].post`.
 * `parent` is the thread's parent node when the answer has one: it names the replied-to author's handle.
 */
export function parsePostView(value: unknown, parent?: Json): AdapterResult {
  const post = asObject(value);
  const author = asObject(post?.author);
  const record = asObject(post?.record);
  const handle = nonEmpty(author?.handle);
  if (!post || !author || !record || !handle) throw bad('postView lacks author.handle or record');
  // No partial text either: the author asked for their posts to stay out of logged-out view.
  if (hidesFromLoggedOut(post)) return { ok: false, reason: 'blocked' };

  const own = ownMedia(post.embed);
  const quoted = quotedView(post.embed);
  // The quoted post's media stand in for the post's own only when it has none (docs/design.md §4).
  const media = own ?? (quoted && quoteMedia(quoted));
  const displayName = nonEmpty(author.displayName);
  const card: Card = {
    ...mediaCard(media ?? {}),
    title: displayName ? `${displayName} (@${handle})` : `@${handle}`,
    author: authorOf(author, handle),
    nsfw: isAdult(post) || (!own && quoted && media ? isAdult(quoted) : false),
  };
  // An external link card keeps kind `link` but shows the site's thumbnail (never the avatar).
  if (!card.image && media?.linkImage) card.image = media.linkImage;
  const description = clampDescription(expandLinks(record));
  if (description) card.description = description;
  return {
    ok: true,
    card: {
      ...card,
      ...present({
        contentWarning: selfLabelWords(record),
        publishedAt: utcTime(record.createdAt) ?? utcTime(post.indexedAt),
        lang: firstLang(record.langs),
        link: linkOf(post.embed),
        quote: quoted ? quoteOf(quoted) : unavailableQuote(post.embed),
        replyTo: replyToOf(record, parent),
        stats: statsOf({
          likes: post.likeCount,
          reposts: post.repostCount,
          replies: post.replyCount,
          quotes: post.quoteCount,
          bookmarks: post.bookmarkCount,
        }),
      }),
    },
  };
}

/** The author as a card names them; `verified` only when the view carries a verification verdict of valid. */
function authorOf(author: Json, handle: string): Author {
  const avatar = nonEmpty(author.avatar);
  // `verifiedStatus` is `valid`, `invalid` or `none`: only `valid` states a verification.
  const verified = asObject(author.verification)?.verifiedStatus === 'valid' ? true : undefined;
  return { name: nonEmpty(author.displayName) ?? handle, url: `${BSKY_ORIGIN}/profile/${handle}`, handle, ...present({ avatar, verified }) };
}

interface Media {
  images?: MediaImage[];
  video?: Video;
  poster?: MediaImage;
  linkImage?: MediaImage;
}

/** Media a post embeds itself: photos, a video, or an external card's thumbnail. */
function ownMedia(value: unknown): Media | undefined {
  const embed = asObject(value);
  switch (embed?.$type) {
    case 'app.bsky.embed.images#view':
      return photos(objectsOf(embed.images).map((image) => photo(image, image?.fullsize ?? image?.thumb)));
    case 'app.bsky.embed.gallery#view':
      return photos(objectsOf(embed.items).map((item) => photo(item, item?.fullsize ?? item?.thumbnail)));
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
 * The quoted post's view (`#viewRecord`, or a tombstone), from a record embed or the record half
 * of a recordWithMedia embed.
 */
function quotedView(value: unknown): Json | undefined {
  const embed = asObject(value);
  if (embed?.$type === 'app.bsky.embed.record#view') return readableQuote(asObject(embed.record));
  if (embed?.$type === 'app.bsky.embed.recordWithMedia#view') return readableQuote(asObject(asObject(embed.record)?.record));
  return undefined;
}

/** A viewRecord (it has `value`) whose author does not hide from logged-out viewers. */
function readableQuote(view: Json | undefined): Json | undefined {
  return view && asObject(view.value) && !hidesFromLoggedOut(view) ? view : undefined;
}

/**
 * A quoted post bsky.app shows only as a tombstone: #viewNotFound, #viewBlocked, #viewDetached, or
 * an author hidden from logged-out viewers. Its URI still names it.
 */
function unavailableQuote(value: unknown): UnavailableQuote | undefined {
  const embed = asObject(value);
  const record = embed?.$type === 'app.bsky.embed.record#view' ? asObject(embed.record)
    : embed?.$type === 'app.bsky.embed.recordWithMedia#view' ? asObject(asObject(embed.record)?.record)
    : undefined;
  // Other records (feeds, lists, starter packs) are not posts.
  if (!record || !isPostUri(record.uri)) return undefined;
  const canonicalUrl = postUrl(record.uri);
  return { ...present({ canonicalUrl }), unavailable: true };
}

/** Media of the quoted post, one level only: bsky.app does not draw a quote's quote. */
function quoteMedia(quoted: Json): Media | undefined {
  for (const inner of objectsOf(quoted.embeds)) {
    const media = ownMedia(inner);
    if (media) return media;
  }
  return undefined;
}

/** The quoted post as a compact card. */
function quoteOf(quoted: Json): QuotedPost | UnavailableQuote {
  const author = asObject(quoted.author);
  const value = asObject(quoted.value)!;
  const handle = nonEmpty(author?.handle);
  const canonicalUrl = postUrl(quoted.uri, handle);
  if (!author || !handle || !canonicalUrl) return { ...present({ canonicalUrl }), unavailable: true };
  const media = quoteMedia(quoted);
  const part = mediaCard(media ?? {});
  const displayName = nonEmpty(author.displayName);
  const description = clampDescription(expandLinks(value));
  return {
    platform: 'bluesky',
    canonicalUrl,
    kind: kindFor(media ?? {}),
    title: displayName ? `${displayName} (@${handle})` : `@${handle}`,
    ...present({
      description: description || undefined,
      author: authorOf(author, handle),
      publishedAt: utcTime(value.createdAt) ?? utcTime(quoted.indexedAt),
      image: part.image ?? media?.linkImage,
      video: part.video,
    }),
  };
}

function photos(images: (MediaImage | undefined)[]): Media | undefined {
  const found = images.filter((image): image is MediaImage => image !== undefined);
  return found.length ? { images: found } : undefined;
}

function photo(item: Json | undefined, url: unknown): MediaImage | undefined {
  const href = nonEmpty(url);
  // bsky.app sends `alt: ""` for a photo without alt text.
  return href ? { url: href, ...size(item?.aspectRatio), ...present({ alt: nonEmpty(item?.alt) }) } : undefined;
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

/**
 * The post text with shortened links written out in full. bsky.app shows long URLs cut short
 * ("example.com/some-pa...") and keeps the target in a link facet whose range is in UTF-8 bytes.
 * Only a facet whose text is a cut-short form of its own target is replaced, so a link laid over
 * ordinary words keeps the words and a full link keeps its look.
 */
function expandLinks(record: Json): string {
  const text = typeof record.text === 'string' ? record.text : '';
  const bytes = Buffer.from(text, 'utf8');
  const links = objectsOf(record.facets)
    .map((facet) => ({
      start: asObject(facet?.index)?.byteStart,
      end: asObject(facet?.index)?.byteEnd,
      uri: objectsOf(facet?.features).find((f) => f?.$type === 'app.bsky.richtext.facet#link')?.uri,
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

/** The post's own link preview (an external embed, alone or beside a quote). */
function linkOf(value: unknown): LinkPreview | undefined {
  const embed = asObject(value);
  if (embed?.$type === 'app.bsky.embed.recordWithMedia#view') return linkOf(embed.media);
  if (embed?.$type !== 'app.bsky.embed.external#view') return undefined;
  const external = asObject(embed.external);
  const url = nonEmpty(external?.uri);
  if (!external || !url) return undefined;
  const thumb = nonEmpty(external.thumb);
  return { url, ...present({ title: nonEmpty(external.title), description: nonEmpty(external.description), image: thumb ? { url: thumb } : undefined }) };
}

function firstLang(value: unknown): string | undefined {
  return Array.isArray(value) ? nonEmpty(value[0]) : undefined;
}

/**
 * The post this one answers, from the record's reply reference. Its author's handle is known only
 * when the thread answer carries the parent post; otherwise the URL names the DID.
 */
function replyToOf(record: Json, parent: Json | undefined): ReplyTo | undefined {
  const uri = asObject(asObject(record.reply)?.parent)?.uri;
  if (!isPostUri(uri)) return undefined;
  const parentPost = asObject(parent?.post);
  const handle = parentPost?.uri === uri ? nonEmpty(asObject(parentPost.author)?.handle) : undefined;
  return present({ canonicalUrl: postUrl(uri, handle), handle }) as ReplyTo;
}

const POST_URI = /^at:\/\/([^/]+)\/app\.bsky\.feed\.post\/([A-Za-z0-9._~:-]{1,512})$/;

function isPostUri(uri: unknown): uri is string {
  return typeof uri === 'string' && POST_URI.test(uri);
}

/** The bsky.app URL of a post's at:// URI, by handle when known (as the platform's URLs read), else by DID. */
function postUrl(uri: unknown, handle?: string): string | undefined {
  const match = typeof uri === 'string' ? POST_URI.exec(uri) : null;
  if (!match) return undefined;
  const who = handle?.toLowerCase() ?? match[1]!;
  return `${BSKY_ORIGIN}/profile/${who}/post/${match[2]}`;
}


function bad(message: string): UpstreamError {
  return new UpstreamError('UPSTREAM_BAD_RESPONSE', `bluesky: ${message}`);
}

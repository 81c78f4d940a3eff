// A Facebook post page (as a link crawler or a session gets it) → the card, or the refusal the page
// stands for. Reads the Open Graph tags, the JSON-LD `SocialMediaPosting` (full text, author,
// full-size photo) and the video (video.ts); the shapes are in SOURCES.md. Pure.
import type { AdapterResult } from '../../../application/ports/platform-adapter.port.js';
import { clampDescription, mediaCard, type Author, type Card, type Community, type MediaImage, type Stats } from '../../../domain/card.js';
import { facebook } from '../../../domain/platforms/facebook.js';
import type { Ids } from '../../../domain/platforms/route.js';
import { isPostImage, mediaExpiry } from './media.js';
import { findVideo } from './video.js';
import { present, statsOf, utcTime } from '../kit/details.js';
import { pageTitle, readMetaTags } from '../kit/head.js';
import { jsonLdBlocks, jsonLdOfType } from '../kit/json-ld.js';
import { originOf } from '../kit/origin.js';
import { asObject, type Json } from '../kit/json.js';
import { ogImages } from '../kit/open-graph.js';
import { nonEmpty, sizePair } from '../kit/text.js';
import { isLoginPage, pageWithoutPost } from '../kit/walls.js';

export const FACEBOOK_ORIGIN = originOf(facebook);

const POSTING_TYPES = ['SocialMediaPosting', 'DiscussionForumPosting', 'VideoObject'];
// Facebook's page for a deleted post, or one shared with a circle the viewer is not in.
const UNAVAILABLE = /(?:content|page) isn(?:'|’|&#0?39;|&#x27;|\\u2019)t available/i;

export function parsePostPage(html: string, ids: Ids): AdapterResult {
  const meta = readMetaTags(html);
  // The login wall: its canonical link (`/login/web/`), an og:url on /login or /checkpoint, or the
  // login page's title. SOURCES.md: the wall has no og:title either, which `noPost` covers.
  if (isLoginPage(html, FACEBOOK_ORIGIN, meta)) return { ok: false, reason: 'blocked' };
  const posting = jsonLdOfType(jsonLdBlocks(html), POSTING_TYPES);
  // Only reels and videos name the video id; a post's (pfbid) video is the page's first.
  const found = findVideo(html, meta, isVideoPage(ids) ? ids['id'] : undefined);
  const ogTitle = withoutSiteName(meta.get('og:title'));
  if (!ogTitle && !posting && !found) return noPost(html);

  const author = authorOf(posting);
  const images = postingImages(posting);
  const media = mediaCard({ video: found?.video, poster: found?.poster, images: images.length ? images : distinct(ogImages(meta)) });
  const card: Card = {
    ...media,
    nsfw: false,
    ...present({
      // The posting's own date; else the time the page's video object states, when it is this post's.
      publishedAt: postingTime(posting) ?? found?.publishedAt,
      stats: postingStats(posting),
      community: communityOf(ids, ogTitle, meta.get('og:url')),
    }),
  };
  const title = ownTitle(posting, ogTitle, ids) ?? author?.name ?? ogTitle;
  if (title) card.title = title;
  // articleBody is the whole text; og:description is cut short ("…before...").
  const text = nonEmpty(posting?.['articleBody']) ?? nonEmpty(posting?.['description']) ?? nonEmpty(meta.get('og:description') ?? meta.get('description'));
  if (text) card.description = clampDescription(text);
  if (author) card.author = author;
  const expiresAt = mediaExpiry(card);
  return expiresAt === undefined ? { ok: true, card } : { ok: true, card, mediaExpiresAt: expiresAt };
}

/**
 * A page with no og:title, no JSON-LD post and no video names no post: the "content isn't
 * available" page (deleted, or shared with a circle we are not in: not-found), or a logged-out
 * degraded page (the 2022 album page: a title and a login form) that withholds it from us. A body
 * that is no page at all is unreadable: `upstream-error`.
 */
function noPost(html: string): AdapterResult {
  if (UNAVAILABLE.test(html)) return { ok: false, reason: 'not-found' };
  const reason = pageWithoutPost(html);
  const title = withoutSiteName(pageTitle(html));
  return title ? { ok: false, reason, partial: { title } } : { ok: false, reason };
}

/**
 * Videos and reels have titles of their own (a VideoObject's name, the og:title of their page);
 * posts do not, so theirs is the author's name (docs/design.md §4), which is also what a post page's
 * og:title holds (SOURCES.md), or a group's name on a group post.
 */
function ownTitle(posting: Json | undefined, ogTitle: string | undefined, ids: Ids): string | undefined {
  if (posting?.['@type'] === 'VideoObject') return nonEmpty(posting['name']) ?? ogTitle;
  return isVideoPage(ids) ? ogTitle : undefined;
}

function isVideoPage(ids: Ids): boolean {
  return ids['type'] === 'video' || ids['type'] === 'reel';
}

/** `Little Mix - … | Facebook` → without the site name; the bare `Facebook` is no title. */
function withoutSiteName(title: string | undefined): string | undefined {
  const trimmed = nonEmpty(title?.replace(/\s*\|\s*Facebook\s*$/, ''));
  return trimmed && trimmed !== 'Facebook' ? trimmed : undefined;
}

/**
 * The post's author with a profile URL: theirs, else the page the post is part of; their picture
 * when the posting gives one (`image`, a URL or an ImageObject; the captured pages have `null`).
 */
function authorOf(posting: Json | undefined): Author | undefined {
  const raw = posting?.['author'];
  const author = asObject(Array.isArray(raw) ? raw[0] : raw);
  const name = nonEmpty(author?.['name']);
  const url = nonEmpty(author?.['url']) ?? nonEmpty(posting?.['isPartOf']);
  if (!name || !url) return undefined;
  const image = author?.['image'];
  const avatar = typeof image === 'string' ? image : (nonEmpty(asObject(image)?.['contentUrl']) ?? nonEmpty(asObject(image)?.['url']));
  return avatar?.startsWith('https://') ? { name, url, avatar } : { name, url };
}

/**
 * `dateCreated` of the post's JSON-LD (`2022-05-26T12:26:44-0700`). `dateModified` is left out: it
 * moves without the text changing (a 2020 post shows a 2022 one), so it is no edit time.
 */
function postingTime(posting: Json | undefined): string | undefined {
  return utcTime(posting?.['dateCreated']);
}

/**
 * The post's own counts from the JSON-LD `interactionStatistic` (likes, comments, shares). Its
 * FollowAction counts the Page's followers, not this post, so it is not read.
 */
function postingStats(posting: Json | undefined): Stats | undefined {
  const raw = posting?.['interactionStatistic'];
  const counters = (Array.isArray(raw) ? raw : [raw]).map(asObject);
  const countOf = (action: string): unknown =>
    counters.find((c) => typeof c?.['interactionType'] === 'string' && c['interactionType'].endsWith(`schema.org/${action}`))?.['userInteractionCount'];
  return statsOf({ likes: countOf('LikeAction'), replies: countOf('CommentAction') ?? posting?.['commentCount'], reposts: countOf('ShareAction') });
}

/**
 * A group post lives in its group: the page's og:title is the group's name there (the post's
 * author is in the JSON-LD), and the group's address is the path the post is under.
 */
function communityOf(ids: Ids, ogTitle: string | undefined, ogUrl: string | undefined): Community | undefined {
  if (ids['type'] !== 'group-post' || !ogTitle) return undefined;
  const fromUrl = ogUrl && URL.canParse(ogUrl) ? /^\/groups\/([^/]+)\//.exec(new URL(ogUrl).pathname)?.[1] : undefined;
  const group = fromUrl ?? ids['group'];
  return group ? { name: ogTitle, url: `${FACEBOOK_ORIGIN}/groups/${group}/` } : undefined;
}

/** JSON-LD photos are full size (og:image is a downscaled `stp=…p600x600` copy of the first). */
function postingImages(posting: Json | undefined): MediaImage[] {
  const raw = posting?.['image'];
  const list: unknown[] = Array.isArray(raw) ? raw : raw === undefined || raw === null ? [] : [raw];
  return distinct(
    list.flatMap((item) => {
      if (typeof item === 'string') return [{ url: item }];
      const object = asObject(item);
      const url = nonEmpty(object?.['contentUrl']) ?? nonEmpty(object?.['url']);
      return url ? [sized(url, object?.['width'], object?.['height'])] : [];
    }),
  );
}

/** Sizes only as a pair: one side alone gives no aspect ratio (the 2023 JSON-LD has only width). */
function sized(url: string, width: unknown, height: unknown): MediaImage {
  return { url, ...sizePair(width, height) };
}

/** The post's own photos, each once: profile pictures and site assets are never a card's image. */
function distinct(images: MediaImage[]): MediaImage[] {
  const seen = new Set<string>();
  return images.filter((image) => {
    if (!isPostImage(image.url) || seen.has(image.url)) return false;
    seen.add(image.url);
    return true;
  });
}

// Pure parsing of Reddit's answers into a card or a reason: GET /comments/{id} (the same JSON on
// oauth.reddit.com and www.reddit.com/….json), one `t3` post, oEmbed, and the refusals of both.
// Tested on bodies alone; the fetching lives in index.ts.
import { decodeHTML } from 'entities';
import { UpstreamError } from '../../../application/errors.js';
import type { AdapterResult } from '../../../application/ports/platform-adapter.port.js';
import { clampDescription, mediaCard, type Author, type Card } from '../../../domain/card.js';
import { reddit, REDDIT_SITES } from '../../../domain/platforms/reddit.js';
import type { Reason } from '../../../domain/reasons.js';
import { postDetails } from './details.js';
import { hostOf, linkOf, postMedia } from './media.js';
import { asObject, parseJson, type Json } from '../kit/json.js';
import { readOembed } from '../kit/oembed.js';
import { originOf } from '../kit/origin.js';
import { reasonForStatus } from '../kit/status.js';
import { htmlToText, nonEmpty } from '../kit/text.js';
import { isMarkup } from '../kit/walls.js';

/** Reddit usernames (3–20 characters; a few old ones shorter). Anything else is not a profile. */
const USERNAME = /^[A-Za-z0-9_-]{1,20}$/;
const REDDIT_ORIGIN = originOf(reddit);

/** An answer of GET /comments/{id}, by status and body text. */
export function parseCommentsResponse(status: number, text: string): AdapterResult {
  if (status !== 200) return { ok: false, reason: reasonForRefusal(status, text) };
  const body = parseJson(text);
  if (body === undefined) {
    // Reddit's block pages ("whoa there, pardner!", "You've been blocked by network security")
    // and login redirects are HTML where JSON was asked for.
    if (isMarkup(text)) return { ok: false, reason: 'blocked' };
    throw bad('comments answer is not JSON');
  }
  return parseCommentsAnswer(body);
}

/** `[postListing, commentListing]`: the post is the first listing's only child, kind `t3`. */
export function parseCommentsAnswer(body: unknown): AdapterResult {
  if (!Array.isArray(body)) throw bad('comments answer is not a [post, comments] pair');
  const children = asObject(asObject(body[0])?.data)?.children;
  if (!Array.isArray(children)) throw bad('comments answer has no post listing');
  const child = asObject(children[0]);
  if (!child) return { ok: false, reason: 'not-found' };
  if (child.kind !== 't3') throw bad(`first child is a ${String(child.kind)}, not a post`);
  return parsePost(child.data);
}

/** One post (`t3` data), as in a comments answer or a listing's `data.children[i].data`. */
export function parsePost(value: unknown): AdapterResult {
  const post = asObject(value);
  const title = nonEmpty(post?.title);
  if (!post || !title) throw bad('post has no title');
  if (isGone(post)) return { ok: false, reason: 'not-found' };

  // A crosspost shows its original's media (Reddit draws the original inside it).
  const original = crosspostOriginal(post);
  const source = original ?? post;
  const media = postMedia(source);
  const card: Card = { ...mediaCard(media), title, nsfw: post.over_18 === true || original?.over_18 === true, ...postDetails(post, original) };
  if (!card.image && media.linkImage) card.image = media.linkImage;
  const author = authorOf(post.author);
  if (author) card.author = author;
  const outside = card.kind === 'link' ? outsideLink(source) : undefined;
  // Reddit gives no title or text of the page a link post points to: the URL and its preview picture.
  if (outside) card.link = media.linkImage ? { url: outside, image: media.linkImage } : { url: outside };
  const description = clampDescription(withLink(bodyText(post) || (original ? bodyText(original) : ''), outside));
  if (description) card.description = description;
  return media.expiresAt ? { ok: true, card, mediaExpiresAt: media.expiresAt } : { ok: true, card };
}

/** An oEmbed answer: title and author only (no text, media or NSFW flag), so a plain link card. */
export function parseOembed(body: unknown): AdapterResult {
  const oembed = readOembed(body);
  const title = oembed?.title;
  if (!title) throw bad('oEmbed answer has no title');
  const card: Card = { kind: 'link', title, nsfw: false };
  const author = authorOf(oembed.authorName);
  if (author) card.author = author;
  return { ok: true, card };
}

/** An oEmbed answer, by status and body text. */
export function parseOembedResponse(status: number, text: string): AdapterResult {
  if (status !== 200) return { ok: false, reason: reasonForRefusal(status, text) };
  const body = parseJson(text);
  if (body === undefined) {
    if (isMarkup(text)) return { ok: false, reason: 'blocked' };
    throw bad('oEmbed answer is not JSON');
  }
  return parseOembed(body);
}

/**
 * What a refusal says. Reddit's JSON error bodies name the cause in `reason`: a private (or
 * premium-only) subreddit is the post's audience, `private`; a quarantined one needs a logged-in
 * account that opted in, so `blocked`, as is a bare 403 and any HTML block page. 404 is a post
 * that never existed or a banned subreddit (`reason: "banned"`).
 */
export function reasonForRefusal(status: number, text: string): Reason {
  if (status === 403 || status === 404) {
    const why = asObject(parseJson(text))?.reason;
    if (why === 'private' || why === 'gold_only') return 'private';
    return status === 404 ? 'not-found' : 'blocked';
  }
  return reasonForStatus(status) ?? 'upstream-error';
}

/**
 * Deleted by its author or removed (by moderators, Reddit's filters, a takedown): the public sees
 * neither its text nor its media. Answers from before `removed_by_category` existed say it only
 * in the text of a self post.
 */
function isGone(post: Json): boolean {
  if (nonEmpty(post.removed_by_category)) return true;
  return post.is_self === true && (post.selftext === '[deleted]' || post.selftext === '[removed]');
}

function crosspostOriginal(post: Json): Json | undefined {
  const list = post.crosspost_parent_list;
  const original = Array.isArray(list) ? asObject(list[0]) : undefined;
  return original && !isGone(original) ? original : undefined;
}

/**
 * Reddit shows no display name beside a post, so the username is the name (docs/design.md §4: the
 * handle when there is none). A deleted account ("[deleted]") has no profile to link.
 */
function authorOf(value: unknown): Author | undefined {
  const name = nonEmpty(value);
  if (!name || !USERNAME.test(name)) return undefined;
  return { name, url: `${REDDIT_ORIGIN}/user/${name}/`, handle: name };
}

/**
 * The post's text as plain text: `selftext_html` is the rendered Markdown, so links show their
 * words and emphasis marks are gone. Without `raw_json=1` it arrives escaped once more.
 */
function bodyText(post: Json): string {
  const html = nonEmpty(post.selftext_html);
  if (html) return htmlToText(html.startsWith('&lt;') ? decodeHTML(html) : html);
  return nonEmpty(post.selftext) ?? '';
}

/**
 * Where a link post points, when that is outside Reddit: the card's `link`, and also the end of its
 * description, where clients that predate `link` have always found it.
 */
function outsideLink(post: Json): string | undefined {
  if (post.is_self === true) return undefined;
  const href = linkOf(post)?.replaceAll('&amp;', '&');
  const host = hostOf(href);
  return href && host && /^https?:$/.test(new URL(href).protocol) && !isOnReddit(host) ? href : undefined;
}

/** Links that stay on Reddit (a crosspost's original, a gallery) are not an outside link to show. */
function isOnReddit(host: string): boolean {
  return REDDIT_SITES.some((site) => host === site || host.endsWith(`.${site}`));
}

function withLink(text: string, link: string | undefined): string {
  if (!link || text.includes(link)) return text;
  return text ? `${text}\n\n${link}` : link;
}

function bad(message: string): UpstreamError {
  return new UpstreamError('UPSTREAM_BAD_RESPONSE', `reddit: ${message}`);
}

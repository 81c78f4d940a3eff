// A Threads post page: the post JSON its `data-sjs` bootstrap scripts carry, the LSD token its
// GraphQL requests need, and the Open Graph tags a link crawler reads (SOURCES.md §2). Pure.
import { clampDescription, mediaCard, type Card } from '../../../domain/card.js';
import type { Reason } from '../../../domain/reasons.js';
import { canonicalLink, readMetaTags } from '../kit/head.js';
import { parseJson } from '../kit/json.js';
import { ogImages, ogVideo, twitterImage } from '../kit/open-graph.js';
import { jsonScriptById, scriptsContaining } from '../kit/state-scripts.js';
import { nonEmpty } from '../kit/text.js';
import { pageWithoutPost } from '../kit/walls.js';
import { findPost, THREADS_ORIGIN, withExpiry, type ThreadsCard } from './post.js';

/**
 * The post node inside the page's `<script type="application/json" data-sjs>` blocks (Relay
 * preloader results with `thread_items`). Only blocks that mention thread_items are found (by
 * string search) and parsed: a page carries dozens of bootstrap blocks (docs/design.md §13).
 */
export function postFromPage(html: string, code: string, postId?: string): unknown {
  for (const block of scriptsContaining(html, '"thread_items"')) {
    if (!('data-sjs' in block.attributes)) continue;
    const post = findPost(parseJson(block.text), code, postId);
    if (post) return post;
  }
  return undefined;
}

/** The LSD token the page hands its own GraphQL client (`["LSD",[],{"token":"…"}` or `__eqmc`). */
export function lsdToken(html: string): string | undefined {
  const define = /\["LSD",\[\],\{"token":"([^"\\]+)"/.exec(html);
  if (define) return define[1];
  return nonEmpty((jsonScriptById(html, '__eqmc') as { l?: unknown } | null | undefined)?.l);
}

// `og:title` is "<Full Name> (@<username>) on Threads" (the @ entity-encoded, decoded by readMetaTags).
const OG_TITLE = /^(.*?)\s*\(@([A-Za-z0-9._]{1,30})\) on Threads$/s;
// `og:description` starts with the counts: "5.8K likes, 449 replies. <text>".
const COUNTS = /^(?:[\d.,]+[KMB]? (?:likes?|repl(?:y|ies))(?:, |\. ))+/;
// Profile pictures live under t51.2885-19 (posts under …-15): the text post's og:image is the avatar.
const AVATAR_PATH = /\/t51\.[\d.]+-19\//;

/**
 * The card a link crawler can draw from the page's Open Graph tags. A page whose tags are not about
 * this post (the generic Threads page, a login page) is the wall Meta shows a client it will not
 * serve: `blocked`; a body that is no page at all is unreadable: `upstream-error`.
 */
export function cardFromOpenGraph(html: string, code: string): ThreadsCard | { reason: Reason } {
  const meta = readMetaTags(html);
  const pageUrl = meta.get('og:url') ?? canonicalLink(html);
  const title = OG_TITLE.exec(meta.get('og:title') ?? meta.get('twitter:title') ?? '');
  if (!title || (pageUrl && !isAbout(pageUrl, code))) return { reason: pageWithoutPost(html) };
  const username = title[2]!;
  const name = nonEmpty(title[1]) ?? username;

  const video = ogVideo(meta);
  const picture = ogImages(meta)[0] ?? twitterImage(meta);
  const image = picture && !AVATAR_PATH.test(picture.url) ? picture : undefined;
  // A post without media shows its author's profile picture as og:image: the avatar, never the image.
  const avatar = picture && !image && picture.url.startsWith('https://') ? picture.url : undefined;
  const card: Card = {
    ...mediaCard(video ? { video, ...(image ? { poster: image } : {}) } : { images: image ? [image] : [] }),
    title: `${name} (@${username})`,
    author: { name, url: `${THREADS_ORIGIN}/@${username}`, handle: username, ...(avatar ? { avatar } : {}) },
    nsfw: false,
  };
  // The description's counts are rounded ("5.8K likes"): not the exact figures §4 asks for, so the
  // page gives no stats.
  const text = clampDescription((meta.get('og:description') ?? meta.get('description') ?? '').replace(COUNTS, ''));
  if (text) card.description = text;
  return withExpiry(card);
}

/** Whether a page URL (`/t/{code}`, `/@{user}/post/{code}`) names this post. */
function isAbout(pageUrl: string, code: string): boolean {
  return URL.canParse(pageUrl, THREADS_ORIGIN) && new URL(pageUrl, THREADS_ORIGIN).pathname.split('/').includes(code);
}

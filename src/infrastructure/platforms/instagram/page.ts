// The post page as a link crawler gets it → a card. Logged-out pages since 2022 are a script shell
// whose only post data is the Open Graph / twitter meta (SOURCES.md: one cover image, og:video for
// some videos, the caption inside og:title); pages of the 2021 generation still carried the post
// itself in `window._sharedData`, which is read when present. Pure.
import type { AdapterResult } from '../../../application/ports/platform-adapter.port.js';
import { clampDescription, type Card } from '../../../domain/card.js';
import { cardFromShortcodeMedia, profileUrl } from './media.js';
import { readMetaTags, type MetaTags } from '../kit/head.js';
import { scriptsContaining } from '../kit/state-scripts.js';
import { pageWithoutPost } from '../kit/walls.js';
import { asObject, parseJson } from '../kit/json.js';
import { ogImages, ogVideo } from '../kit/open-graph.js';
import { nonEmpty } from '../kit/text.js';

const HANDLE = '[A-Za-z0-9._]{1,30}';

/**
 * The card of post `code` from its page. A page that is not about that post (the login page, a
 * profile or story page, "page not available") carries no post data: `blocked`, as docs/design.md §4
 * reads a login wall; a body that is no page at all is unreadable: `upstream-error`.
 */
export function parsePostPage(html: string, code: string): AdapterResult {
  const shared = sharedDataMedia(html);
  if (shared) return cardFromShortcodeMedia(shared);
  const meta = readMetaTags(html);
  if (!isAboutPost(meta.get('og:url'), code)) return { ok: false, reason: pageWithoutPost(html) };
  return { ok: true, card: cardFromMeta(meta) };
}

/** `entry_data.PostPage[0].graphql.shortcode_media` of a 2021-generation page, if it has one. */
function sharedDataMedia(html: string): Record<string, unknown> | undefined {
  // Found by string search: only that one script is sliced out and parsed (docs/design.md §13).
  const block = [...scriptsContaining(html, 'window._sharedData')].find((b) => /^\s*window\._sharedData\s*=/.test(b.text));
  if (!block) return undefined;
  const start = block.text.indexOf('{');
  const end = block.text.lastIndexOf('}');
  const data = parseJson(block.text.slice(start, end + 1));
  const postPage = asObject(asObject(data)?.['entry_data'])?.['PostPage'];
  const first = Array.isArray(postPage) ? asObject(postPage[0]) : undefined;
  return asObject(asObject(first?.['graphql'])?.['shortcode_media']);
}

function isAboutPost(ogUrl: string | undefined, code: string): boolean {
  if (!ogUrl) return false;
  try {
    const match = /^\/(?:p|reel|tv)\/([A-Za-z0-9_-]+)\/?$/.exec(new URL(ogUrl).pathname);
    return match?.[1] === code;
  } catch {
    return false;
  }
}

function cardFromMeta(meta: MetaTags): Card {
  const ogTitle = meta.get('og:title') ?? '';
  const ogDescription = meta.get('og:description') ?? '';
  // "Name (@handle) • Instagram photo" names both; og:title has the name and the description
  // "… - handle on May 8, 2021: …" the handle, for pages without the twitter tags.
  const twitter = new RegExp(`^(.*?) \\(@(${HANDLE})\\) • Instagram`).exec(meta.get('twitter:title') ?? '');
  const name = nonEmpty(twitter?.[1]) ?? nonEmpty(/^(.*?) on Instagram\b/.exec(ogTitle)?.[1]);
  const handle = twitter?.[2] ?? new RegExp(` - (${HANDLE}) on [^:]{3,40}(?::|$)`).exec(ogDescription)?.[1];
  const caption = longer(quotedCaption(ogTitle), quotedCaption(ogDescription));

  const card: Card = { kind: 'link', nsfw: false };
  if (name || handle) card.title = name && handle ? `${name} (@${handle})` : handle ? `@${handle}` : name;
  if (caption) card.description = clampDescription(caption);
  if (handle) card.author = { name: name ?? handle, url: profileUrl(handle), handle };
  // The page's counts are rounded ("152K likes") and its date a day ("on April 19, 2021"): neither
  // is the exact figure §4 asks for, so the crawler page gives no stats and no publishedAt.

  const cover = ogImages(meta)[0];
  const poster = cover?.url.startsWith('https://') ? cover : undefined;
  // Instagram's CDN URLs are signed and same-origin only: its videos need the proxy (media.ts).
  const video = ogVideo(meta);
  if (video) {
    card.kind = 'video';
    card.video = video;
  } else if (poster && !isVideoPage(meta)) {
    // A carousel's page shows its first photo only: an image card is all the page can tell.
    card.kind = 'image';
  }
  // A reel's page often has its cover but no og:video: a link card with the cover, not a photo.
  if (poster) card.image = poster;
  return card;
}

function isVideoPage(meta: MetaTags): boolean {
  return meta.get('og:type') === 'video' || /\/(?:reel|tv)\//.test(meta.get('og:url') ?? '');
}

/**
 * The caption quoted after the first `: "` (`: “` on older pages), without the closing quote and
 * what the page appends after it (`. `, `. Follow their account to see 182 posts.`, `• See 683 …`).
 */
function quotedCaption(text: string): string | undefined {
  const at = text.search(/: ["“]/);
  if (at < 0) return undefined;
  const rest = text.slice(at + 3).replace(/["”](?:[.\s]*|\.\s+[^"”]*|\s+•[^"”]*)$/, '');
  return nonEmpty(rest);
}

function longer(a: string | undefined, b: string | undefined): string | undefined {
  return (b?.length ?? 0) > (a?.length ?? 0) ? b : a;
}

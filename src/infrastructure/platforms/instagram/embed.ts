// The embed page (`/p/{code}/embed/captioned/`) → a card. What InstaFix and embed.js read
// (SOURCES.md, access notes): the page's script data holds `contextJSON`, a JSON document in a
// string whose `gql_data.shortcode_media` is the post; the markup alone (`.EmbeddedMediaImage`,
// `.UsernameText`, `.Caption`) still shows a single photo when that data is absent. The markup is
// read by parse5 (kit/markup.ts), and only when the page is broken or has no context data. Pure.
import type { AdapterResult } from '../../../application/ports/platform-adapter.port.js';
import { cardFromShortcodeMedia, postText, type PostText } from './media.js';
import { asObject } from '../kit/json.js';
import { attribute, findElement, hasClass, markupFrom, textOf, type Node } from '../kit/markup.js';
import { nonEmpty } from '../kit/text.js';
import { pageWithoutPost } from '../kit/walls.js';

const CONTEXT_MARKER = '"contextJSON":"';

export function parseEmbedPage(html: string): AdapterResult {
  // Instagram's box for a post it will not embed: "The link to this photo or video may be broken,
  // or the post may have been removed." It stands for a private account's post as well as a removed
  // one (or embedding turned off); `private` is the default reading, and the post page's 404 (a
  // more telling reason) wins when the post is gone.
  const broken = markupFrom(html, 'EmbedIsBroken');
  if (broken && findElement(broken, (e) => hasClass(e, 'EmbedIsBroken'))) return { ok: false, reason: 'private' };
  const media = asObject(asObject(asObject(contextOf(html))?.['gql_data'])?.['shortcode_media']);
  if (media) return cardFromShortcodeMedia(media);
  return cardFromMarkup(html, markupFrom(html, 'class="Embed'));
}

/** The parsed `contextJSON` document, or undefined when the page has none that parses. */
export function contextOf(html: string): unknown {
  const at = html.indexOf(CONTEXT_MARKER);
  if (at < 0) return undefined;
  const literal = jsonStringAt(html, at + CONTEXT_MARKER.length - 1);
  if (literal === undefined) return undefined;
  try {
    return JSON.parse(JSON.parse(literal) as string) as unknown;
  } catch {
    return undefined;
  }
}

/** The JSON string literal (quotes included) that opens at `start`, skipping escaped quotes. */
function jsonStringAt(text: string, start: number): string | undefined {
  for (let i = start + 1; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x5c /* \ */) i++;
    else if (c === 0x22 /* " */) return text.slice(start, i + 1);
  }
  return undefined;
}

/**
 * The markup shows the first photo only and replaces a video with "Watch on Instagram", so it makes
 * a card for a single photo (`data-media-type="GraphImage"`) and nothing else: for a carousel or a
 * video it keeps the text and lets the next strategy find the media. A page with neither the data
 * nor the markup is the login wall or a script shell: `blocked` (a body that is no page at all is
 * unreadable: `upstream-error`).
 */
function cardFromMarkup(html: string, box: Node | undefined): AdapterResult {
  const username = box && usernameOf(box);
  if (!username) return { ok: false, reason: pageWithoutPost(html) };
  const text: PostText = postText(username, undefined, captionOf(box));
  const typed = findElement(box, (e) => attribute(e, 'data-media-type') !== undefined);
  const image = typed && attribute(typed, 'data-media-type') === 'GraphImage' ? embeddedImage(box) : undefined;
  if (!image) return { ok: false, reason: 'blocked', partial: text };
  return { ok: true, card: { kind: 'image', ...text, nsfw: false, image: { url: image } } };
}

/** The header's username, else the one in front of the caption. */
function usernameOf(body: Node): string | undefined {
  const element =
    findElement(body, (e) => e.tagName === 'span' && hasClass(e, 'UsernameText')) ?? findElement(body, (e) => e.tagName === 'a' && hasClass(e, 'CaptionUsername'));
  const name = element && textOf(element);
  return name && /^[A-Za-z0-9._]{1,30}$/.test(name) ? name : undefined;
}

/** The caption's text, without the username link in front and the comment count after it. */
function captionOf(body: Node): string | undefined {
  const caption = findElement(body, (e) => e.tagName === 'div' && hasClass(e, 'Caption'));
  if (!caption) return undefined;
  return nonEmpty(textOf(caption, (e) => hasClass(e, 'CaptionUsername') || hasClass(e, 'CaptionComments')));
}

/** The widest rendition of the embedded photo: its srcset when it has one, else its src. */
function embeddedImage(body: Node): string | undefined {
  const image = findElement(body, (e) => e.tagName === 'img' && hasClass(e, 'EmbeddedMediaImage'));
  if (!image) return undefined;
  let best: { url: string; width: number } | undefined;
  for (const candidate of (attribute(image, 'srcset') ?? '').split(',')) {
    const [url, descriptor] = candidate.trim().split(/\s+/);
    const width = Number(/^(\d+)w$/.exec(descriptor ?? '')?.[1] ?? 0);
    if (url?.startsWith('https://') && (!best || width > best.width)) best = { url, width };
  }
  const src = attribute(image, 'src');
  return best?.url ?? (src?.startsWith('https://') ? src : undefined);
}

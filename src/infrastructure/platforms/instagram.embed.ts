// The embed page (`/p/{code}/embed/captioned/`) → a card. What InstaFix and embed.js read
// (SOURCES.md, access notes): the page's script data holds `contextJSON`, a JSON document in a
// string whose `gql_data.shortcode_media` is the post; the markup alone (`.EmbeddedMediaImage`,
// `.UsernameText`, `.Caption`) still shows a single photo when that data is absent. Pure.
import type { AdapterResult } from '../../application/ports/platform-adapter.port.js';
import { cardFromShortcodeMedia, postText, type PostText } from './instagram.media.js';
import { tagAttributes } from './kit/tags.js';
import { pageWithoutPost } from './kit/walls.js';
import { asObject } from './kit/json.js';
import { htmlToText, nonEmpty } from './kit/text.js';

const CONTEXT_MARKER = '"contextJSON":"';

export function parseEmbedPage(html: string): AdapterResult {
  // Instagram's box for a post it will not embed: "The link to this photo or video may be broken,
  // or the post may have been removed." It stands for a private account's post as well as a removed
  // one (or embedding turned off); `private` is the default reading, and the post page's 404 (a
  // more telling reason) wins when the post is gone.
  if (/class="[^"]*\bEmbedIsBroken\b/.test(html)) return { ok: false, reason: 'private' };
  const media = asObject(asObject(asObject(contextOf(html))?.['gql_data'])?.['shortcode_media']);
  if (media) return cardFromShortcodeMedia(media);
  return cardFromMarkup(html);
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
function cardFromMarkup(html: string): AdapterResult {
  const username = usernameOf(html);
  if (!username) return { ok: false, reason: pageWithoutPost(html) };
  const text: PostText = postText(username, undefined, captionOf(html));
  const mediaType = /\bdata-media-type="([A-Za-z]+)"/.exec(html)?.[1];
  const image = mediaType === 'GraphImage' ? embeddedImage(html) : undefined;
  if (!image) return { ok: false, reason: 'blocked', partial: text };
  return { ok: true, card: { kind: 'image', ...text, nsfw: false, image: { url: image } } };
}

function usernameOf(html: string): string | undefined {
  const match =
    /<span\b[^>]*class="UsernameText"[^>]*>([^<]+)</.exec(html) ?? /<a\b[^>]*class="CaptionUsername"[^>]*>([^<]+)</.exec(html);
  const name = match ? htmlToText(match[1]!) : undefined;
  return name && /^[A-Za-z0-9._]{1,30}$/.test(name) ? name : undefined;
}

/** The caption's text, without the username link in front and the comment count after it. */
function captionOf(html: string): string | undefined {
  const match = /<div\b[^>]*class="Caption"[^>]*>([\s\S]*?)(?:<div\b[^>]*class="CaptionComments"|<\/div>)/.exec(html);
  if (!match) return undefined;
  const withoutName = match[1]!.replace(/<a\b[^>]*class="CaptionUsername"[^>]*>[\s\S]*?<\/a>/, '');
  return nonEmpty(htmlToText(withoutName));
}

/** The widest rendition of the embedded photo: its srcset when it has one, else its src. */
function embeddedImage(html: string): string | undefined {
  const tag = /<img\b[^>]*class="EmbeddedMediaImage"[^>]*>/.exec(html)?.[0];
  if (!tag) return undefined;
  const attributes = tagAttributes(tag);
  let best: { url: string; width: number } | undefined;
  for (const candidate of (attributes['srcset'] ?? '').split(',')) {
    const [url, descriptor] = candidate.trim().split(/\s+/);
    const width = Number(/^(\d+)w$/.exec(descriptor ?? '')?.[1] ?? 0);
    if (url?.startsWith('https://') && (!best || width > best.width)) best = { url, width };
  }
  const src = attributes['src'];
  return best?.url ?? (src?.startsWith('https://') ? src : undefined);
}

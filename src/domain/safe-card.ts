// The one place that makes a card safe to hand to a client (docs/design.md §4): every URL it carries is
// an absolute http(s) URL, anything else being dropped with its field, and its text holds no
// control characters (tab and newline kept) nor anything XML 1.0 cannot carry.
import { mediaCard, type Card, type MediaImage } from './card.js';

/**
 * Keys whose string value is a URL, wherever they sit in a card: media, author, link, community
 * (`url`), the author's picture (`avatar`), a quoted or answered post (`canonicalUrl`).
 */
const URL_KEYS: ReadonlySet<string> = new Set(['url', 'avatar', 'canonicalUrl']);

/**
 * What an object cannot be without: when its `url` is unsafe, or cleaning empties one of these
 * texts, the whole object goes (an image, a video, an author; an item of an array), never a shell
 * of it. The contract requires `Author.url` and `Video.url`, so an author whose profile URL is
 * unsafe is dropped rather than kept without one; a quoted or answered post whose URL is unsafe,
 * or a poll option whose label is empty, likewise.
 */
const ESSENTIAL_KEYS: ReadonlySet<string> = new Set(['url', 'name', 'mimeType', 'canonicalUrl', 'label']);

/**
 * Characters a card's text never holds: C0 controls but tab and newline (CR included: it is turned
 * into a newline first), DEL and C1 controls (Unicode `Cc`), and what XML 1.0 cannot carry at all
 * (U+FFFE, U+FFFF, lone surrogates: in `u` mode a paired surrogate is one code point above U+FFFF).
 */
const NOT_TEXT = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\uFFFE\uFFFF]|[\uD800-\uDFFF]/u;
const NOT_TEXT_ALL = new RegExp(NOT_TEXT.source, 'gu');

/** Text with the characters of NOT_TEXT removed; a CR or CRLF line end becomes a newline. */
export function cleanText(text: string): string {
  if (!NOT_TEXT.test(text)) return text;
  return text.replace(/\r\n?/g, '\n').replace(NOT_TEXT_ALL, '');
}

/**
 * Any control character, space included: a URL holding one is refused rather than repaired,
 * because a browser silently drops tabs and newlines inside a URL and spaces around it
 * (`java\nscript:`), so what it follows could differ from what was checked here.
 */
const NOT_IN_URL = /[\u0000-\u001F\u007F-\u009F\uFFFE\uFFFF]|[\uD800-\uDFFF]|^ | $/u;

/** True for an absolute `http:` or `https:` URL (WHATWG parsing, as a browser reads an `href`). */
export function isWebUrl(value: string): boolean {
  if (NOT_IN_URL.test(value)) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return url.protocol === 'https:' || url.protocol === 'http:';
}

type CardFields = Partial<Card>;

/**
 * The card with every unsafe URL dropped with its field and every text cleaned (cleanText); a text
 * left empty by cleaning is dropped too. `kind`, `image` and `images` then follow the media left
 * (a video whose URL went no longer makes `kind: video`). Works on anything shaped like a card (an
 * adapter's card, an outcome, a degraded result's partial text) and returns the very same object
 * when nothing needed changing, so `safeCard(x) === x` tells whether `x` is safe.
 */
export function safeCard<T extends CardFields>(card: T): T {
  const cleaned = cleanObject(card, true);
  if (cleaned === card || cleaned === DROP) return card;
  return withMediaLeft(card, cleaned as T);
}

const DROP = Symbol('drop');
type Cleaned = unknown | typeof DROP;

function cleanValue(value: unknown, key: string | undefined): Cleaned {
  if (typeof value === 'string') {
    if (key !== undefined && URL_KEYS.has(key)) return isWebUrl(value) ? value : DROP;
    const text = cleanText(value);
    return text !== value && text.trim() === '' ? DROP : text;
  }
  if (Array.isArray(value)) return cleanArray(value);
  if (typeof value === 'object' && value !== null) return cleanObject(value as Record<string, unknown>, false);
  return value;
}

function cleanArray(items: readonly unknown[]): unknown[] {
  let changed = false;
  const kept: unknown[] = [];
  for (const item of items) {
    const cleaned = cleanValue(item, undefined);
    if (cleaned !== item) changed = true;
    if (cleaned !== DROP) kept.push(cleaned);
  }
  return changed ? kept : (items as unknown[]);
}

/** The object cleaned field by field, or DROP when it lost an essential field (never the card itself). */
function cleanObject(object: Record<string, unknown>, isCard: boolean): Cleaned {
  let out: Record<string, unknown> | undefined;
  for (const [key, value] of Object.entries(object)) {
    const cleaned = cleanValue(value, key);
    if (cleaned === value) {
      if (out) out[key] = value;
      continue;
    }
    if (cleaned === DROP && !isCard && ESSENTIAL_KEYS.has(key)) return DROP;
    // Copy the fields before this one on the first change, keeping their order.
    out ??= copyUntil(object, key);
    if (cleaned !== DROP) out[key] = cleaned;
  }
  return out ?? object;
}

function copyUntil(object: Record<string, unknown>, stop: string): Record<string, unknown> {
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(object)) {
    if (key === stop) break;
    copy[key] = value;
  }
  return copy;
}

/**
 * `kind`, `image`, `images` and `video` made true to the media left after cleaning, as mediaCard
 * builds them. The picture of a link card, or the poster of a video that was dropped, stays as the
 * card's thumbnail (`kind: link`): it is still a safe picture of the post, just not its media.
 */
function withMediaLeft<T extends CardFields>(before: T, after: T): T {
  if (before.kind === undefined) return after;
  if (after.video === before.video && after.image === before.image && after.images === before.images) return after;
  const photos: MediaImage[] = before.kind === 'gallery' ? (after.images ?? []) : before.kind === 'image' && after.image ? [after.image] : [];
  const media: CardFields = mediaCard({ video: after.video, poster: after.video ? after.image : undefined, images: photos });
  if (media.kind === 'link' && after.image) media.image = after.image;
  const mediaKeys = ['kind', 'image', 'images', 'video'] as const;
  // Rebuilt in the card's own field order; a field the media no longer has is left out.
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(after)) {
    if (!(mediaKeys as readonly string[]).includes(key)) out[key] = value;
    else if (media[key as (typeof mediaKeys)[number]] !== undefined) out[key] = media[key as (typeof mediaKeys)[number]];
  }
  for (const key of mediaKeys) if (!(key in out) && media[key] !== undefined) out[key] = media[key];
  return out as T;
}

// A Facebook page's video: the Open Graph `og:video` tags a link crawler gets, else the video object
// of the page's inline Comet/Relay JSON (`playable_url`, `browser_native_hd_url`… per SOURCES.md),
// found by string search and JSON.parse of that one object, never of the whole page. Pure.
import type { MediaImage, Video } from '../../../domain/card.js';
import type { MetaTags } from '../kit/head.js';
import { seconds, utcTime } from '../kit/details.js';
import { asObject, endOfJsonObject, parseJson, type Json } from '../kit/json.js';
import { ogVideo } from '../kit/open-graph.js';
import { nonEmpty, positiveInt } from '../kit/text.js';

export interface PageVideo {
  video: Video;
  poster?: MediaImage;
  /** The video object's `publish_time`, only when the object is the one the post's id names. */
  publishedAt?: string;
}

/** The page's video: `og:video` first (the page's own statement), else its Comet video object. */
export function findVideo(html: string, meta: MetaTags, videoId: string | undefined): PageVideo | undefined {
  const og = ogVideo(meta);
  return og ? { video: og } : cometVideo(html, videoId);
}

// Progressive MP4s with audio, best first: the Comet names (2022–), the 2023– browser_native names,
// then the legacy ones. A key whose value is null (no HD rendition) does not match.
const URL_KEYS = ['playable_url_quality_hd', 'browser_native_hd_url', 'hd_src', 'playable_url', 'browser_native_sd_url', 'sd_src'] as const;
const URL_KEY_AT = new RegExp(`"(?:${URL_KEYS.join('|')})":"https:`, 'g');
// A page lists suggested videos after its own; the first few candidates are plenty.
const MAX_CANDIDATES = 8;

/**
 * The Comet video object with `id`/`videoId` equal to the post's video id, else the first one
 * (a pfbid post names no video id; its own video comes first on its page).
 */
function cometVideo(html: string, videoId: string | undefined): PageVideo | undefined {
  const candidates: Json[] = [];
  const seen = new Set<number>();
  for (const match of html.matchAll(URL_KEY_AT)) {
    const start = enclosingObjectStart(html, match.index);
    if (start < 0 || seen.has(start)) continue;
    seen.add(start);
    const object = parseObjectAt(html, start);
    if (object) candidates.push(object);
    if (candidates.length >= MAX_CANDIDATES) break;
  }
  const named = candidates.find((c) => videoId !== undefined && idOf(c) === videoId);
  const chosen = named ?? candidates[0];
  const found = chosen ? videoFrom(chosen) : undefined;
  // The first video of a page may be another post's (a profile lists many): its time is not this post's.
  const publishedAt = named ? utcTime(named['publish_time'], 'epochSeconds') : undefined;
  return found && publishedAt ? { ...found, publishedAt } : found;
}

function videoFrom(object: Json): PageVideo | undefined {
  const url = URL_KEYS.map((key) => object[key]).find(isHttps);
  if (!url) return undefined;
  const video: Video = { url, mimeType: 'video/mp4' };
  const width = positiveInt(object['width']) ?? positiveInt(object['original_width']);
  const height = positiveInt(object['height']) ?? positiveInt(object['original_height']);
  if (width && height) Object.assign(video, { width, height });
  const duration = seconds(object['playable_duration_in_ms'], 'ms') ?? seconds(object['length_in_second'], 's');
  if (duration) video.duration = duration;
  // thumbnailImage is the large frame; preferred_thumbnail a small one; `image` the feed crop.
  const posterUrl = [
    asObject(object['thumbnailImage'])?.['uri'],
    asObject(asObject(object['preferred_thumbnail'])?.['image'])?.['uri'],
    asObject(object['image'])?.['uri'],
  ].find(isHttps);
  return posterUrl ? { video, poster: { url: posterUrl } } : { video };
}

function idOf(object: Json): string | undefined {
  const id = object['id'] ?? object['videoId'] ?? object['video_id'];
  return typeof id === 'number' ? String(id) : nonEmpty(id);
}

function isHttps(value: unknown): value is string {
  return typeof value === 'string' && value.startsWith('https://');
}

// How far back the opening brace of a video object may be (the 2023 object is ~15 KB, its DASH
// manifest included); past this the match is not in a video object worth reading.
const MAX_OBJECT_BYTES = 256 * 1024;

/**
 * Index of the `{` opening the JSON object that contains position `at` (a key, outside any
 * string), scanning backwards: a `"` is a string delimiter unless an odd run of backslashes
 * precedes it, which JSON makes decidable from the right too.
 */
export function enclosingObjectStart(text: string, at: number): number {
  let depth = 0;
  let inString = false;
  const stop = Math.max(0, at - MAX_OBJECT_BYTES);
  for (let i = at - 1; i >= stop; i--) {
    const c = text.charCodeAt(i);
    if (c === 0x22 /* " */) {
      let backslashes = 0;
      while (i - 1 - backslashes >= 0 && text.charCodeAt(i - 1 - backslashes) === 0x5c) backslashes++;
      if (backslashes % 2 === 0) inString = !inString;
    } else if (!inString) {
      if (c === 0x7d /* } */) depth++;
      else if (c === 0x7b /* { */) {
        if (depth === 0) return i;
        depth--;
      }
    }
  }
  return -1;
}

/** The JSON object that opens at `start`, parsed alone; undefined when it is not JSON. */
function parseObjectAt(text: string, start: number): Json | undefined {
  const end = endOfJsonObject(text, start, MAX_OBJECT_BYTES);
  return end < 0 ? undefined : asObject(parseJson(text.slice(start, end)));
}

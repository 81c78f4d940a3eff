// A pin as Pinterest's own data describes it (the page's Relay answers, its older page state, the
// widgets API; all in camelCase after camel-case.ts), read into a card: the largest image, a video
// pin's stream, the title, description, pinner, board, source link and date. Pure.
import { clampDescription, type Author, type Card, type MediaImage, type Video } from '../../../domain/card.js';
import { present, seconds, statsOf, utcTime } from '../kit/details.js';
import { asObject, type Json } from '../kit/json.js';
import { nonEmpty, sizePair } from '../kit/text.js';
import { boardUrl, profileUrl, usernameOf } from './pin-urls.js';

const HLS = 'application/vnd.apple.mpegurl';

/** The card, or undefined when the data shows neither an image nor a video. */
export function pinCard(pin: Json): Card | undefined {
  const video = videoOf(pin);
  const image = largestImage(pin);
  if (!video && !image) return undefined;
  const author = pinnerOf(pin['pinner']);
  const title = nonEmpty(pin['title']) ?? nonEmpty(pin['gridTitle']) ?? (author ? `${author.name} (@${author.handle})` : undefined);
  const description = nonEmpty(pin['description']) ?? nonEmpty(pin['closeupUnifiedDescription']);
  const alt = nonEmpty(pin['altText']);
  const shown = image && alt ? { ...image, alt } : image;
  const card: Card = {
    kind: video ? 'video' : 'image',
    nsfw: false,
    ...present({
      title,
      description: description ? clampDescription(description) : undefined,
      author,
      publishedAt: utcTime(pin['createdAt']),
      image: shown,
      video,
      link: linkOf(pin),
      community: boardOf(pin['board']),
      stats: statsOf({ replies: asObject(pin['aggregatedPinData'])?.['commentCount'] ?? pin['commentCount'], reposts: pin['repinCount'] }),
    }),
  };
  return card;
}

/** One image of the pin at one size, as the data lists it. */
interface Candidate {
  url: string;
  width?: number;
  height?: number;
  /** The widest the size may be (`736x`: 736); Infinity for `originals`. */
  bound: number;
}

/**
 * The pin's image at its largest: `originals` when listed, else the widest bounded size. Cropped
 * sizes (`136x136`, `600x315`) do not show the whole image and are never taken. A size whose
 * width is below its bound was not scaled down, so it gives the original's size too.
 */
export function largestImage(pin: Json): MediaImage | undefined {
  const candidates: Candidate[] = [];
  const add = (value: unknown) => {
    const spec = asObject(value);
    const url = nonEmpty(spec?.['url']) ?? nonEmpty(value);
    if (!url?.startsWith('https://')) return;
    const label = /^https:\/\/[^/]+\/(originals|\d{2,4}x)\//.exec(url)?.[1];
    if (!label) return;
    const bound = label === 'originals' ? Infinity : Number.parseInt(label, 10);
    candidates.push({ url, bound, ...sizePair(spec?.['width'], spec?.['height']) });
  };
  for (const [key, value] of Object.entries(pin)) if (key.startsWith('imageSpec')) add(value);
  const images = asObject(pin['images']);
  if (images) {
    add(images);
    for (const value of Object.values(images)) add(value);
  }
  add(pin['imageLargeUrl']);
  if (candidates.length === 0) return undefined;
  const best = candidates.reduce((a, b) => (b.bound > a.bound || (b.bound === a.bound && !a.width && b.width) ? b : a));
  if (best.width && best.height) return { url: best.url, width: best.width, height: best.height };
  const unscaled = candidates.find((c) => c.width && c.height && c.width < c.bound);
  return unscaled ? { url: best.url, width: unscaled.width!, height: unscaled.height! } : { url: best.url };
}

/**
 * A video pin's stream: the tallest progressive MP4 (it has its sound), else the HLS playlist. Idea
 * (story) pins keep theirs in their pages' blocks.
 */
function videoOf(pin: Json): Video | undefined {
  const lists = [asObject(asObject(pin['videos'])?.['videoList'])];
  const pages = asObject(pin['storyPinData'])?.['pages'];
  for (const page of Array.isArray(pages) ? pages : []) {
    const blocks = asObject(page)?.['blocks'];
    for (const block of Array.isArray(blocks) ? blocks : []) lists.push(asObject(asObject(asObject(block)?.['video'])?.['videoList']));
  }
  const list = lists.find((l) => l && Object.keys(l).length > 0);
  if (!list) return undefined;
  let mp4: Video | undefined;
  let hls: Video | undefined;
  for (const value of Object.values(list)) {
    const entry = asObject(value);
    const url = nonEmpty(entry?.['url']);
    if (!entry || !url?.startsWith('https://')) continue;
    const path = new URL(url).pathname;
    const video: Video = { url, mimeType: 'video/mp4', ...sizePair(entry['width'], entry['height']), ...present({ duration: seconds(entry['duration'], 'ms') }) };
    if (path.endsWith('.mp4') && (!mp4 || (video.height ?? 0) > (mp4.height ?? 0))) mp4 = video;
    else if (path.endsWith('.m3u8') && !hls) hls = { ...video, mimeType: HLS };
  }
  return mp4 ?? hls;
}

function pinnerOf(value: unknown): Author | undefined {
  const pinner = asObject(value);
  if (!pinner) return undefined;
  const handle = nonEmpty(pinner['username']) ?? usernameOf(nonEmpty(pinner['profileUrl']));
  if (!handle) return undefined;
  const author: Author = { name: nonEmpty(pinner['fullName']) ?? handle, url: profileUrl(handle), handle };
  const avatar = [pinner['imageLargeUrl'], pinner['imageMediumUrl'], pinner['imageSmallUrl']].map(nonEmpty).find((url) => url?.startsWith('https://'));
  if (avatar) author.avatar = avatar;
  if (asObject(pinner['verifiedIdentity'])?.['verified'] === true) author.verified = true;
  return author;
}

/** The page the pin was saved from, with the title its rich metadata gives it. */
function linkOf(pin: Json): Card['link'] {
  const url = nonEmpty(pin['link']);
  if (!url || !/^https?:\/\//.test(url)) return undefined;
  const rich = asObject(pin['richMetadata']);
  return { url, ...present({ title: nonEmpty(rich?.['title']), description: nonEmpty(rich?.['description']) }) };
}

function boardOf(value: unknown): Card['community'] {
  const board = asObject(value);
  const name = nonEmpty(board?.['name']);
  const url = boardUrl(nonEmpty(board?.['url']) ?? '');
  return name && url ? { name, url } : undefined;
}

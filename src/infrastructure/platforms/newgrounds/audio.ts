// A Newgrounds audio submission's page (`/audio/listen/{id}`): its player call
// `embedController([{"url": …, "params": {name, artist, filename, icon, …}}], …)` gives the sound,
// its name and artist and its icon (cobalt and yt-dlp read the same); the page gives the rest.
// Built from public extractors' facts: no real capture was available. Pure.
import type { AdapterResult } from '../../../application/ports/platform-adapter.port.js';
import type { Audio } from '../../../domain/card.js';
import { seconds } from '../kit/details.js';
import { asObject, endOfJsonObject, parseJson, type Json } from '../kit/json.js';
import { nonEmpty } from '../kit/text.js';
import { authorOf } from './portal-video.js';
import { decoded, https, pageCard } from './submission-page.js';

/** The audio card: kind `image` with the icon as its image (never `video`); the page's card alone when the player call is unreadable. */
export function parseAudioPage(html: string): AdapterResult {
  const page = pageCard(html);
  if (!page.ok) return page;
  const entry = playerEntry(html);
  const params = asObject(entry?.['params']);
  const url = nonEmpty(params?.['filename']) ?? nonEmpty(entry?.['url']);
  if (!url || !https(url).startsWith('https://')) return page;
  const card = { ...page.card };
  const duration = seconds(params?.['duration'] ?? entry?.['duration']);
  const audio: Audio = { url: https(url), mimeType: 'audio/mpeg', ...(duration ? { duration } : {}) };
  card.audio = audio;
  const icon = nonEmpty(params?.['icon']);
  if (icon && https(icon).startsWith('https://')) card.image = { url: https(icon) };
  card.kind = card.image ? 'image' : 'link';
  const title = decoded(params?.['name']);
  if (title) card.title = title;
  const author = authorOf(decoded(params?.['artist']));
  if (author) card.author = author;
  return { ok: true, card };
}

/** The first entry of the page's `embedController([…])` call, parsed. */
function playerEntry(html: string): Json | undefined {
  const call = html.indexOf('embedController(');
  const start = call < 0 ? -1 : html.indexOf('{', call);
  // The entry opens right after `embedController([`: anything further is not the call's.
  if (start < 0 || !/^embedController\(\s*\[\s*$/.test(html.slice(call, start))) return undefined;
  const end = endOfJsonObject(html, start, 64 * 1024);
  return end < 0 ? undefined : asObject(parseJson(html.slice(start, end)));
}

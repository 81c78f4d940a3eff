// A Newgrounds movie's sources (`GET /portal/video/{id}` with `X-Requested-With: XMLHttpRequest`,
// what yt-dlp and cobalt read): its title, author and MP4s by quality, joined to its page's card.
// Built from public extractors' facts: no real capture was available.
import type { AdapterResult } from '../../../application/ports/platform-adapter.port.js';
import type { Author, Card, Video } from '../../../domain/card.js';
import { asObject, parseJson } from '../kit/json.js';
import { reasonForStatus } from '../kit/status.js';
import type { Upstream } from '../kit/upstream.js';
import { USER_AGENTS } from '../kit/user-agents.js';
import { decoded, https } from './submission-page.js';

export async function portalVideo(upstream: Upstream, origin: string, id: string, signal: AbortSignal): Promise<AdapterResult> {
  const response = await upstream.getJson(`${origin}/portal/video/${id}`, signal, {
    'x-requested-with': 'XMLHttpRequest',
    'user-agent': USER_AGENTS.browser,
    referer: `${origin}/portal/view/${id}`,
  });
  const refused = reasonForStatus(response.status);
  return refused ? { ok: false, reason: refused } : readPortalVideo(parseJson(response.text()));
}

/** The movie's part of the card: a game or a page that is no movie has no MP4 (`upstream-error`, so its page's card stands). */
export function readPortalVideo(body: unknown): AdapterResult {
  const json = asObject(body);
  const video = bestMp4(json?.['sources']);
  if (!video) return { ok: false, reason: 'upstream-error' };
  const card: Card = { kind: 'video', nsfw: false, video };
  const title = decoded(json?.['title']);
  if (title) card.title = title;
  const author = authorOf(decoded(json?.['author']));
  if (author) card.author = author;
  return { ok: true, card };
}

/** `{"1080p": [{src, type}], "720p": …, "4k": …}`: the tallest MP4. */
function bestMp4(value: unknown): Video | undefined {
  let best: { url: string; height: number } | undefined;
  for (const [quality, list] of Object.entries(asObject(value) ?? {})) {
    const height = quality.toLowerCase() === '4k' ? 2160 : Number.parseInt(quality, 10) || 0;
    for (const source of Array.isArray(list) ? list : []) {
      const entry = asObject(source);
      const src = typeof entry?.['src'] === 'string' ? https(entry['src']) : undefined;
      const type = entry?.['type'] ?? 'video/mp4';
      if (src?.startsWith('https://') && type === 'video/mp4' && (!best || height > best.height)) best = { url: src, height };
    }
  }
  return best ? { url: best.url, mimeType: 'video/mp4' } : undefined;
}

/** A user's profile is their own host, `{name}.newgrounds.com`. */
export function authorOf(name: string | undefined): Author | undefined {
  return name && /^[A-Za-z0-9-]{1,40}$/.test(name) ? { name, url: `https://${name.toLowerCase()}.newgrounds.com/`, handle: name } : undefined;
}

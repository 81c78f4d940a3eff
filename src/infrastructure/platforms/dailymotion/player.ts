// Dailymotion's own URLs for one video: its page (what oEmbed is asked about) and its embed player,
// the card's video when no stream is known (docs/design.md §4: a player page, `text/html`).
import type { Video } from '../../../domain/card.js';
import { dailymotion } from '../../../domain/platforms/dailymotion.js';
import { originOf } from '../kit/origin.js';

export const DAILYMOTION_ORIGIN = originOf(dailymotion);

export function videoPageUrl(id: string): string {
  return `${DAILYMOTION_ORIGIN}/video/${id}`;
}

/**
 * The username a channel page URL names: Dailymotion channels live at `dailymotion.com/{username}`
 * (the player metadata's `owner.url` beside its `owner.username`, oEmbed's `author_url`). Any
 * other URL names no handle.
 */
export function handleOf(channelUrl: string): string | undefined {
  let url: URL;
  try {
    url = new URL(channelUrl);
  } catch {
    return undefined;
  }
  if (url.origin !== DAILYMOTION_ORIGIN) return undefined;
  const match = /^\/([A-Za-z0-9_-]+)\/?$/.exec(url.pathname);
  return match && !RESERVED.has(match[1]!.toLowerCase()) ? match[1] : undefined;
}

/** First path segments of Dailymotion's own pages, which are no channel. */
const RESERVED = new Set(['video', 'embed', 'playlist', 'search', 'user', 'player', 'services', 'live']);

/** The embed player (what the page's `og:video` and `twitter:player` name), with its size when known. */
export function embedPlayer(id: string, size: { width?: number; height?: number } = {}): Video {
  return { url: `${DAILYMOTION_ORIGIN}/embed/video/${id}`, mimeType: 'text/html', ...size };
}

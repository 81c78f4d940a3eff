// Dailymotion's own URLs for one video: its page (what oEmbed is asked about) and its embed player,
// the card's video when no stream is known (DESIGN §4: a player page, `text/html`).
import type { Video } from '../../../domain/card.js';
import { dailymotion } from '../../../domain/platforms/dailymotion.js';
import { originOf } from '../kit/origin.js';

export const DAILYMOTION_ORIGIN = originOf(dailymotion);

export function videoPageUrl(id: string): string {
  return `${DAILYMOTION_ORIGIN}/video/${id}`;
}

/** The embed player (what the page's `og:video` and `twitter:player` name), with its size when known. */
export function embedPlayer(id: string, size: { width?: number; height?: number } = {}): Video {
  return { url: `${DAILYMOTION_ORIGIN}/embed/video/${id}`, mimeType: 'text/html', ...size };
}

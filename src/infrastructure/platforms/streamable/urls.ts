// Streamable's own URLs for one video: its page (what oEmbed is asked about), its embed player
// (the card's video when no file is known: docs/design.md §4, a player page in `text/html`), and the API.
import type { Video } from '../../../domain/card.js';
import { STREAMABLE_HOSTS, streamable } from '../../../domain/platforms/streamable.js';
import { originOf } from '../kit/origin.js';

const ORIGIN = originOf(streamable);
export const STREAMABLE_API = `https://${STREAMABLE_HOSTS.api}`;

export function videoPageUrl(code: string): string {
  return `${ORIGIN}/${code}`;
}

export function embedPlayer(code: string, size: { width?: number; height?: number } = {}): Video {
  return { url: `${ORIGIN}/e/${code}`, mimeType: 'text/html', ...size };
}

/**
 * Streamable writes its media URLs without a scheme (`//cdn-cf-east.streamable.com/…`): https is
 * what they are served on. Anything else that is not https is dropped.
 */
export function httpsUrl(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const url = value.trim().startsWith('//') ? `https:${value.trim()}` : value.trim();
  return url.startsWith('https://') ? url : undefined;
}

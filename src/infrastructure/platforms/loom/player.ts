// Loom's own URLs for one recording: its share page (what oEmbed is asked about, and the page read
// when oEmbed fails) and its embed player, the card's video when no MP4 is handed out.
import type { Video } from '../../../domain/card.js';
import { loom } from '../../../domain/platforms/loom.js';
import { originOf } from '../kit/origin.js';

export const LOOM_ORIGIN = originOf(loom);

export function sharePage(id: string): string {
  return `${LOOM_ORIGIN}/share/${id}`;
}

/** The embed player (what oEmbed's iframe plays), with the size and length known. */
export function embedPlayer(id: string, details: Pick<Video, 'width' | 'height' | 'duration'> = {}): Video {
  return { url: `${LOOM_ORIGIN}/embed/${id}`, mimeType: 'text/html', ...details };
}

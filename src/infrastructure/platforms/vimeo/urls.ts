// Vimeo's own URLs for one video: its page (what oEmbed is asked about), its embed player (the
// card's video when no stream is known: docs/design.md §4, a player page in `text/html`) and the player's
// config. An unlisted video's hash goes into each, as Vimeo writes it there.
import type { Video } from '../../../domain/card.js';
import { VIMEO_HOSTS, vimeo } from '../../../domain/platforms/vimeo.js';
import { originOf } from '../kit/origin.js';

export const VIMEO_ORIGIN = originOf(vimeo);
const PLAYER_ORIGIN = `https://${VIMEO_HOSTS.player}`;

/** One video as the adapter asks about it. */
export interface VimeoVideoRef {
  id: string;
  /** An unlisted video's hash, when the URL (or oEmbed) gave it. */
  hash?: string;
}

export function videoPageUrl({ id, hash }: VimeoVideoRef): string {
  return hash ? `${VIMEO_ORIGIN}/${id}/${hash}` : `${VIMEO_ORIGIN}/${id}`;
}

export function playerConfigUrl({ id, hash }: VimeoVideoRef): string {
  return `${PLAYER_ORIGIN}/video/${id}/config${hash ? `?h=${hash}` : ''}`;
}

/** The embed player (what oEmbed's iframe and the page's og:video name), with its size when known. */
export function embedPlayer({ id, hash }: VimeoVideoRef, details: Pick<Video, 'width' | 'height' | 'duration'> = {}): Video {
  return { url: `${PLAYER_ORIGIN}/video/${id}${hash ? `?h=${hash}` : ''}`, mimeType: 'text/html', ...details };
}

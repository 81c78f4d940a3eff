// What Spotify's three answers share: the URLs of an item (its page, what oEmbed is asked about;
// its embed player), a `spotify:` URI read as a page URL, and how a card tells an item's length
// without claiming its 30-second preview lasts as long.
import type { Audio, Card } from '../../../domain/card.js';
import { clampDescription } from '../../../domain/card.js';
import { spotify } from '../../../domain/platforms/spotify.js';
import { utcTime } from '../kit/details.js';
import { originOf } from '../kit/origin.js';
import { nonEmpty } from '../kit/text.js';

export const SPOTIFY_ORIGIN = originOf(spotify);

export function itemUrl(type: string, id: string): string {
  return `${SPOTIFY_ORIGIN}/${type}/${id}`;
}

/** The page of `spotify:{artist|show|user}:{id}` (who made an item); undefined for any other URI. */
export function ownerUrl(uri: unknown): string | undefined {
  const match = /^spotify:(artist|show|user):([^:\s]{1,100})$/.exec(typeof uri === 'string' ? uri : '');
  return match ? `${SPOTIFY_ORIGIN}/${match[1]}/${encodeURIComponent(match[2]!)}` : undefined;
}

/** A preview or clip to play: an https MP3 (unless the page types it otherwise), never the whole item. */
export function preview(url: unknown, mimeType = 'audio/mpeg'): Audio | undefined {
  const href = nonEmpty(url);
  return href?.startsWith('https://') && mimeType.startsWith('audio/') ? { url: href, mimeType, preview: true } : undefined;
}

/** A release date (day precision, often before 2000: recordings reach back to the phonograph's). */
export function releaseTime(value: unknown): string | undefined {
  return utcTime(value, 'iso', { earliest: Date.UTC(1877, 0, 1) });
}

/**
 * The description: a first line of who made the item and how long it is (`SOPHIE · 3:52`; the
 * item's own length, which `audio.duration` would claim for the preview), then the item's text.
 */
export function description(summary: string | undefined, seconds: number | undefined, text: string | undefined): Pick<Card, 'description'> {
  const line = [summary, seconds === undefined ? undefined : clock(seconds)].filter(Boolean).join(' · ');
  const whole = [line, text].filter(Boolean).join('\n\n');
  return whole ? { description: clampDescription(whole) } : {};
}

/** `3:52`, `1:02:03`. */
function clock(seconds: number): string {
  const s = Math.floor(seconds);
  const [h, m, r] = [Math.floor(s / 3600), Math.floor((s % 3600) / 60), s % 60];
  const pad = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${pad(m)}:${pad(r)}` : `${m}:${pad(r)}`;
}

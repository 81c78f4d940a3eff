// YouTube oEmbed answer → card. Pure: tested on bodies alone (test/platforms, test/conformance).
import { UpstreamError } from '../../../application/errors.js';
import { mediaCard, type Card, type Video } from '../../../domain/card.js';
import { youtube } from '../../../domain/platforms/youtube.js';
import { readOembed } from '../kit/oembed.js';
import { originOf } from '../kit/origin.js';
import { nonEmpty, sizePair } from '../kit/text.js';

export const YOUTUBE_ORIGIN = originOf(youtube);

/** The embeddable player: the only playable form YouTube offers to other sites (docs/design.md §4). */
export function embedPlayer(videoId: string, size: { width?: number; height?: number } = {}): Video {
  return { url: `${YOUTUBE_ORIGIN}/embed/${videoId}`, mimeType: 'text/html', ...sizePair(size.width, size.height) };
}

/** An absolute https URL on youtube.com; old answers give relative (`/user/x`) or http URLs. */
export function youtubeUrl(value: unknown): string | undefined {
  const text = nonEmpty(value);
  if (!text) return undefined;
  try {
    const url = new URL(text, YOUTUBE_ORIGIN);
    if (url.protocol === 'http:') url.protocol = 'https:';
    return url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The channel's handle from its page URL, `https://www.youtube.com/@handle` (percent-decoded: a
 * handle may be in any script). Legacy `/user/`, `/c/` and `/channel/` URLs name no handle.
 */
export function handleOf(profileUrl: string | undefined): string | undefined {
  if (!profileUrl) return undefined;
  const match = /^\/@([^/?#]+)\/?$/.exec(new URL(profileUrl).pathname);
  if (!match) return undefined;
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    return undefined;
  }
}

/**
 * The card of `https://www.youtube.com/oembed?url=<watch URL>&format=json`. oEmbed has no
 * description, age flag, date, duration or view count: the player answer adds those (player.ts). Throws
 * UPSTREAM_BAD_RESPONSE for an answer that is not about this video (no title, or an iframe that
 * embeds something else, such as a playlist's `embed/videoseries`).
 */
export function parseOembed(body: unknown, videoId: string): Card {
  const oembed = readOembed(body);
  const title = oembed?.title;
  if (!title) throw new UpstreamError('UPSTREAM_BAD_RESPONSE', 'youtube: oEmbed answer has no title');
  if (oembed.html !== undefined && !oembed.html.includes(`/embed/${videoId}`)) {
    throw new UpstreamError('UPSTREAM_BAD_RESPONSE', `youtube: oEmbed answer does not embed video ${videoId}`);
  }

  const thumbnail = oembed.thumbnail && youtubeUrl(oembed.thumbnail.url);
  const poster = thumbnail ? { ...oembed.thumbnail, url: thumbnail } : undefined;
  const video = embedPlayer(videoId, { width: oembed.width, height: oembed.height });
  const card: Card = { ...mediaCard({ video, poster }), title, nsfw: false };

  const url = youtubeUrl(oembed.authorUrl);
  const handle = handleOf(url);
  if (oembed.authorName && url) card.author = handle ? { name: oembed.authorName, url, handle } : { name: oembed.authorName, url };
  return card;
}

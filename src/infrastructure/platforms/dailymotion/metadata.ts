// Dailymotion's player metadata (`/player/metadata/video/{id}`, what its own player reads, and
// yt-dlp after it): the video's title, owner, posters and streams, or the access error that says
// why it will not play. The request, and its answer read into a card or a reason.
import { UpstreamError } from '../../../application/errors.js';
import type { AdapterResult } from '../../../application/ports/platform-adapter.port.js';
import type { Author, Card, MediaImage, Video } from '../../../domain/card.js';
import type { Reason } from '../../../domain/reasons.js';
import { seconds, utcTime } from '../kit/details.js';
import { asObject, parseJson } from '../kit/json.js';
import { reasonForStatus } from '../kit/status.js';
import { nonEmpty } from '../kit/text.js';
import type { Upstream } from '../kit/upstream.js';
import { USER_AGENTS } from '../kit/user-agents.js';
import { DAILYMOTION_ORIGIN, embedPlayer, handleOf } from './player.js';

/**
 * `ff=off` turns the family filter off, as yt-dlp does for an adult viewer: an explicit video then
 * answers with its card (flagged `explicit`, so `nsfw`) instead of the DM008 refusal. It names no one.
 */
const HEADERS = { 'user-agent': USER_AGENTS.browser, cookie: 'ff=off' };

/**
 * The access errors (`error.code`) Dailymotion documents, as reasons. Any other code (live not
 * started DM003, still publishing or encoding DM006, DM011–DM013) says the video cannot play yet,
 * not that it is gone: `upstream-error`, so oEmbed may still give its player.
 */
const ACCESS_ERRORS: Readonly<Record<string, Reason>> = {
  DM001: 'not-found', // no such video
  DM002: 'not-found', // deleted
  DM004: 'not-found', // withheld as copyrighted
  DM005: 'not-found', // removed: terms of use, copyright claim
  DM007: 'region-locked',
  DM008: 'age-restricted', // explicit content
  DM009: 'age-restricted', // explicit content, embedded elsewhere
  DM010: 'private',
  DM014: 'blocked', // not offered to this device
  DM016: 'blocked', // only watchable on dailymotion.com
  DM019: 'blocked', // an inactive channel's upload, access limited
};

const HLS = 'application/vnd.apple.mpegurl';

export async function metadataCard(upstream: Upstream, id: string, signal: AbortSignal): Promise<AdapterResult> {
  // `app` as Dailymotion's web app (neon) names itself, as yt-dlp asks.
  const response = await upstream.getJson(`${DAILYMOTION_ORIGIN}/player/metadata/video/${id}?app=com.dailymotion.neon`, signal, HEADERS);
  const body = parseJson(response.text());
  // An access error names the reason, whatever status it comes with; otherwise the status does.
  const refused = reasonForStatus(response.status);
  if (refused && !asObject(asObject(body)?.['error'])) return { ok: false, reason: refused };
  return parseMetadata(body, id);
}

/** The metadata's card, or the reason its access error gives; throws UPSTREAM_BAD_RESPONSE when it has neither. */
export function parseMetadata(body: unknown, id: string): AdapterResult {
  const metadata = asObject(body);
  if (!metadata) throw new UpstreamError('UPSTREAM_BAD_RESPONSE', 'the Dailymotion player metadata is not a JSON object');
  const error = asObject(metadata['error']);
  if (error) return { ok: false, reason: ACCESS_ERRORS[String(error['code'])] ?? 'upstream-error' };
  // Its streams need the password, which no link carries.
  if (metadata['is_password_protected'] === true) return { ok: false, reason: 'private' };
  const title = nonEmpty(metadata['title']);
  if (!title) throw new UpstreamError('UPSTREAM_BAD_RESPONSE', 'the Dailymotion player metadata names no title');
  const video = streamOf(metadata['qualities']) ?? embedPlayer(id);
  // `duration` in seconds (0 for a live stream, which has none yet).
  const duration = seconds(metadata['duration']);
  if (duration !== undefined) video.duration = duration;
  const card: Card = { kind: 'video', title, nsfw: metadata['explicit'] === true, video };
  const author = ownerOf(metadata['owner']);
  if (author) card.author = author;
  const image = largestStill(metadata['posters'], metadata['thumbnails']);
  if (image) card.image = image;
  // `created_time`, epoch seconds. The metadata carries no view count (yt-dlp reads it from the
  // GraphQL API), no avatar and no verified flag: those stay absent.
  const publishedAt = utcTime(metadata['created_time'], 'epochSeconds');
  if (publishedAt) card.publishedAt = publishedAt;
  return { ok: true, card };
}

/**
 * A progressive MP4 (the tallest), as older answers listed per height; otherwise the adaptive HLS
 * playlist under `auto`, which is what current answers give.
 */
function streamOf(value: unknown): Video | undefined {
  const qualities = asObject(value);
  if (!qualities) return undefined;
  let mp4: { url: string; height: number } | undefined;
  for (const [label, list] of Object.entries(qualities)) {
    for (const { url, type } of streams(list)) {
      const height = Number.parseInt(label, 10) || 0;
      if (type === 'video/mp4' && (!mp4 || height > mp4.height)) mp4 = { url, height };
    }
  }
  if (mp4) return { url: mp4.url, mimeType: 'video/mp4' };
  const hls = streams(qualities['auto']).find(({ type }) => type === 'application/x-mpegurl' || type === HLS);
  return hls ? { url: hls.url, mimeType: HLS } : undefined;
}

/** The https entries of one quality's list, with their type in lower case. */
function streams(list: unknown): { url: string; type: string }[] {
  if (!Array.isArray(list)) return [];
  return list.flatMap((entry) => {
    const item = asObject(entry);
    const url = nonEmpty(item?.['url']);
    const type = nonEmpty(item?.['type'])?.toLowerCase();
    return url?.startsWith('https://') && type ? [{ url, type }] : [];
  });
}

/** The channel: its display name (`screenname`, else the username), its page, and the username as its handle. */
function ownerOf(value: unknown): Author | undefined {
  const owner = asObject(value);
  const username = nonEmpty(owner?.['username']);
  const name = nonEmpty(owner?.['screenname']) ?? username;
  const url = nonEmpty(owner?.['url']) ?? (username ? `${DAILYMOTION_ORIGIN}/${encodeURIComponent(username)}` : undefined);
  if (!name || !url) return undefined;
  const handle = username ?? handleOf(url);
  return handle ? { name, url, handle } : { name, url };
}

/**
 * The tallest still the answer offers: its `posters` and its `thumbnails` are both keyed by height
 * only (so no size pair is known), and either may stop short of the other's largest.
 */
function largestStill(...lists: unknown[]): MediaImage | undefined {
  let best: { url: string; height: number } | undefined;
  for (const list of lists) {
    for (const [label, still] of Object.entries(asObject(list) ?? {})) {
      const url = nonEmpty(still);
      const height = Number.parseInt(label, 10) || 0;
      if (url?.startsWith('https://') && (!best || height > best.height)) best = { url, height };
    }
  }
  return best ? { url: best.url } : undefined;
}

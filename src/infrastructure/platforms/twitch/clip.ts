// A clip through GQL, in one batch: the clip's card fields (a query of our own, as yt-dlp and
// cobalt send one) and its playback access token with the MP4 renditions (`VideoAccessToken_Clip`,
// the persisted query Twitch's web client sends; SOURCES.md). The request, and the answer read into
// a card or a reason.
import { UpstreamError } from '../../../application/errors.js';
import type { AdapterResult } from '../../../application/ports/platform-adapter.port.js';
import type { Card, Video } from '../../../domain/card.js';
import { TWITCH_HOSTS } from '../../../domain/platforms/twitch.js';
import { present, seconds, statsOf, utcTime } from '../kit/details.js';
import { asObject, type Json } from '../kit/json.js';
import { nonEmpty } from '../kit/text.js';
import type { Upstream } from '../kit/upstream.js';
import { readAccessToken, signedUrl } from './access-token.js';
import { channelOf, httpsUrl, playerPage, thumbnailOf } from './channel.js';
import { mergedField, requestGql, type GqlOperation } from './gql.js';

const CARD_QUERY = `query ClipCard($slug: ID!) {
  clip(slug: $slug) {
    id
    title
    createdAt
    durationSeconds
    viewCount
    thumbnailURL(width: 480, height: 272)
    broadcaster { login displayName profileImageURL(width: 70) }
  }
}`;

/** The persisted query's hash as SOURCES.md records it; Twitch rotates such hashes. */
const ACCESS_TOKEN_HASH = '36b89d2507fce29e5ca551df756d27c1cfe079e2609642b4390aa4c35796eb11';

export function clipOperations(slug: string): GqlOperation[] {
  return [
    { query: CARD_QUERY, variables: { slug } },
    { operationName: 'VideoAccessToken_Clip', variables: { slug }, extensions: { persistedQuery: { version: 1, sha256Hash: ACCESS_TOKEN_HASH } } },
  ];
}

export function clipPage(slug: string): string {
  return `https://${TWITCH_HOSTS.clips}/${slug}`;
}

export async function clipCard(upstream: Upstream, slug: string, signal: AbortSignal): Promise<AdapterResult> {
  const answer = await requestGql(upstream, clipOperations(slug), signal);
  return answer.ok ? parseClip(answer.results, slug, Date.now()) : answer;
}

/**
 * A token that no longer works signs nothing: the clip is still there (its card fields say so), so
 * it plays on its page. A minute's margin, as a URL about to expire is no better.
 */
const TOKEN_MARGIN_MS = 60_000;

/**
 * The clip's card from the batch's results: `clip: null` is a clip that does not exist (or was
 * deleted). The best MP4 signed with the access token is the video, expiring with the token; when
 * the token is missing (a rotated hash), refuses, or has expired by `nowMs`, the clip's page plays
 * it instead.
 */
export function parseClip(results: readonly Json[], slug: string, nowMs: number): AdapterResult {
  const clip = mergedField(results, 'clip');
  if (clip === null) return { ok: false, reason: 'not-found' };
  if (!clip) throw new UpstreamError('UPSTREAM_BAD_RESPONSE', 'the Twitch GQL answer names no clip');
  const author = channelOf(clip['broadcaster']);
  const title = nonEmpty(clip['title']) ?? (author ? `${author.name} (@${author.handle})` : undefined);
  if (!title) throw new UpstreamError('UPSTREAM_BAD_RESPONSE', 'the Twitch clip has neither a title nor a broadcaster');
  const duration = seconds(clip['durationSeconds']);
  const read = readAccessToken(clip['playbackAccessToken']);
  const token = read?.expiresAt !== undefined && read.expiresAt <= nowMs + TOKEN_MARGIN_MS ? undefined : read;
  const best = token ? bestRendition(clip['videoQualities']) : undefined;
  // The rendition's height alone is no size: a clip may be portrait, and its width is not given.
  const video: Video = best && token ? { url: signedUrl(best.url, token), mimeType: 'video/mp4', ...(duration ? { duration } : {}) } : playerPage(clipPage(slug), duration);
  const card: Card = {
    kind: 'video',
    title,
    nsfw: false,
    video,
    ...present({
      author,
      publishedAt: utcTime(clip['createdAt']),
      image: thumbnailOf(clip['thumbnailURL']),
      stats: statsOf({ views: clip['viewCount'] }),
    }),
  };
  return best && token?.expiresAt ? { ok: true, card, mediaExpiresAt: token.expiresAt } : { ok: true, card };
}

/** The tallest rendition (`quality` is its height: "1080", "720", …) with an https source. */
function bestRendition(value: unknown): { url: string } | undefined {
  if (!Array.isArray(value)) return undefined;
  let best: { url: string; height: number } | undefined;
  for (const entry of value) {
    const rendition = asObject(entry);
    const url = httpsUrl(rendition?.['sourceURL']);
    if (!url) continue;
    const height = Number.parseInt(String(rendition?.['quality']), 10) || 0;
    if (!best || height > best.height) best = { url, height };
  }
  return best;
}

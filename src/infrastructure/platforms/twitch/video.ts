// A past broadcast (VOD) through GQL, in one query of our own: the video's card fields and its
// playback access token, which signs the HLS master playlist on usher (as Twitch's player and
// yt-dlp ask for it). The request, and the answer read into a card or a reason.
import { UpstreamError } from '../../../application/errors.js';
import type { AdapterResult } from '../../../application/ports/platform-adapter.port.js';
import type { Card, Video } from '../../../domain/card.js';
import { TWITCH_HOSTS } from '../../../domain/platforms/twitch.js';
import { present, seconds, statsOf, utcTime } from '../kit/details.js';
import { asObject, type Json } from '../kit/json.js';
import { nonEmpty } from '../kit/text.js';
import type { Upstream } from '../kit/upstream.js';
import { readAccessToken, signedUrl } from './access-token.js';
import { channelOf, playerPage, thumbnailOf, TWITCH_ORIGIN } from './channel.js';
import { mergedField, requestGql, type GqlOperation } from './gql.js';

const CARD_QUERY = `query VideoCard($id: ID!) {
  video(id: $id) {
    id
    title
    description
    publishedAt
    lengthSeconds
    viewCount
    previewThumbnailURL(width: 640, height: 360)
    owner { login displayName profileImageURL(width: 70) }
  }
  videoPlaybackAccessToken(id: $id, params: {platform: "web", playerBackend: "mediaplayer", playerType: "site"}) {
    value
    signature
  }
}`;

const HLS = 'application/vnd.apple.mpegurl';

export function videoOperations(id: string): GqlOperation[] {
  return [{ query: CARD_QUERY, variables: { id } }];
}

export function videoPage(id: string): string {
  return `${TWITCH_ORIGIN}/videos/${id}`;
}

export async function videoCard(upstream: Upstream, id: string, signal: AbortSignal): Promise<AdapterResult> {
  const answer = await requestGql(upstream, videoOperations(id), signal);
  return answer.ok ? parseVideo(answer.results, id) : answer;
}

/**
 * The past broadcast's card: `video: null` is a video that does not exist (deleted, expired). The
 * master playlist signed with the token is the video; without a token the video page plays it.
 */
export function parseVideo(results: readonly Json[], id: string): AdapterResult {
  const video = mergedField(results, 'video');
  if (video === null) return { ok: false, reason: 'not-found' };
  if (!video) throw new UpstreamError('UPSTREAM_BAD_RESPONSE', 'the Twitch GQL answer names no video');
  const author = channelOf(video['owner']);
  const title = nonEmpty(video['title']) ?? (author ? `${author.name} (@${author.handle})` : undefined);
  if (!title) throw new UpstreamError('UPSTREAM_BAD_RESPONSE', 'the Twitch video has neither a title nor an owner');
  const duration = seconds(video['lengthSeconds']);
  const token = readAccessToken(tokenOf(results));
  const stream: Video = token ? { url: signedUrl(masterPlaylist(id), token), mimeType: HLS, ...(duration ? { duration } : {}) } : playerPage(videoPage(id), duration);
  const card: Card = {
    kind: 'video',
    title,
    nsfw: false,
    video: stream,
    ...present({
      description: nonEmpty(video['description'])?.slice(0, 4096),
      author,
      publishedAt: utcTime(video['publishedAt']),
      image: thumbnailOf(video['previewThumbnailURL']),
      stats: statsOf({ views: video['viewCount'] }),
    }),
  };
  return token?.expiresAt ? { ok: true, card, mediaExpiresAt: token.expiresAt } : { ok: true, card };
}

function tokenOf(results: readonly Json[]): unknown {
  for (const result of results) {
    const token = asObject(result['data'])?.['videoPlaybackAccessToken'];
    if (token) return token;
  }
  return undefined;
}

/** The HLS master playlist of a past broadcast, every rendition (`allow_source`: the original too). */
function masterPlaylist(id: string): string {
  const query = new URLSearchParams({ allow_source: 'true', allow_audio_only: 'true', platform: 'web', player: 'twitchweb', playlist_include_framerate: 'true' });
  return `https://${TWITCH_HOSTS.usher}/vod/${id}.m3u8?${query.toString()}`;
}

// api-v2 `/resolve?url={permalink}`: the track or set a permalink names, as the web app reads it.
// The request, and its answer read into a card (a track's artwork as the image; a set's artwork
// and track count), the transcodings a track can be streamed from, or the reason its `policy` gives.
import { UpstreamError } from '../../../application/errors.js';
import type { HttpResponse } from '../../../application/ports/http.port.js';
import { clampDescription, type Author, type Card, type MediaImage } from '../../../domain/card.js';
import { SOUNDCLOUD_HOST } from '../../../domain/platforms/soundcloud.js';
import type { Reason } from '../../../domain/reasons.js';
import { count as countOf, present, statsOf, utcTime } from '../kit/details.js';
import { asObject, parseJson, type Json } from '../kit/json.js';
import { reasonForStatus } from '../kit/status.js';
import { nonEmpty } from '../kit/text.js';
import type { SoundcloudApi } from './api.js';
import { readTranscodings, type Transcoding } from './stream.js';

const ENDPOINT = `https://${SOUNDCLOUD_HOST.api}/resolve`;

/** What a permalink resolves to: a card, and for a track what its stream is asked with. */
export type Resolved =
  | { ok: true; card: Card; permalinkUrl?: string; stream?: { transcodings: Transcoding[]; trackAuthorization?: string; preview: boolean } }
  | { ok: false; reason: Reason };

export async function requestResolve(api: SoundcloudApi, permalink: string, signal: AbortSignal): Promise<Resolved> {
  const response = await api.getJson(ENDPOINT, { url: permalink }, signal);
  if ('reason' in response) return { ok: false, reason: response.reason };
  return readResolveResponse(response);
}

export function readResolveResponse(response: HttpResponse): Resolved {
  const refused = reasonForStatus(response.status);
  if (refused) return { ok: false, reason: refused };
  return parseResolved(parseJson(response.text()));
}

/**
 * The card of a track or a set. A track whose `policy` is BLOCK is withheld in this service's
 * region (its transcodings are empty): `region-locked`. SNIP (a Go+ track) plays a 30 s preview.
 */
export function parseResolved(body: unknown): Resolved {
  const item = asObject(body);
  // SoundCloud's own `kind` of the item, not the card's.
  const itemType = item?.['kind'];
  // A user (a profile's permalink): not a post.
  if (itemType === 'user') return { ok: false, reason: 'unsupported' };
  const title = nonEmpty(item?.['title']);
  if (!item || !title || (itemType !== 'track' && itemType !== 'playlist')) throw new UpstreamError('UPSTREAM_BAD_RESPONSE', 'the SoundCloud resolve answer is not a titled track or set');
  if (itemType === 'track' && item['policy'] === 'BLOCK') return { ok: false, reason: 'region-locked' };

  const image = artworkOf(item['artwork_url']) ?? (itemType === 'playlist' ? firstTrackArtwork(item['tracks']) : undefined);
  const card: Card = {
    kind: image ? 'image' : 'link',
    title,
    ...present({
      description: itemType === 'playlist' ? setDescription(item) : textOf(item['description']),
      author: authorOf(item['user']),
      publishedAt: utcTime(item['created_at']),
      stats: statsOf({ likes: item['likes_count'], reposts: item['reposts_count'], replies: item['comment_count'], views: item['playback_count'] }),
    }),
    // The label's explicit-content mark.
    nsfw: asObject(item['publisher_metadata'])?.['explicit'] === true,
    ...present({ image }),
  };
  const permalinkUrl = nonEmpty(item['permalink_url']);
  const resolved: Resolved = { ok: true, card, ...present({ permalinkUrl }) };
  if (itemType === 'track') {
    const trackAuthorization = nonEmpty(item['track_authorization']);
    resolved.stream = {
      transcodings: readTranscodings(item['media']),
      ...present({ trackAuthorization }),
      preview: item['policy'] === 'SNIP',
    };
  }
  return resolved;
}

/** A set: its track count, then its own description when it has one. */
function setDescription(set: Json): string | undefined {
  const count = countOf(set['track_count']);
  const text = textOf(set['description']);
  const tracks = count === undefined ? undefined : `${count} ${count === 1 ? 'track' : 'tracks'}`;
  return [tracks, text].filter(Boolean).join('\n\n') || undefined;
}

function textOf(value: unknown): string | undefined {
  const text = nonEmpty(typeof value === 'string' ? value.replace(/\r\n?/g, '\n') : value);
  return text ? clampDescription(text) : undefined;
}

/**
 * The artwork at 500×500: the API names the 100×100 `-large` rendition, and SoundCloud serves every
 * size under the same name with its own suffix (the page and oEmbed name `-t500x500`).
 */
function artworkOf(value: unknown): MediaImage | undefined {
  const url = nonEmpty(value);
  if (!url?.startsWith('https://')) return undefined;
  const large = /-large(\.(?:jpg|png))$/;
  return large.test(url) ? { url: url.replace(large, '-t500x500$1'), width: 500, height: 500 } : { url };
}

/** A set without its own artwork shows its first track's, as SoundCloud does. */
function firstTrackArtwork(tracks: unknown): MediaImage | undefined {
  return Array.isArray(tracks) ? artworkOf(asObject(tracks[0])?.['artwork_url']) : undefined;
}

function authorOf(value: unknown): Author | undefined {
  const user = asObject(value);
  const handle = nonEmpty(user?.['permalink']);
  const name = nonEmpty(user?.['username']) ?? handle;
  const url = nonEmpty(user?.['permalink_url']);
  if (!user || !name || !url) return undefined;
  const avatar = nonEmpty(user['avatar_url']);
  return {
    name,
    url,
    ...present({ handle, avatar: avatar?.startsWith('https://') ? avatar : undefined }),
    ...(typeof user['verified'] === 'boolean' ? { verified: user['verified'] } : {}),
  };
}

// VK's API as its video app calls it anonymously (cobalt after it): an anonymous token, then
// `video.get` for one video — title, text, date, counts, thumbnails, and the files or the player.
// The requests, and the answers read into a token, a card or a reason.
import { UpstreamError } from '../../../application/errors.js';
import type { AdapterResult } from '../../../application/ports/platform-adapter.port.js';
import type { Author, Card, MediaImage, Video } from '../../../domain/card.js';
import type { Reason } from '../../../domain/reasons.js';
import { present, seconds, statsOf, utcTime } from '../kit/details.js';
import { asObject, objectsOf, parseJson, type Json } from '../kit/json.js';
import { reasonForStatus } from '../kit/status.js';
import { nonEmpty, positiveInt, sizePair } from '../kit/text.js';
import type { Upstream } from '../kit/upstream.js';
import { queryExpiry } from '../kit/url-expiry.js';

const API = 'https://api.vk.ru/method';
const VERSION = '5.274';
// VK Video's iOS app, as cobalt and others present themselves: its User-Agent (VK's CDN serves the
// files to it) and its public client id and secret, which the anonymous token is asked with.
const APP_USER_AGENT = 'com.vk.vkvideo.prod/1955 (iPhone, iOS 16.7.15)';
const APP = { client_id: '51552953', client_secret: 'qgr0yWwXCrsxA1jnRtRX' };

/** API error codes (`error.error_code`, always with HTTP 200) that say something of the post or of us. */
const API_ERRORS: Readonly<Record<number, Reason>> = {
  6: 'rate-limited', // too many requests per second
  9: 'rate-limited', // flood control
  29: 'rate-limited', // the method's rate limit
  15: 'private', // access denied
  30: 'private', // the profile is private
  18: 'not-found', // the page was deleted or banned
  5: 'blocked', // the anonymous token was refused
};

// Largest first: the first file present is the card's video.
const MP4_HEIGHTS = ['2160', '1440', '1080', '720', '480', '360', '240', '144'];

export async function videoGetCard(upstream: Upstream, owner: string, id: string, signal: AbortSignal): Promise<AdapterResult> {
  const headers = { 'user-agent': APP_USER_AGENT };
  const tokenResponse = await upstream.getJson(`${API}/auth.getAnonymToken?${new URLSearchParams({ ...APP, v: VERSION })}`, signal, headers);
  const token = readToken(tokenResponse.status, tokenResponse.text());
  if (!token.ok) return token;
  // The token travels in the query (VK takes GET and POST alike), where log lines mask it.
  const query = new URLSearchParams({ videos: `${owner}_${id}`, extended: '1', lang: 'en', v: VERSION, anonymous_token: token.token });
  const response = await upstream.getJson(`${API}/video.get?${query}`, signal, headers);
  const refused = reasonForStatus(response.status);
  if (refused) return { ok: false, reason: refused };
  const result = parseVideoGet(parseJson(response.text()));
  // The files play only for the app's User-Agent: the proxy sends it (never a player page).
  return result.ok && result.card.video?.mimeType !== 'text/html' ? { ...result, mediaHeaders: headers } : result;
}

/** `auth.getAnonymToken`'s `response.token`, or the reason it gave none. */
function readToken(status: number, text: string): { ok: true; token: string } | { ok: false; reason: Reason } {
  const refused = reasonForStatus(status);
  if (refused) return { ok: false, reason: refused };
  const body = asObject(parseJson(text));
  const error = apiError(body);
  if (error) return { ok: false, reason: error };
  const token = nonEmpty(asObject(body?.['response'])?.['token']);
  if (!token) throw new UpstreamError('UPSTREAM_BAD_RESPONSE', 'VK gave no anonymous token');
  return { ok: true, token };
}

function apiError(body: Json | undefined): Reason | undefined {
  const error = asObject(body?.['error']);
  return error ? (API_ERRORS[Number(error['error_code'])] ?? 'upstream-error') : undefined;
}

/**
 * The card of `video.get`'s one item, or a reason. An empty list (`count 0`) is VK's answer for a
 * video it will not show an anonymous viewer — private, deleted or another's alike — read as
 * `private` (not hidden from everyone, perhaps; hidden from us): the video page, asked next, tells a
 * deleted one (404) apart.
 */
export function parseVideoGet(body: unknown): AdapterResult {
  const envelope = asObject(body);
  const error = apiError(envelope);
  if (error) return { ok: false, reason: error };
  const response = asObject(envelope?.['response']);
  if (!response) throw new UpstreamError('UPSTREAM_BAD_RESPONSE', 'the VK video.get answer has neither response nor error');
  const item = objectsOf(response['items'])[0];
  if (!item) return { ok: false, reason: 'private' };
  const title = nonEmpty(item['title']);
  if (!title) throw new UpstreamError('UPSTREAM_BAD_RESPONSE', 'the VK video has no title');
  const video = fileOf(item['files']) ?? playerOf(item);
  if (!video) throw new UpstreamError('UPSTREAM_BAD_RESPONSE', 'the VK video has neither files nor a player');
  const duration = seconds(item['duration']);
  if (duration !== undefined) video.duration = duration;
  const card: Card = {
    kind: 'video',
    title,
    nsfw: false,
    video,
    ...present({
      description: nonEmpty(item['description']),
      author: authorOf(Number(item['owner_id']), response),
      image: largestImage(item['image']),
      publishedAt: utcTime(item['date'], 'epochSeconds'),
      stats: statsOf({ views: item['views'], replies: item['comments'], likes: asObject(item['likes'])?.['count'], reposts: asObject(item['reposts'])?.['count'] }),
    }),
  };
  const expiresAt = video.mimeType === 'text/html' ? undefined : queryExpiry(video.url, 'expires');
  return expiresAt ? { ok: true, card, mediaExpiresAt: expiresAt } : { ok: true, card };
}

/** The tallest progressive MP4 (`files.mp4_{height}`), else the HLS playlist. */
function fileOf(value: unknown): Video | undefined {
  const files = asObject(value);
  for (const height of MP4_HEIGHTS) {
    const url = https(files?.[`mp4_${height}`]);
    if (url) return { url, mimeType: 'video/mp4' };
  }
  const hls = https(files?.['hls']);
  return hls ? { url: hls, mimeType: 'application/vnd.apple.mpegurl' } : undefined;
}

/**
 * The player iframe (`video_ext.php?oid=&id=&hash=`), as the video page's og:video names it: the
 * API's own additions (`__ref`, `api_hash`, minted for our token) left out.
 */
function playerOf(item: Json): Video | undefined {
  const player = https(item['player']);
  if (!player) return undefined;
  const url = new URL(player);
  for (const name of ['__ref', 'api_hash']) url.searchParams.delete(name);
  return { url: url.href, mimeType: 'text/html', ...sizePair(item['width'], item['height']) };
}

/** The owner, from the `extended` answer's profiles (users) or groups (communities, negative ids). */
function authorOf(ownerId: number, response: Json): Author | undefined {
  if (!Number.isSafeInteger(ownerId) || ownerId === 0) return undefined;
  const list = ownerId < 0 ? response['groups'] : response['profiles'];
  const owner = objectsOf(list).find((entry) => entry?.['id'] === Math.abs(ownerId));
  if (!owner) return undefined;
  const name = nonEmpty(owner['name']) ?? nonEmpty([owner['first_name'], owner['last_name']].filter((part) => typeof part === 'string').join(' '));
  if (!name) return undefined;
  const handle = nonEmpty(owner['screen_name']);
  const avatar = https(owner['photo_200']) ?? https(owner['photo_100']);
  const url = `https://vk.com/${handle ?? (ownerId < 0 ? `club${-ownerId}` : `id${ownerId}`)}`;
  return { name, url, ...present({ handle, avatar }) };
}

/** The widest of `image[]`, with its size (the captures list it last; the order is not promised). */
function largestImage(value: unknown): MediaImage | undefined {
  let best: MediaImage | undefined;
  for (const image of objectsOf(value)) {
    const url = https(image?.['url']);
    if (url && (!best || (positiveInt(image?.['width']) ?? 0) > (best.width ?? 0))) best = { url, ...sizePair(image?.['width'], image?.['height']) };
  }
  return best;
}

function https(value: unknown): string | undefined {
  const url = nonEmpty(value);
  return url?.startsWith('https://') ? url : undefined;
}

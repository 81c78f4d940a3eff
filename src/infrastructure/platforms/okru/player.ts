// OK's video page (or its embed player): the player's `data-options` JSON, whose
// `flashvars.metadata` is itself JSON in a string (title, poster, duration, author, likes, the MP4s
// and the HLS playlist), and the page's head (text, upload date, the adult mark); or the stub that
// says why there is no player. The request, and the page read into a card or a reason.
import { UpstreamError } from '../../../application/errors.js';
import type { AdapterResult } from '../../../application/ports/platform-adapter.port.js';
import type { Author, Card, Video } from '../../../domain/card.js';
import { present, seconds, statsOf, utcTime } from '../kit/details.js';
import { readMetaTags } from '../kit/head.js';
import { asObject, objectsOf, parseJson, type Json } from '../kit/json.js';
import { reasonForStatus } from '../kit/status.js';
import { endOfStartTag, tagAttributes } from '../kit/tags.js';
import { htmlToText, nonEmpty } from '../kit/text.js';
import type { Upstream } from '../kit/upstream.js';
import { queryExpiry } from '../kit/url-expiry.js';
import { pageWithoutPost } from '../kit/walls.js';

const ORIGIN = 'https://ok.ru';
const HLS = 'application/vnd.apple.mpegurl';
// `videos[].name`, smallest first: the largest one allowed is the card's video.
const QUALITIES = ['mobile', 'lowest', 'low', 'sd', 'hd', 'full', 'quad', 'ultra'];

export async function playerCard(upstream: Upstream, path: 'video' | 'videoembed', id: string, signal: AbortSignal): Promise<AdapterResult> {
  const response = await upstream.page(`${ORIGIN}/${path}/${id}`, 'browser', signal, { headers: { 'accept-language': 'en' } });
  const refused = reasonForStatus(response.status);
  if (refused) return { ok: false, reason: refused };
  return parsePlayerPage(response.text(), id);
}

// The stub's texts (`vp_video_stub_txt`, English and Russian pages).
const GONE = /not been found|blocked|deleted|removed|не найден|заблокирован|удал[её]н/i;
const RESTRICTED = /Access to this video is restricted|Доступ к (?:этому )?видео ограничен/i;

/** The card the page's player data and head make, or the reason its stub gives. */
export function parsePlayerPage(html: string, id: string): AdapterResult {
  const metadata = playerMetadata(html);
  if (!metadata) {
    if (RESTRICTED.test(html)) return { ok: false, reason: 'private' };
    const stub = /class="vp_video_stub_txt"[^>]*>([^<]{0,500})/.exec(html)?.[1] ?? '';
    if (GONE.test(stub)) return { ok: false, reason: 'not-found' };
    return { ok: false, reason: pageWithoutPost(html) };
  }
  const movie = asObject(metadata['movie']);
  const title = nonEmpty(movie?.['title']);
  if (!title) throw new UpstreamError('UPSTREAM_BAD_RESPONSE', 'the OK player metadata names no title');
  const { video, expiresAt } = streamOf(metadata) ?? { video: { url: `${ORIGIN}/videoembed/${id}`, mimeType: 'text/html' } };
  const duration = seconds(movie?.['duration']);
  if (duration !== undefined) video.duration = duration;
  const meta = readMetaTags(html);
  const poster = nonEmpty(movie?.['poster']);
  const card: Card = {
    kind: 'video',
    title,
    nsfw: meta.get('ya:ovs:adult') === 'true',
    video,
    ...present({
      description: nonEmpty(htmlToText(meta.get('og:description') ?? '')),
      author: authorOf(metadata['author']),
      image: poster?.startsWith('https://') ? { url: poster } : undefined,
      // A date without a time (`2018-05-28`), as OK states it: read as that day's start, UTC.
      publishedAt: utcTime(meta.get('ya:ovs:upload_date')),
      stats: statsOf({ likes: metadata['likeCount'] }),
    }),
  };
  return expiresAt ? { ok: true, card, mediaExpiresAt: expiresAt } : { ok: true, card };
}

/** `data-options` of the OKVideo player, then its `flashvars.metadata` string, each parsed as JSON. */
function playerMetadata(html: string): Json | undefined {
  const at = html.indexOf('data-module="OKVideo"');
  if (at < 0) return undefined;
  const start = html.lastIndexOf('<', at);
  const end = endOfStartTag(html, start + 1);
  if (start < 0 || end < 0) return undefined;
  const options = asObject(parseJson(tagAttributes(html.slice(start, end + 1))['data-options'] ?? ''));
  const metadata = nonEmpty(asObject(options?.['flashvars'])?.['metadata']);
  return metadata ? asObject(parseJson(metadata)) : undefined;
}

/** The largest MP4 the player may play (`disallowed` ones are above the quality it offers), else the HLS playlist. */
function streamOf(metadata: Json): { video: Video; expiresAt?: number } | undefined {
  let best: { url: string; rank: number } | undefined;
  for (const entry of objectsOf(metadata['videos'])) {
    const url = nonEmpty(entry?.['url']);
    const rank = QUALITIES.indexOf(String(entry?.['name']));
    if (url?.startsWith('https://') && entry?.['disallowed'] !== true && rank >= 0 && rank > (best?.rank ?? -1)) best = { url, rank };
  }
  const hls = [metadata['hlsManifestUrl'], metadata['ondemandHls']].map(nonEmpty).find((url) => url?.startsWith('https://'));
  const video: Video | undefined = best ? { url: best.url, mimeType: 'video/mp4' } : hls ? { url: hls, mimeType: HLS } : undefined;
  if (!video) return undefined;
  const expiresAt = queryExpiry(video.url, 'expires');
  return expiresAt ? { video, expiresAt } : { video };
}

/** The channel or user: its name, and its page from the path `profile` gives. */
function authorOf(value: unknown): Author | undefined {
  const author = asObject(value);
  const name = nonEmpty(author?.['name']);
  const profile = nonEmpty(author?.['profile']);
  return name && profile?.startsWith('/') ? { name, url: `${ORIGIN}${profile}` } : undefined;
}

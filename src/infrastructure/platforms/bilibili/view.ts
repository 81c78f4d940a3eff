// Bilibili's video view (`/x/web-interface/view`, SOURCES.md): title, description, uploader, cover,
// date, counts and parts. The request, and its `data` read into a card whose video is the
// embeddable player, with the part's `cid` the playurl request asks for a file by.
import { UpstreamError } from '../../../application/errors.js';
import { clampDescription, type Author, type Card, type Video } from '../../../domain/card.js';
import { BILIBILI_HOSTS, BVID } from '../../../domain/platforms/bilibili.js';
import type { Reason } from '../../../domain/reasons.js';
import { count, seconds, statsOf, utcTime } from '../kit/details.js';
import { asObject, objectsOf, type Json } from '../kit/json.js';
import { nonEmpty, sizePair } from '../kit/text.js';
import type { Upstream } from '../kit/upstream.js';
import { getApi, httpsUrl } from './api.js';

/** A video as the API names it: `bvid=BV…`, or `aid=…` for an av number without a BV id. */
export type VideoId = { bvid: string } | { aid: string };

export interface ViewedVideo {
  /** The card, its video the embeddable player. */
  card: Card & { video: Video };
  /** The video and part as the playurl request names them; absent when the answer gives no cid. */
  stream?: { id: VideoId; cid: number };
}

export type ViewResult = { ok: true; viewed: ViewedVideo } | { ok: false; reason: Reason };

export async function viewVideo(upstream: Upstream, id: VideoId, part: number, signal: AbortSignal): Promise<ViewResult> {
  const answer = await getApi(upstream, `/x/web-interface/view?${new URLSearchParams(id)}`, signal);
  return answer.ok ? parseView(answer.data, id, part) : answer;
}

/**
 * The card of part `part` (1 for the video as a whole): a part past the first is titled with its
 * name, and its duration, size and cid are the part's; a part the video does not have is not found.
 */
export function parseView(data: unknown, asked: VideoId, part: number): ViewResult {
  const view = asObject(data);
  const title = nonEmpty(view?.['title']);
  if (!view || !title) throw new UpstreamError('UPSTREAM_BAD_RESPONSE', 'the Bilibili view answer names no title');
  const pages = objectsOf(view['pages']);
  const page = pages[part - 1];
  if (part > 1 && !page) return { ok: false, reason: 'not-found' };
  const id = idOf(view) ?? asked;
  const partName = part > 1 ? nonEmpty(page?.['part']) : undefined;
  const video: Video = { ...player(id, part), ...sizeOf(page?.['dimension'] ?? view['dimension']) };
  const duration = seconds(page?.['duration'] ?? view['duration']);
  if (duration !== undefined) video.duration = duration;
  const card: Card & { video: Video } = { kind: 'video', title: part > 1 ? `${title} · P${part}${partName ? ` ${partName}` : ''}` : title, nsfw: false, video };
  // `-` is what Bilibili shows for a video without a description.
  const description = nonEmpty(view['desc']);
  if (description && description !== '-') card.description = clampDescription(description);
  const author = ownerOf(view['owner']);
  if (author) card.author = author;
  const cover = httpsUrl(view['pic']);
  if (cover) card.image = { url: cover };
  const publishedAt = utcTime(view['pubdate'], 'epochSeconds');
  if (publishedAt) card.publishedAt = publishedAt;
  const stat = asObject(view['stat']);
  const stats = stat && statsOf({ views: stat['view'], likes: stat['like'], replies: stat['reply'], reposts: stat['share'], bookmarks: stat['favorite'] });
  if (stats) card.stats = stats;
  const cid = count(page?.['cid'] ?? view['cid']);
  return { ok: true, viewed: cid ? { card, stream: { id, cid } } : { card } };
}

/** The embeddable player of one part (docs/design.md §3: `?bvid=…[&p=n]`), a page any browser opens. */
export function player(id: VideoId, part: number): Video {
  const query = new URLSearchParams(id);
  if (part > 1) query.set('p', String(part));
  return { url: `https://${BILIBILI_HOSTS.player}/player.html?${query}`, mimeType: 'text/html' };
}

/** The answer's own BV id, else its av number. */
function idOf(view: Json): VideoId | undefined {
  const bvid = nonEmpty(view['bvid']);
  if (bvid && new RegExp(`^${BVID.source}$`).test(bvid)) return { bvid };
  const aid = count(view['aid']);
  return aid ? { aid: String(aid) } : undefined;
}

/** Width and height as the video plays: `rotate` 1 means the frame is turned a quarter. */
function sizeOf(value: unknown): { width?: number; height?: number } {
  const dimension = asObject(value);
  if (!dimension) return {};
  const turned = dimension['rotate'] === 1;
  return sizePair(dimension[turned ? 'height' : 'width'], dimension[turned ? 'width' : 'height']);
}

/** The uploader: name, profile page on space.bilibili.com by `mid`, avatar. No handle: Bilibili names users by number. */
function ownerOf(value: unknown): Author | undefined {
  const owner = asObject(value);
  const name = nonEmpty(owner?.['name']);
  const mid = count(owner?.['mid']);
  if (!name || !mid) return undefined;
  const avatar = httpsUrl(owner?.['face']);
  const author: Author = { name, url: `https://space.bilibili.com/${mid}` };
  if (avatar) author.avatar = avatar;
  return author;
}

// The Imgur web app's own post API (`/post/v1/media/{id}` for a file's post, `/post/v1/albums/{id}`
// for an album or gallery post), asked with the web app's public client id as imgur.com's pages
// ask it (and yt-dlp after them). Its answer: the post's title, description, uploader, counts,
// `is_mature`, and `media[]` (each file's URL, type, size, and `metadata` with `has_sound` and
// `duration`). The request, and its answer read into a card or a reason.
import { UpstreamError } from '../../../application/errors.js';
import type { AdapterResult } from '../../../application/ports/platform-adapter.port.js';
import type { Card, Video } from '../../../domain/card.js';
import { IMGUR_HOST } from '../../../domain/platforms/imgur.js';
import { present, seconds, statsOf, utcTime } from '../kit/details.js';
import { asObject, parseJson, type Json } from '../kit/json.js';
import { reasonForStatus } from '../kit/status.js';
import { nonEmpty, sizePair } from '../kit/text.js';
import type { Upstream } from '../kit/upstream.js';
import { filesCard, plainText, uploader, type ImgurFile } from './media.js';
import { getUnlessRemoved, isRemoved } from './removed.js';

/** The public id imgur.com's web app sends (not an account's): the same for every visitor. */
const WEB_APP_CLIENT_ID = '546c25a59c58ad7';
const API = `https://${IMGUR_HOST.api}/post/v1`;

/** The post API's resource: a file's post (`media`) or an album or gallery post (`albums`). */
export type PostResource = 'media' | 'albums';

export async function postCard(upstream: Upstream, resource: PostResource, id: string, signal: AbortSignal): Promise<AdapterResult> {
  const query = new URLSearchParams({ client_id: WEB_APP_CLIENT_ID, include: 'media,account' });
  const response = await getUnlessRemoved(upstream, `${API}/${resource}/${id}?${query.toString()}`, signal);
  if (response === 'removed') return { ok: false, reason: 'not-found' };
  const refused = reasonForStatus(response.status);
  if (refused) return { ok: false, reason: refused };
  return parsePost(parseJson(response.text()));
}

/** The post's card; `not-found` when its files are gone. Throws UPSTREAM_BAD_RESPONSE when it is not a post. */
export function parsePost(body: unknown): AdapterResult {
  const post = asObject(body);
  if (!post || typeof post['id'] !== 'string') throw new UpstreamError('UPSTREAM_BAD_RESPONSE', 'the Imgur post answer is not a post');
  const items = Array.isArray(post['media']) ? post['media'].map(asObject).filter((m): m is Json => m !== undefined) : [];
  if (items.length > 0 && items.every((m) => isRemoved(nonEmpty(m['url'])))) return { ok: false, reason: 'not-found' };
  const files = items.flatMap(fileOf);
  const first = asObject(items[0]?.['metadata']);
  const title = plainText(post['title']) ?? plainText(first?.['title']);
  const description = plainText(post['description']) ?? plainText(first?.['description']);
  const account = asObject(post['account']);
  const publishedAt = utcTime(post['created_at']);
  const updatedAt = utcTime(post['updated_at']);
  const card: Card = {
    ...filesCard(files),
    ...present({
      title,
      description,
      author: uploader(nonEmpty(account?.['username']), nonEmpty(account?.['avatar_url'])),
      publishedAt,
      editedAt: updatedAt !== publishedAt ? updatedAt : undefined,
      stats: statsOf({ views: post['view_count'], likes: post['upvote_count'], replies: post['comment_count'], bookmarks: post['favorite_count'], score: post['point_count'] }),
    }),
    nsfw: post['is_mature'] === true,
  };
  if (files.length === 0 && !title) throw new UpstreamError('UPSTREAM_BAD_RESPONSE', 'the Imgur post has neither a file nor a title');
  return { ok: true, card };
}

/** One file: a video (`type: video`, an MP4, the form gifv and GIF uploads are served in) or a picture. */
function fileOf(item: Json): ImgurFile[] {
  const url = nonEmpty(item['url']);
  if (!url?.startsWith('https://') || isRemoved(url)) return [];
  const size = sizePair(item['width'], item['height']);
  const mimeType = nonEmpty(item['mime_type'])?.toLowerCase();
  if (item['type'] === 'video' || mimeType?.startsWith('video/')) {
    const metadata = asObject(item['metadata']);
    const duration = seconds(metadata?.['duration']);
    const video: Video = { url, mimeType: mimeType ?? 'video/mp4', ...size, ...present({ duration }) };
    if (typeof metadata?.['has_sound'] === 'boolean') video.hasAudio = metadata['has_sound'];
    const id = nonEmpty(item['id']);
    return [id ? { video, id } : { video }];
  }
  return [{ image: { url, ...size } }];
}

// pixiv's web API for one artwork (`/ajax/illust/{id}`, what the artwork page itself reads, and
// PixivUtil2 and gallery-dl after it): title, caption, author, date, counts, the R-18 mark and the
// first page's files. The request, and its answer read into a card or a reason.
import { UpstreamError } from '../../../application/errors.js';
import type { AdapterResult } from '../../../application/ports/platform-adapter.port.js';
import { clampDescription, mediaCard, type Card, type MediaImage } from '../../../domain/card.js';
import { pixiv } from '../../../domain/platforms/pixiv.js';
import { statsOf, utcTime } from '../kit/details.js';
import { asObject, parseJson, type Json } from '../kit/json.js';
import { originOf } from '../kit/origin.js';
import { reasonForStatus } from '../kit/status.js';
import { htmlToText, nonEmpty, positiveInt, sizePair } from '../kit/text.js';
import type { Upstream } from '../kit/upstream.js';
import { USER_AGENTS } from '../kit/user-agents.js';

export const PIXIV_ORIGIN = originOf(pixiv);

/** What i.pximg.net wants before it serves a file (403 otherwise): sealed in the `/v/` tokens, never shown. */
export const MEDIA_HEADERS = { referer: `${PIXIV_ORIGIN}/` } as const;

/** ugoira (`illustType` 2): an animation, read as its first frame. */
const UGOIRA = 2;

export async function illustCard(upstream: Upstream, id: string, signal: AbortSignal): Promise<AdapterResult> {
  const response = await upstream.getJson(`${PIXIV_ORIGIN}/ajax/illust/${id}`, signal, { 'user-agent': USER_AGENTS.browser, referer: `${PIXIV_ORIGIN}/` });
  const result = parseIllust(response.status, parseJson(response.text()), id);
  return result.ok ? { ...result, mediaHeaders: MEDIA_HEADERS } : result;
}

/**
 * The card, or the reason: a refusing status names it (404 with `{"error":true}` for a deleted or
 * unknown id); `error: true` under a 2xx is an error pixiv does not explain. Logged out, an R-18
 * work comes with its text but every file URL null: `age-restricted`, its text kept.
 */
export function parseIllust(status: number, body: unknown, id: string): AdapterResult {
  const refused = reasonForStatus(status);
  if (refused) return { ok: false, reason: refused };
  const answer = asObject(body);
  if (answer?.['error'] === true) return { ok: false, reason: 'upstream-error' };
  const illust = asObject(answer?.['body']);
  if (!illust) throw new UpstreamError('UPSTREAM_BAD_RESPONSE', 'the pixiv illust answer holds no work');
  const nsfw = typeof illust['xRestrict'] === 'number' && illust['xRestrict'] > 0;
  const text = textOf(illust);
  const images = picturesOf(illust, id);
  // No file for this reader: an R-18 work is shown to signed-in adults only; an all-ages one
  // without files is nothing pixiv is known to answer.
  if (images.length === 0) return { ok: false, reason: nsfw ? 'age-restricted' : 'upstream-error', ...(Object.keys(text).length > 0 ? { partial: text } : {}) };
  const card: Card = { ...mediaCard({ images }), ...text, nsfw };
  const publishedAt = utcTime(illust['createDate']);
  if (publishedAt) card.publishedAt = publishedAt;
  const stats = statsOf({ likes: illust['likeCount'], bookmarks: illust['bookmarkCount'], views: illust['viewCount'], replies: illust['commentCount'] });
  if (stats) card.stats = stats;
  return { ok: true, card };
}

/** Title, caption as plain text (HTML in the answer) and author, each when given. */
function textOf(illust: Json): Pick<Card, 'title' | 'description' | 'author'> {
  const text: Pick<Card, 'title' | 'description' | 'author'> = {};
  const title = nonEmpty(illust['illustTitle']);
  if (title) text.title = title;
  const caption = typeof illust['illustComment'] === 'string' ? clampDescription(htmlToText(illust['illustComment'])) : '';
  if (caption) text.description = caption;
  const name = nonEmpty(illust['userName']);
  const userId = nonEmpty(illust['userId']);
  if (name && userId && /^\d{1,20}$/.test(userId)) {
    const handle = nonEmpty(illust['userAccount']);
    text.author = { name, url: `${PIXIV_ORIGIN}/users/${userId}`, ...(handle ? { handle } : {}) };
  }
  return text;
}

/**
 * The work's pictures in page order. Page 0 is its original file at the size the answer gives
 * (`width`/`height` are page 0's). Later pages are named by replacing `_p0` with `_pN` in page 0's
 * `regular` file: those are always JPEG, whereas an original's extension may differ from page to
 * page; their sizes are not in this answer, so they have none. An ugoira is one picture, its first frame.
 */
function picturesOf(illust: Json, id: string): MediaImage[] {
  const urls = asObject(illust['urls']);
  const original = httpsUrl(urls?.['original']);
  const regular = httpsUrl(urls?.['regular']);
  const first = original ? { url: original, ...sizePair(illust['width'], illust['height']) } : regular && { url: regular };
  if (!first) return [];
  const pages = illust['illustType'] === UGOIRA ? 1 : Math.min(positiveInt(illust['pageCount']) ?? 1, MAX_PAGES);
  const pageZero = `/${id}_p0`;
  if (pages < 2 || !regular?.includes(pageZero)) return [first];
  const later = Array.from({ length: pages - 1 }, (_, i) => ({ url: regular.replace(pageZero, `/${id}_p${i + 1}`) }));
  return [first, ...later];
}

/** pixiv allows 200 pages to a work; a larger count is a misread field. */
const MAX_PAGES = 200;

function httpsUrl(value: unknown): string | undefined {
  const url = nonEmpty(value);
  return url?.startsWith('https://') ? url : undefined;
}

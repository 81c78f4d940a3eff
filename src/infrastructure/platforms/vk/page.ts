// A VK video or wall page as a browser gets it: its Open Graph tags make the card (the player as a
// video's), and VK's error page says why there is none. The request, and the page read.
import type { AdapterResult } from '../../../application/ports/platform-adapter.port.js';
import type { HttpResponse } from '../../../application/ports/http.port.js';
import { mediaCard, type Card, type MediaImage, type Video } from '../../../domain/card.js';
import { present, seconds } from '../kit/details.js';
import { readMetaTags } from '../kit/head.js';
import { ogImages } from '../kit/open-graph.js';
import { reasonForStatus } from '../kit/status.js';
import { htmlToText, nonEmpty, sizePair } from '../kit/text.js';
import type { Upstream } from '../kit/upstream.js';
import { pageWithoutPost } from '../kit/walls.js';

export async function pageCard(upstream: Upstream, pageUrl: string, signal: AbortSignal): Promise<AdapterResult> {
  const response = await upstream.page(pageUrl, 'browser', signal, { headers: { 'accept-language': 'en' } });
  const refused = reasonForStatus(response.status);
  if (refused) return { ok: false, reason: refused };
  return parsePage(pageText(response));
}

/**
 * VK still serves many pages in windows-1251 (the captures are), said in the Content-Type or in a
 * `<meta charset>`; TextDecoder reads it (Node ships full ICU).
 */
export function pageText(response: Pick<HttpResponse, 'headers' | 'body'>): string {
  const head = response.body.subarray(0, 2048).toString('latin1');
  const charset = /charset=["']?([\w-]+)/i.exec(response.headers['content-type'] ?? '')?.[1] ?? /<meta[^>]+charset=["']?([\w-]+)/i.exec(head)?.[1];
  return /^(?:windows|cp)-?1251$/i.test(charset ?? '') ? new TextDecoder('windows-1251').decode(response.body) : response.body.toString('utf8');
}

// VK's error box (a page's `message_page`, the player's `video_ext_msg`), by what its text says.
const MESSAGE = /(?:class="message_page_body"|id="video_ext_msg")[^>]*>([^<]{0,500})/;
const ACCESS_DENIED = /Access denied|Доступ запрещ[её]н|This (?:video|post) is private/i;
const GONE = /(?:has been|was) (?:deleted|removed)|no longer available|not found|удал[её]н|изъят|не найден/i;

/** The page's card from its og tags, or the reason VK's error page gives. */
export function parsePage(html: string): AdapterResult {
  const meta = readMetaTags(html);
  const title = nonEmpty(meta.get('og:title'));
  if (!title) {
    const message = MESSAGE.exec(html)?.[1] ?? '';
    if (ACCESS_DENIED.test(message)) return { ok: false, reason: 'private' };
    if (GONE.test(message)) return { ok: false, reason: 'not-found' };
    return { ok: false, reason: pageWithoutPost(html) };
  }
  // VK escapes its text once more than the tag needs (`&amp;#33;`): read it as the HTML it is.
  const text = nonEmpty(htmlToText(meta.get('og:description') ?? ''));
  const images = ogImages(meta).filter((image): image is MediaImage => image.url.startsWith('https://'));
  const video = playerOf(meta);
  const card: Card = { ...mediaCard({ images: images.slice(0, 1), ...present({ video, poster: images[0] }) }), title, nsfw: false };
  if (text) card.description = text;
  return { ok: true, card };
}

/** `og:video`, the `video_ext.php` player (text/html), with its size and `og:video:duration`. */
function playerOf(meta: ReturnType<typeof readMetaTags>): Video | undefined {
  const url = nonEmpty(meta.get('og:video'));
  if (!url?.startsWith('https://') || !/\/video_ext\.php\?/.test(url)) return undefined;
  const duration = seconds(meta.get('og:video:duration'));
  return { url, mimeType: 'text/html', ...sizePair(Number(meta.get('og:video:width')), Number(meta.get('og:video:height'))), ...present({ duration }) };
}

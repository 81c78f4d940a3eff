// Telegram's post widget (`t.me/{channel}/{id}?embed=1&mode=tme`, the page the embed iframe shows,
// no cookie): the channel, the text, photos, album, video (or its poster when "Media is too big"),
// link preview, forwarded-from, reply, views and date, read with parse5. The request, and the
// widget read into a card or a reason.
import type { AdapterResult } from '../../../application/ports/platform-adapter.port.js';
import type { Author, Card, LinkPreview, QuotedPost } from '../../../domain/card.js';
import { mediaCard } from '../../../domain/card.js';
import { respelledHandle } from '../../../domain/platforms/handle-spelling.js';
import { telegramPostUrl } from '../../../domain/platforms/telegram.js';
import { present, statsOf, utcTime } from '../kit/details.js';
import { attribute, findElement, hasClass, markupFrom, textOf, type Element, type Node } from '../kit/markup.js';
import { reasonForStatus } from '../kit/status.js';
import { nonEmpty } from '../kit/text.js';
import type { Upstream } from '../kit/upstream.js';
import { pageWithoutPost } from '../kit/walls.js';
import { backgroundImage, httpsUrl, widgetMedia } from './media.js';
import { CHANNEL, TELEGRAM_ORIGIN, channelUrl, postUrlOf, shownCount } from './links.js';

export async function widgetCard(upstream: Upstream, channel: string, id: string, signal: AbortSignal): Promise<AdapterResult> {
  const response = await upstream.page(`${TELEGRAM_ORIGIN}/${channel}/${id}?embed=1&mode=tme`, 'browser', signal);
  const refused = reasonForStatus(response.status);
  if (refused) return { ok: false, reason: refused };
  return parseWidget(response.text(), channel, id);
}

// Boxes inside the message whose parts belong to another post or page: the replied-to message
// (its text and thumb) and the link preview (its image).
const FOREIGN = (e: Element) => hasClass(e, 'tgme_widget_message_reply') || hasClass(e, 'tgme_widget_message_link_preview');
const byClass = (name: string) => (e: Element) => hasClass(e, name);

/**
 * The widget's card. A deleted post, and any post of a private channel, is drawn as "Post not
 * found" (HTTP 200): `not-found`. The author is the channel that posted, also for a forward: the
 * original post goes into `quote` (a compact card naming it and its channel, with the media the
 * forward shows, as docs/design.md §4 keeps a quote's media when the quoting post has none of its own).
 */
export function parseWidget(html: string, channel: string, id: string): AdapterResult {
  const error = findIn(markupFrom(html, 'tgme_widget_message_error'), byClass('tgme_widget_message_error'));
  if (error) return { ok: false, reason: /not found/i.test(textOf(error)) ? 'not-found' : 'upstream-error' };
  const message = findIn(markupFrom(html, 'data-post="'), (e) => attribute(e, 'data-post') !== undefined);
  if (!message) return { ok: false, reason: pageWithoutPost(html) };
  // data-post is `{channel}/{id}` as Telegram spells the channel.
  const spelled = respelledHandle(channel, attribute(message, 'data-post')!.split('/')[0]!, CHANNEL);
  const handle = spelled ?? channel;
  const { author, named } = authorOf(message, handle);
  const text = findElement(message, (e) => hasClass(e, 'tgme_widget_message_text') && !hasClass(e, 'js-message_reply_text') && !insideForeign(e));
  const description = text && nonEmpty(textOf(text));
  const media = widgetMedia(message, FOREIGN);
  const card: Card = {
    ...mediaCard({ video: media.videos[0], poster: media.poster, images: media.images }),
    // Without the channel's title the handle alone is the title, not "handle (@handle)".
    title: named ? `${author.name} (@${handle})` : `@${handle}`,
    author,
    nsfw: false,
    ...present({ description, ...detailsOf(message), link: linkPreviewOf(message) }),
  };
  if (media.videos.length > 1) card.videos = media.videos;
  const quote = forwardedFrom(message, card);
  if (quote) card.quote = quote;
  const replyTo = findIn(message, byClass('tgme_widget_message_reply'));
  const repliedUrl = replyTo && postUrlOf(attribute(replyTo, 'href'));
  if (repliedUrl) card.replyTo = { canonicalUrl: repliedUrl };
  return spelled ? { ok: true, card, canonicalUrl: telegramPostUrl(spelled, id) } : { ok: true, card };
}

/** The channel: its title (else the handle), its page, and its picture; `named` when the title was shown. */
function authorOf(message: Element, handle: string): { author: Author; named: boolean } {
  const owner = findElement(message, byClass('tgme_widget_message_owner_name'));
  const name = owner && nonEmpty(textOf(owner));
  const photo = findElement(message, byClass('tgme_widget_message_user_photo'));
  const image = photo && findElement(photo, (e) => e.tagName === 'img');
  const avatar = httpsUrl(image && attribute(image, 'src'));
  const author: Author = { name: name ?? handle, url: channelUrl(handle), handle };
  if (avatar) author.avatar = avatar;
  return { author, named: name !== undefined };
}

/** The views (`94`, or `1.2K` as the widget rounds them) and the post's time. */
function detailsOf(message: Element): Pick<Card, 'stats' | 'publishedAt'> {
  const views = findElement(message, byClass('tgme_widget_message_views'));
  const time = findElement(message, (e) => e.tagName === 'time' && attribute(e, 'datetime') !== undefined);
  return { stats: statsOf({ views: views && shownCount(textOf(views)) }), publishedAt: utcTime(time && attribute(time, 'datetime')) };
}

/** The link preview: its target, site title, text and picture. */
function linkPreviewOf(message: Element): LinkPreview | undefined {
  const box = findElement(message, byClass('tgme_widget_message_link_preview'));
  const url = httpsUrl(box && attribute(box, 'href'));
  if (!box || !url) return undefined;
  const part = (name: string) => {
    const element = findElement(box, byClass(name));
    return element && nonEmpty(textOf(element));
  };
  const picture = findElement(box, (e) => hasClass(e, 'link_preview_image') || hasClass(e, 'link_preview_right_image'));
  const image = picture && backgroundImage(picture);
  return { url, ...present({ title: part('link_preview_title') ?? part('link_preview_site_name'), description: part('link_preview_description') }), ...(image ? { image: { url: image } } : {}) };
}

/** The forwarded post, when the header links to a post of a public channel. */
function forwardedFrom(message: Element, card: Card): QuotedPost | undefined {
  const source = findElement(message, byClass('tgme_widget_message_forwarded_from_name'));
  const href = source && attribute(source, 'href');
  const canonicalUrl = postUrlOf(href);
  const name = source && nonEmpty(textOf(source));
  if (!canonicalUrl || !name) return undefined;
  const origin = new URL(canonicalUrl).pathname.split('/')[1]!;
  const quote: QuotedPost = { platform: 'telegram', canonicalUrl, kind: card.kind, author: { name, url: channelUrl(origin), handle: origin } };
  if (card.image) quote.image = card.image;
  if (card.video) quote.video = card.video;
  return quote;
}

function findIn(root: Node | undefined, test: (element: Element) => boolean): Element | undefined {
  return root && findElement(root, test);
}

function insideForeign(element: Element): boolean {
  for (let node = element.parentNode; node && 'tagName' in node; node = node.parentNode) if (FOREIGN(node)) return true;
  return false;
}

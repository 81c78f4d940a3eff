// The post page (`t.me/{channel}/{id}`), the fallback when the widget cannot be read: its Open Graph
// tags name the channel (`og:title`) and hold the post's text (`og:description`); its app links
// (`tg://resolve?domain={channel}&post={id}`) say which post the page is. The request, and the page
// read into a card or a reason.
import type { AdapterResult } from '../../../application/ports/platform-adapter.port.js';
import { respelledHandle } from '../../../domain/platforms/handle-spelling.js';
import { telegramPostUrl } from '../../../domain/platforms/telegram.js';
import { present } from '../kit/details.js';
import { readMetaTags } from '../kit/head.js';
import { reasonForStatus } from '../kit/status.js';
import { nonEmpty } from '../kit/text.js';
import type { Upstream } from '../kit/upstream.js';
import { pageWithoutPost } from '../kit/walls.js';
import { CHANNEL, TELEGRAM_ORIGIN, channelUrl } from './links.js';

export async function pageCard(upstream: Upstream, channel: string, id: string, signal: AbortSignal): Promise<AdapterResult> {
  const response = await upstream.page(`${TELEGRAM_ORIGIN}/${channel}/${id}`, 'browser', signal);
  const refused = reasonForStatus(response.status);
  if (refused) return { ok: false, reason: refused };
  return parsePostPage(response.text(), channel, id);
}

/**
 * A link card of the channel and the text. `og:image` is left out: it is the post's first photo,
 * or the channel's picture when the post has none, and the tags do not say which (two text posts
 * of one channel carry the same image), while a card's image is never the author's avatar.
 */
export function parsePostPage(html: string, channel: string, id: string): AdapterResult {
  const meta = readMetaTags(html);
  const name = nonEmpty(meta.get('og:title'));
  // For a username no public channel holds, t.me serves its contact page: "Telegram: Contact @{name}".
  if (name?.toLowerCase() === `telegram: contact @${channel.toLowerCase()}`) return { ok: false, reason: 'not-found' };
  const named = postNamed(meta.get('al:android:url') ?? meta.get('al:ios:url'));
  if (!name || named?.post !== id || named.domain.toLowerCase() !== channel.toLowerCase()) return { ok: false, reason: pageWithoutPost(html) };
  const spelled = respelledHandle(channel, named.domain, CHANNEL);
  const handle = spelled ?? channel;
  const card = {
    kind: 'link' as const,
    title: `${name} (@${handle})`,
    author: { name, url: channelUrl(handle), handle },
    nsfw: false,
    ...present({ description: nonEmpty(meta.get('og:description')) }),
  };
  return spelled ? { ok: true, card, canonicalUrl: telegramPostUrl(spelled, id) } : { ok: true, card };
}

/** The channel and post an app link (`tg://resolve?domain=…&post=…`) names. */
function postNamed(appLink: string | undefined): { domain: string; post: string } | undefined {
  if (!appLink || !URL.canParse(appLink)) return undefined;
  const query = new URL(appLink).searchParams;
  const domain = query.get('domain');
  const post = query.get('post');
  return domain && post ? { domain, post } : undefined;
}

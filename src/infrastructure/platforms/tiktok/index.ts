// TikTok adapter: the post page's embedded app state (page.ts) makes the card; when TikTok
// withholds the page (its WAF / bot check, common from data-centre addresses), oEmbed still gives
// the post's text and author, kept on the refusal.
import type { AdapterResult, ShortLinkHop } from '../../../application/ports/platform-adapter.port.js';
import { tiktok } from '../../../domain/platforms/tiktok.js';
import type { Reason } from '../../../domain/reasons.js';
import { cookieHeader, setCookies } from '../kit/cookies.js';
import { requestOembed } from '../kit/oembed.js';
import { readShortLink } from '../kit/short-link.js';
import { reasonForStatus } from '../kit/status.js';
import { declaredAdapter, postShape } from '../kit/declared-adapter.js';
import type { Upstream } from '../kit/upstream.js';
import { USER_AGENTS } from '../kit/user-agents.js';
import { TIKTOK_ORIGIN } from './item.js';
import { textFromOembed } from './oembed.js';
import { parsePage } from './page.js';

/** The cookie the page sets and its video URLs name (`tk=tt_chain_token`): the CDN refuses them without it. */
const CHAIN_TOKEN = 'tt_chain_token';
/** The video CDN also wants to be asked from TikTok's own pages. */
const MEDIA_REFERER = `${TIKTOK_ORIGIN}/`;

/**
 * oEmbed never makes the card, only adds text to the page's refusal: it has no video URL, so a
 * video post would become a `link` card (§4 says `video`), and no `isContentClassified`, so `nsfw:
 * false` would be a guess. A refusal also keeps the cache short (CACHE_TTL_DEGRADED), so the next
 * resolve tries the page again, where an `ok` card without its video would be kept for
 * CACHE_TTL_OK. Its own reason is therefore the least telling a strategy gives: the page's stands.
 */
const TEXT_ONLY: Reason = 'upstream-error';

export const TiktokAdapter = declaredAdapter({
  spec: tiktok,
  posts: [
    // The page already carries the configured cookies, so no later strategy sees a private post.
    postShape(['id'], ({ id }, upstream, post, credential) => {
      // The numeric id names the post; `@i` stands for an unknown handle, and `/video/` serves photo
      // posts too (as cobalt requests them), so one URL shape does for both.
      const postUrl = `${TIKTOK_ORIGIN}/@${post.ids['user'] ?? 'i'}/video/${id}`;
      return [
        { name: 'page', run: (s) => page(upstream, postUrl, id, cookieHeader(credential?.cookies), s) },
        { name: 'oembed', run: (s) => oembed(upstream, postUrl, s) },
      ];
    }, { finalReasons: ['not-found', 'private'] }),
  ],
  readShortLink: (upstream, url, signal): Promise<ShortLinkHop> => readShortLink(upstream, url, signal, { 'user-agent': USER_AGENTS.browser }),
});

/** `cookie`: the resolve's session as a Cookie header; undefined when it runs anonymously. */
async function page(upstream: Upstream, url: string, id: string, cookie: string | undefined, signal: AbortSignal): Promise<AdapterResult> {
  // The post page is built for browsers; extractors that read it (yt-dlp, cobalt) ask as one.
  const headers = { 'accept-language': 'en', ...(cookie ? { cookie } : {}) };
  const response = await upstream.page(url, 'browser', signal, { headers });
  const refused = reasonForStatus(response.status);
  if (refused) return { ok: false, reason: refused };
  const result = parsePage(response.text(), id);
  return result.ok && result.card.video ? { ...result, mediaHeaders: mediaHeaders(response.headers['set-cookie']) } : result;
}

async function oembed(upstream: Upstream, postUrl: string, signal: AbortSignal): Promise<AdapterResult> {
  const response = await requestOembed(upstream, `${TIKTOK_ORIGIN}/oembed`, postUrl, signal);
  // 404: oEmbed knows no such post, which the blocked page could not say.
  const refused = reasonForStatus(response.status);
  if (refused) return { ok: false, reason: refused };
  const partial = textFromOembed(response.json());
  return partial ? { ok: false, reason: TEXT_ONLY, partial } : { ok: false, reason: TEXT_ONLY };
}

/**
 * What the media proxy must send for the card's video: the chain token this page response set (a
 * configured cookie is never copied here: credentials stay out of results) and the Referer.
 */
export function mediaHeaders(setCookie: string | undefined): Record<string, string> {
  const token = setCookies(setCookie)[CHAIN_TOKEN];
  return token ? { cookie: `${CHAIN_TOKEN}=${token}`, referer: MEDIA_REFERER } : { referer: MEDIA_REFERER };
}

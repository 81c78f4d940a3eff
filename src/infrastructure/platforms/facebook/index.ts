// Facebook adapter: the post's canonical page fetched as Facebook's own link crawler sees it (Open
// Graph tags, JSON-LD, video fields), then, only when session cookies are configured, the same page
// as that logged-in browser sees it (also for a reel whose crawler page had only its poster). One
// parser for both pages: page.ts.
import { isUpstreamError } from '../../../application/errors.js';
import type { AdapterResult, PostRef, ShortLinkHop } from '../../../application/ports/platform-adapter.port.js';
import { facebook, FACEBOOK_HOST, FB_WATCH_HOSTS } from '../../../domain/platforms/facebook.js';
import { FACEBOOK_ORIGIN, parsePostPage } from './page.js';
import { cookieHeader } from '../kit/cookies.js';
import { readShortLink } from '../kit/short-link.js';
import { declaredAdapter, postShape } from '../kit/declared-adapter.js';
import type { Strategy } from '../kit/strategies.js';
import type { Upstream } from '../kit/upstream.js';
import { USER_AGENTS, type Visitor } from '../kit/user-agents.js';
import { pageRefusal } from '../kit/walls.js';

// English pages, so that the login and "content isn't available" texts are the ones we read.
const PAGE_HEADERS = { accept: 'text/html,application/xhtml+xml', 'accept-language': 'en-US,en;q=0.8' };

export const FacebookAdapter = declaredAdapter({
  spec: facebook,
  posts: [
    // Nothing the anonymous crawler is told is final: Facebook shows the same "content isn't
    // available" page for a deleted post and for one its session may see.
    postShape(['id'], (_ids, upstream, post, credential) => {
      const cookie = cookieHeader(credential?.cookies);
      const strategies: Strategy[] = [{ name: 'crawler-page', run: (s) => crawlerPage(upstream, post, cookie, s) }];
      if (cookie) strategies.push({ name: 'session-page', run: (s) => sessionPage(upstream, post, cookie, s) });
      return strategies;
    }, { finalReasons: [] }),
  ],
  /**
   * fb.watch/{code} and /share/{p,v,r}/{code}/ answer a redirect to the post, or to the login
   * page for logged-out clients (which the resolve use case reports as blocked). With a session
   * configured, the hop is read as that session, which is sent to the post.
   */
  readShortLink(upstream, url, signal, credential): Promise<ShortLinkHop> {
    const cookie = cookieHeader(credential?.cookies);
    const headers: Record<string, string> = { ...PAGE_HEADERS, 'user-agent': USER_AGENTS[cookie ? 'browser' : 'facebookCrawler'] };
    if (cookie) headers['cookie'] = cookie;
    return readShortLink(upstream, onWebHost(url), signal, headers);
  },
});

/**
 * The page as Facebook's link crawler gets it: logged-out browsers and data-centre addresses are
 * often sent to the login wall, while the crawler is commonly served the og tags (SOURCES.md,
 * access notes). A reel or video whose crawler page has only its poster may still have its video
 * on the session's page (the Comet JSON of SOURCES.md): when a session is configured (`cookie`),
 * that page is asked too, and the crawler's card stands if it has no video.
 */
async function crawlerPage(upstream: Upstream, post: PostRef, cookie: string | undefined, signal: AbortSignal): Promise<AdapterResult> {
  const result = await page(upstream, post, 'facebookCrawler', {}, signal);
  if (!result.ok || result.card.kind === 'video' || !cookie || !isVideoPost(post)) return result;
  try {
    const session = await sessionPage(upstream, post, cookie, signal);
    return session.ok && session.card.kind === 'video' ? session : result;
  } catch (error) {
    if (isUpstreamError(error) && !signal.aborted) return result;
    throw error;
  }
}

function sessionPage(upstream: Upstream, post: PostRef, cookie: string, signal: AbortSignal): Promise<AdapterResult> {
  return page(upstream, post, 'browser', { cookie }, signal);
}

/** The post's canonical page: refused by its status or a redirect to the login wall, else parsed. */
async function page(upstream: Upstream, post: PostRef, visitor: Visitor, headers: Record<string, string>, signal: AbortSignal): Promise<AdapterResult> {
  const response = await upstream.page(post.canonicalUrl, visitor, signal, { headers: { ...PAGE_HEADERS, ...headers } });
  const refused = pageRefusal(response);
  return refused ? { ok: false, reason: refused } : parsePostPage(response.text(), post.ids);
}

function isVideoPost(post: PostRef): boolean {
  return post.ids['type'] === 'video' || post.ids['type'] === 'reel';
}

/** The share route matches on every facebook.com alias (m., web., fb.com); only www is called. */
function onWebHost(url: string): string {
  const parsed = new URL(url);
  if (FB_WATCH_HOSTS.includes(parsed.hostname)) return `https://${FACEBOOK_HOST.watch}${parsed.pathname}${parsed.search}`;
  return `${FACEBOOK_ORIGIN}${parsed.pathname}${parsed.search}`;
}

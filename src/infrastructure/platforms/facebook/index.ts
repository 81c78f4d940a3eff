// Facebook adapter: the post's canonical page fetched as Facebook's own link crawler sees it (Open
// Graph tags, JSON-LD, video fields), then, only when session cookies are configured, the same page
// as that logged-in browser sees it (also for a reel whose crawler page had only its poster). One
// parser for both pages: page.ts.
import { inject, injectable } from 'tsyringe';
import { SESSION_IN_USE, type SessionInUse } from '../../../application/access/session-in-use.js';
import { isUpstreamError } from '../../../application/errors.js';
import { HTTP_CLIENT, type HttpClient } from '../../../application/ports/http.port.js';
import type { AdapterResult, PlatformAdapter, PostRef, ShortLinkHop } from '../../../application/ports/platform-adapter.port.js';
import { facebook, FACEBOOK_HOST, FB_WATCH_HOSTS } from '../../../domain/platforms/facebook.js';
import { FACEBOOK_ORIGIN, parsePostPage } from './page.js';
import { cookieHeader } from '../kit/cookies.js';
import { readShortLink } from '../kit/short-link.js';
import { firstCard, type Strategy } from '../kit/strategies.js';
import { UpstreamAdapter } from '../kit/upstream.js';
import { USER_AGENTS, type Visitor } from '../kit/user-agents.js';
import { pageRefusal } from '../kit/walls.js';

// English pages, so that the login and "content isn't available" texts are the ones we read.
const PAGE_HEADERS = { accept: 'text/html,application/xhtml+xml', 'accept-language': 'en-US,en;q=0.8' };

@injectable()
export class FacebookAdapter extends UpstreamAdapter implements PlatformAdapter {
  constructor(
    @inject(HTTP_CLIENT) http: HttpClient,
    @inject(SESSION_IN_USE) private readonly session: SessionInUse,
  ) {
    super(http, facebook.upstreamHosts);
  }

  /** The Cookie header of the resolve's session; undefined when it runs anonymously. */
  private get cookie(): string | undefined {
    return cookieHeader(this.session.credential('facebook')?.cookies);
  }

  async resolve(post: PostRef, signal: AbortSignal): Promise<AdapterResult> {
    if (!post.ids['id']) return { ok: false, reason: 'unsupported' };
    const strategies: Strategy[] = [{ name: 'crawler-page', run: (s) => this.crawlerPage(post, s) }];
    const cookie = this.cookie;
    if (cookie) strategies.push({ name: 'session-page', run: (s) => this.sessionPage(post, cookie, s) });
    // Nothing the anonymous crawler is told is final: Facebook shows the same "content isn't
    // available" page for a deleted post and for one its session may see.
    return firstCard(strategies, signal, { finalReasons: [] });
  }

  /**
   * fb.watch/{code} and /share/{p,v,r}/{code}/ answer a redirect to the post, or to the login
   * page for logged-out clients (which the resolve use case reports as blocked). With a session
   * configured, the hop is read as that session, which is sent to the post.
   */
  readShortLink(url: string, signal: AbortSignal): Promise<ShortLinkHop> {
    const cookie = this.cookie;
    const headers: Record<string, string> = { ...PAGE_HEADERS, 'user-agent': USER_AGENTS[cookie ? 'browser' : 'facebookCrawler'] };
    if (cookie) headers['cookie'] = cookie;
    return readShortLink(this.upstream, onWebHost(url), signal, headers);
  }

  /**
   * The page as Facebook's link crawler gets it: logged-out browsers and data-centre addresses are
   * often sent to the login wall, while the crawler is commonly served the og tags (SOURCES.md,
   * access notes). A reel or video whose crawler page has only its poster may still have its video
   * on the session's page (the Comet JSON of SOURCES.md): when a session is configured, that page
   * is asked too, and the crawler's card stands if it has no video.
   */
  private async crawlerPage(post: PostRef, signal: AbortSignal): Promise<AdapterResult> {
    const result = await this.page(post, 'facebookCrawler', {}, signal);
    const cookie = this.cookie;
    if (!result.ok || result.card.kind === 'video' || !cookie || !isVideoPost(post)) return result;
    try {
      const session = await this.sessionPage(post, cookie, signal);
      return session.ok && session.card.kind === 'video' ? session : result;
    } catch (error) {
      if (isUpstreamError(error) && !signal.aborted) return result;
      throw error;
    }
  }

  private sessionPage(post: PostRef, cookie: string, signal: AbortSignal): Promise<AdapterResult> {
    return this.page(post, 'browser', { cookie }, signal);
  }

  /** The post's canonical page: refused by its status or a redirect to the login wall, else parsed. */
  private async page(post: PostRef, visitor: Visitor, headers: Record<string, string>, signal: AbortSignal): Promise<AdapterResult> {
    const response = await this.upstream.page(post.canonicalUrl, visitor, signal, { headers: { ...PAGE_HEADERS, ...headers } });
    const refused = pageRefusal(response);
    return refused ? { ok: false, reason: refused } : parsePostPage(response.text(), post.ids);
  }
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

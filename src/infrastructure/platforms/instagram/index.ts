// Instagram adapter: an ordered chain (docs/design.md §9) of the embed page, the web GraphQL post query
// (with the configured session cookies, when there are any) and the post page's Open Graph tags as a
// link crawler gets them. Parsers: embed.ts, graphql.ts, page.ts.
import { inject, injectable } from 'tsyringe';
import { SESSION_IN_USE, type SessionInUse } from '../../../application/access/session-in-use.js';
import { HTTP_CLIENT, type HttpClient } from '../../../application/ports/http.port.js';
import type { AdapterResult, PlatformAdapter, PostRef, ShortLinkHop } from '../../../application/ports/platform-adapter.port.js';
import { instagram } from '../../../domain/platforms/instagram.js';
import { parseEmbedPage } from './embed.js';
import { parsePostQuery, postQuery, GRAPHQL_PATH } from './graphql.js';
import { INSTAGRAM_ORIGIN, mediaExpiry } from './media.js';
import { parsePostPage } from './page.js';
import { sessionHeaders } from '../kit/cookies.js';
import { parseJson } from '../kit/json.js';
import { readShortLink } from '../kit/short-link.js';
import { firstCard, type Strategy } from '../kit/strategies.js';
import { UpstreamAdapter } from '../kit/upstream.js';
import { USER_AGENTS } from '../kit/user-agents.js';
import { pageRefusal } from '../kit/walls.js';

@injectable()
export class InstagramAdapter extends UpstreamAdapter implements PlatformAdapter {
  constructor(
    @inject(HTTP_CLIENT) http: HttpClient,
    @inject(SESSION_IN_USE) private readonly sessionInUse: SessionInUse,
  ) {
    super(http, instagram.upstreamHosts);
  }

  /** The resolve's session as headers: its cookies and CSRF header; none when it runs anonymously. */
  private get session(): Readonly<Record<string, string>> {
    return sessionHeaders(this.sessionInUse.credential('instagram')?.cookies);
  }

  async resolve(post: PostRef, signal: AbortSignal): Promise<AdapterResult> {
    const code = post.ids['code'];
    if (!code) return { ok: false, reason: 'unsupported' };
    const type = post.ids['type'] ?? 'p';
    const strategies: Strategy[] = [
      { name: 'embed', run: (s) => this.embed(code, s) },
      { name: 'graphql', run: (s) => this.graphql(code, s) },
      { name: 'page', run: (s) => this.page(type, code, s) },
    ];
    const result = await firstCard(strategies, signal);
    if (!result.ok) return result;
    const expiresAt = mediaExpiry(result.card);
    return expiresAt === undefined ? result : { ...result, mediaExpiresAt: expiresAt };
  }

  /** `/share/…` answers a redirect to the post, or to the login page for logged-out clients. */
  readShortLink(url: string, signal: AbortSignal): Promise<ShortLinkHop> {
    // The share route matches on every Instagram alias host; only the web host is called.
    const { pathname, search } = new URL(url);
    return readShortLink(this.upstream, `${INSTAGRAM_ORIGIN}${pathname}${search}`, signal, { 'user-agent': USER_AGENTS.browser, ...this.session });
  }

  private async embed(code: string, signal: AbortSignal): Promise<AdapterResult> {
    const headers = { accept: 'text/html', 'sec-fetch-dest': 'iframe' };
    const response = await this.upstream.page(`${INSTAGRAM_ORIGIN}/p/${code}/embed/captioned/`, 'browser', signal, { headers });
    const refused = pageRefusal(response);
    return refused ? { ok: false, reason: refused } : parseEmbedPage(response.text());
  }

  private async graphql(code: string, signal: AbortSignal): Promise<AdapterResult> {
    const query = postQuery(code);
    const headers = { ...query.headers, 'user-agent': USER_AGENTS.browser, origin: INSTAGRAM_ORIGIN, referer: `${INSTAGRAM_ORIGIN}/p/${code}/`, ...this.session };
    const response = await this.upstream.request({ url: `${INSTAGRAM_ORIGIN}${GRAPHQL_PATH}`, method: 'POST', headers, body: query.body, signal });
    // The query answers JSON, but a wall or an error page may be HTML: a status to read, not a crash.
    return parsePostQuery(response.status, parseJson(response.text()));
  }

  private async page(type: string, code: string, signal: AbortSignal): Promise<AdapterResult> {
    // Instagram still serves its Open Graph tags to Facebook's own link crawler (SOURCES.md).
    const response = await this.upstream.page(`${INSTAGRAM_ORIGIN}/${type}/${code}/`, 'facebookCrawler', signal, { headers: { accept: 'text/html' } });
    const refused = pageRefusal(response);
    return refused ? { ok: false, reason: refused } : parsePostPage(response.text(), code);
  }
}

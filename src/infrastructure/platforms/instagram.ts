// Instagram adapter: an ordered chain (DESIGN.md §9) of the embed page, the web GraphQL post query
// (with the configured session cookies, when there are any) and the post page's Open Graph tags as a
// link crawler gets them. Parsers: instagram.embed.ts, instagram.graphql.ts, instagram.page.ts.
import { inject, injectable } from 'tsyringe';
import { PLATFORM_CREDENTIALS, type PlatformCredentials } from '../../application/credentials.js';
import { HTTP_CLIENT, type HttpClient, type HttpResponse } from '../../application/ports/http.port.js';
import type { AdapterResult, PlatformAdapter, PostRef, ShortLinkHop } from '../../application/ports/platform-adapter.port.js';
import { instagram } from '../../domain/platforms/instagram.js';
import { parseEmbedPage } from './instagram.embed.js';
import { parsePostQuery, postQuery, GRAPHQL_PATH } from './instagram.graphql.js';
import { INSTAGRAM_ORIGIN, mediaExpiry } from './instagram.media.js';
import { parsePostPage } from './instagram.page.js';
import { cookieHeader } from './kit/cookies.js';
import { readShortLink } from './kit/short-link.js';
import { reasonForStatus } from './kit/status.js';
import { firstCard, type Strategy } from './kit/strategies.js';

const BROWSER_USER_AGENT = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/125.0.0.0 Safari/537.36';
// Instagram still serves its Open Graph tags to Facebook's own link crawler (SOURCES.md).
const CRAWLER_USER_AGENT = 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)';

@injectable()
export class InstagramAdapter implements PlatformAdapter {
  readonly upstreamHosts = instagram.upstreamHosts;
  private readonly cookie: string | undefined;
  private readonly csrfToken: string | undefined;

  constructor(
    @inject(HTTP_CLIENT) private readonly http: HttpClient,
    @inject(PLATFORM_CREDENTIALS) credentials: PlatformCredentials,
  ) {
    const cookies = credentials.instagram?.cookies;
    this.cookie = cookieHeader(cookies);
    this.csrfToken = cookies?.['csrftoken'];
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
    return readShortLink({
      http: this.http,
      url: `${INSTAGRAM_ORIGIN}${pathname}${search}`,
      allowedHosts: this.upstreamHosts,
      headers: this.withSession({ 'user-agent': BROWSER_USER_AGENT }),
      signal,
    });
  }

  private async embed(code: string, signal: AbortSignal): Promise<AdapterResult> {
    const headers = { 'user-agent': BROWSER_USER_AGENT, accept: 'text/html', 'sec-fetch-dest': 'iframe' };
    const response = await this.get(`${INSTAGRAM_ORIGIN}/p/${code}/embed/captioned/`, headers, signal);
    return refusal(response) ?? parseEmbedPage(response.text());
  }

  private async graphql(code: string, signal: AbortSignal): Promise<AdapterResult> {
    const query = postQuery(code);
    const headers = { ...query.headers, 'user-agent': BROWSER_USER_AGENT, origin: INSTAGRAM_ORIGIN, referer: `${INSTAGRAM_ORIGIN}/p/${code}/` };
    const response = await this.http.request({
      url: `${INSTAGRAM_ORIGIN}${GRAPHQL_PATH}`,
      method: 'POST',
      headers: this.withSession(headers),
      body: query.body,
      allowedHosts: this.upstreamHosts,
      signal,
    });
    return parsePostQuery(response.status, jsonOrUndefined(response));
  }

  private async page(type: string, code: string, signal: AbortSignal): Promise<AdapterResult> {
    const response = await this.get(`${INSTAGRAM_ORIGIN}/${type}/${code}/`, { 'user-agent': CRAWLER_USER_AGENT, accept: 'text/html' }, signal);
    return refusal(response) ?? parsePostPage(response.text(), code);
  }

  /** Session cookies (and the CSRF header the web app pairs with them), when configured. */
  private withSession(headers: Record<string, string>): Record<string, string> {
    if (!this.cookie) return headers;
    return { ...headers, cookie: this.cookie, ...(this.csrfToken ? { 'x-csrftoken': this.csrfToken } : {}) };
  }

  private get(url: string, headers: Record<string, string>, signal: AbortSignal): Promise<HttpResponse> {
    return this.http.request({ url, headers, allowedHosts: this.upstreamHosts, signal });
  }
}

/** A page request that ended on the login wall, or with a refusing status; undefined for a page to read. */
function refusal(response: HttpResponse): AdapterResult | undefined {
  if (/^\/(?:accounts\/login|challenge)\b/.test(new URL(response.url).pathname)) return { ok: false, reason: 'blocked' };
  const refused = reasonForStatus(response.status);
  return refused ? { ok: false, reason: refused } : undefined;
}

/** The query answers JSON, but a wall or an error page may be HTML: that is a status to read, not a crash. */
function jsonOrUndefined(response: HttpResponse): unknown {
  try {
    return response.json();
  } catch {
    return undefined;
  }
}

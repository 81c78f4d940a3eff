// Instagram adapter: an ordered chain (docs/design.md §9) of the embed page, the web GraphQL post query
// (with the configured session cookies, when there are any) and the post page's Open Graph tags as a
// link crawler gets them. Parsers: embed.ts, graphql.ts, page.ts.
import type { AdapterResult, ShortLinkHop } from '../../../application/ports/platform-adapter.port.js';
import { instagram } from '../../../domain/platforms/instagram.js';
import { parseEmbedPage } from './embed.js';
import { parsePostQuery, postQuery, GRAPHQL_PATH } from './graphql.js';
import { INSTAGRAM_ORIGIN, mediaExpiry } from './media.js';
import { parsePostPage } from './page.js';
import { sessionHeaders } from '../kit/cookies.js';
import { parseJson } from '../kit/json.js';
import { readShortLink } from '../kit/short-link.js';
import { declaredAdapter, postShape } from '../kit/declared-adapter.js';
import type { Upstream } from '../kit/upstream.js';
import { USER_AGENTS } from '../kit/user-agents.js';
import { pageRefusal } from '../kit/walls.js';

export const InstagramAdapter = declaredAdapter({
  spec: instagram,
  posts: [
    postShape(['code'], ({ code }, upstream, post, credential) => {
      const session = sessionHeaders(credential?.cookies);
      const type = post.ids['type'] ?? 'p';
      return [
        { name: 'embed', run: (s) => withMediaExpiry(embed(upstream, code, s)) },
        { name: 'graphql', run: (s) => withMediaExpiry(graphql(upstream, code, session, s)) },
        { name: 'page', run: (s) => withMediaExpiry(page(upstream, type, code, s)) },
      ];
    }),
  ],
  /** `/share/…` answers a redirect to the post, or to the login page for logged-out clients. */
  readShortLink(upstream, url, signal, credential): Promise<ShortLinkHop> {
    // The share route matches on every Instagram alias host; only the web host is called.
    const { pathname, search } = new URL(url);
    return readShortLink(upstream, `${INSTAGRAM_ORIGIN}${pathname}${search}`, signal, { 'user-agent': USER_AGENTS.browser, ...sessionHeaders(credential?.cookies) });
  },
});

/** A card bounded by its media's `oe=` expiry, whichever strategy made it. */
async function withMediaExpiry(answer: Promise<AdapterResult>): Promise<AdapterResult> {
  const result = await answer;
  if (!result.ok) return result;
  const expiresAt = mediaExpiry(result.card);
  return expiresAt === undefined ? result : { ...result, mediaExpiresAt: expiresAt };
}

async function embed(upstream: Upstream, code: string, signal: AbortSignal): Promise<AdapterResult> {
  const headers = { accept: 'text/html', 'sec-fetch-dest': 'iframe' };
  const response = await upstream.page(`${INSTAGRAM_ORIGIN}/p/${code}/embed/captioned/`, 'browser', signal, { headers });
  const refused = pageRefusal(response);
  return refused ? { ok: false, reason: refused } : parseEmbedPage(response.text());
}

/** `session`: the resolve's session as headers (its cookies and CSRF header); none when it runs anonymously. */
async function graphql(upstream: Upstream, code: string, session: Readonly<Record<string, string>>, signal: AbortSignal): Promise<AdapterResult> {
  const query = postQuery(code);
  const headers = { ...query.headers, 'user-agent': USER_AGENTS.browser, origin: INSTAGRAM_ORIGIN, referer: `${INSTAGRAM_ORIGIN}/p/${code}/`, ...session };
  const response = await upstream.request({ url: `${INSTAGRAM_ORIGIN}${GRAPHQL_PATH}`, method: 'POST', headers, body: query.body, signal });
  // The query answers JSON, but a wall or an error page may be HTML: a status to read, not a crash.
  return parsePostQuery(response.status, parseJson(response.text()));
}

async function page(upstream: Upstream, type: string, code: string, signal: AbortSignal): Promise<AdapterResult> {
  // Instagram still serves its Open Graph tags to Facebook's own link crawler (SOURCES.md).
  const response = await upstream.page(`${INSTAGRAM_ORIGIN}/${type}/${code}/`, 'facebookCrawler', signal, { headers: { accept: 'text/html' } });
  const refused = pageRefusal(response);
  return refused ? { ok: false, reason: refused } : parsePostPage(response.text(), code);
}

// Threads adapter, declared (docs/design.md §9): the post from the post page's embedded JSON, else from
// the web GraphQL the page hands its LSD token to, else the page's Open Graph tags as a link crawler
// sees them (SOURCES.md). The resolve's session, when it has one, goes on the page and GraphQL
// requests (its cookies), never on the crawler's.
import type { PlatformCredential } from '../../../application/credentials.js';
import type { HttpResponse } from '../../../application/ports/http.port.js';
import type { AdapterResult } from '../../../application/ports/platform-adapter.port.js';
import { threads } from '../../../domain/platforms/threads.js';
import type { Reason } from '../../../domain/reasons.js';
import { cookieHeader, sessionHeaders, setCookies } from '../kit/cookies.js';
import { declaredAdapter, postShape } from '../kit/declared-adapter.js';
import { canonicalHostOf } from '../kit/origin.js';
import { reasonForStatus } from '../kit/status.js';
import type { Upstream } from '../kit/upstream.js';
import { USER_AGENTS, type Visitor } from '../kit/user-agents.js';
import { isLoginPage, isWallUrl, META_SITES } from '../kit/walls.js';
import { graphqlForm, parseGraphqlBody, postIdFromCode, POST_QUERY, readGraphqlAnswer, THREADS_APP_ID } from './graphql.js';
import { cardFromOpenGraph, lsdToken, postFromPage } from './page.js';
import { cardFromPost, THREADS_ORIGIN, type ThreadsCard } from './post.js';

const HOST = canonicalHostOf(threads);
const GRAPHQL_URL = `${THREADS_ORIGIN}/api/graphql`;
// /t/{code} redirects to /@{user}/post/{code}; a login wall is one more hop.
const MAX_HOPS = 3;

type Page = { response: HttpResponse } | { reason: Reason };

export const ThreadsAdapter = declaredAdapter({
  spec: threads,
  posts: [
    /**
     * The browser page is fetched once and serves two strategies: its embedded post, then the LSD
     * token for GraphQL. `not-found` (a 404 page, an empty GraphQL answer) ends the chain; a wall or
     * an unreadable answer leaves it to the crawler's view of the page.
     */
    postShape(
      ['code'],
      ({ code }, upstream, post, credential) => {
        const postId = postIdFromCode(code);
        let visit: Promise<Page> | undefined;
        // Threads serves its app (and the post JSON) to browsers, as SOURCES.md's requests show.
        const page = (signal: AbortSignal) => (visit ??= fetchPage(upstream, post.canonicalUrl, 'browser', browserHeaders(credential), signal));
        return [
          { name: 'page', run: async (s) => fromPage(await page(s), code, postId) },
          { name: 'graphql', run: async (s) => fromGraphql(upstream, await page(s), post.canonicalUrl, code, postId, credential, s) },
          { name: 'open-graph', run: (s) => fromOpenGraph(upstream, post.canonicalUrl, code, s) },
        ];
      },
      // Only a 404 page or a well-formed GraphQL answer without the post says `not-found`; the
      // cookies, when configured, are on those requests already, so no later step would see more.
      // Walls and throttling are about our client: the crawler's view may still get through.
      { finalReasons: ['not-found'] },
    ),
  ],
});

function fromPage(page: Page, code: string, postId: string | undefined): AdapterResult {
  if ('reason' in page) return { ok: false, reason: page.reason };
  const html = page.response.text();
  const found = cardFromPost(postFromPage(html, code, postId));
  if (found) return card(found);
  return { ok: false, reason: isLoginPage(html, THREADS_ORIGIN) ? 'blocked' : 'upstream-error' };
}

/**
 * Needs the page's LSD token; a page that refused us refuses GraphQL too (same host, same client).
 * `credential`: the resolve's session, whose cookies join the ones the page set.
 */
async function fromGraphql(
  upstream: Upstream,
  page: Page,
  pageUrl: string,
  code: string,
  postId: string | undefined,
  credential: PlatformCredential | undefined,
  signal: AbortSignal,
): Promise<AdapterResult> {
  if ('reason' in page) return { ok: false, reason: page.reason };
  const lsd = lsdToken(page.response.text());
  if (!lsd || !postId) return { ok: false, reason: 'upstream-error' };
  const cookies = { ...setCookies(page.response.headers['set-cookie']), ...credential?.cookies };
  const response = await upstream.request({
    url: GRAPHQL_URL,
    method: 'POST',
    headers: graphqlHeaders(lsd, pageUrl, cookies),
    body: graphqlForm(lsd, postId),
    redirect: 'manual',
    signal,
  });
  const refused = graphqlRefusal(response);
  if (refused) return { ok: false, reason: refused };
  const verdict = readGraphqlAnswer(parseGraphqlBody(response.text()), code, postId);
  if ('reason' in verdict) return { ok: false, reason: verdict.reason };
  const found = cardFromPost(verdict.post);
  return found ? card(found) : { ok: false, reason: 'upstream-error' };
}

async function fromOpenGraph(upstream: Upstream, pageUrl: string, code: string, signal: AbortSignal): Promise<AdapterResult> {
  // A link-preview bot gets the server-rendered head with the post's Open Graph tags, as the
  // Discourse onebox captures in SOURCES.md show; it carries no session, so no cookies either.
  const page = await fetchPage(upstream, pageUrl, 'linkPreview', { accept: 'text/html', 'accept-language': 'en' }, signal);
  if ('reason' in page) return { ok: false, reason: page.reason };
  const found = cardFromOpenGraph(page.response.text(), code);
  return 'reason' in found ? { ok: false, reason: found.reason } : card(found);
}

/** GET with redirects read one by one, so that a hop to a login page is seen as the wall it is. */
async function fetchPage(upstream: Upstream, url: string, visitor: Visitor, headers: Record<string, string>, signal: AbortSignal): Promise<Page> {
  let target = new URL(url);
  for (let hop = 0; hop <= MAX_HOPS; hop++) {
    const response = await upstream.page(target.href, visitor, signal, { headers, redirect: 'manual' });
    if (response.status < 300 || response.status >= 400) {
      const refused = reasonForStatus(response.status);
      return refused ? { reason: refused } : { response };
    }
    const location = response.headers['location'];
    if (!location || !URL.canParse(location, target.href)) return { reason: 'upstream-error' };
    target = new URL(location, target);
    // Off the site to Meta (an Instagram login or challenge page) is a wall as much as /login is;
    // off to anywhere else is an answer we do not follow or understand.
    if (isWallUrl(target) || (target.host !== HOST && META_SITES.test(target.hostname))) return { reason: 'blocked' };
    if (target.host !== HOST) return { reason: 'upstream-error' };
  }
  return { reason: 'upstream-error' };
}

/** The resolve's session cookies (a logged-in session) go on the page and GraphQL requests, never elsewhere. */
function browserHeaders(credential: PlatformCredential | undefined): Record<string, string> {
  const headers: Record<string, string> = {
    accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
    'accept-language': 'en-US,en;q=0.9',
    'sec-fetch-dest': 'document',
    'sec-fetch-mode': 'navigate',
    'sec-fetch-site': 'none',
  };
  const cookie = cookieHeader(credential?.cookies);
  if (cookie) headers['cookie'] = cookie;
  return headers;
}

function card(found: ThreadsCard): AdapterResult {
  return found.mediaExpiresAt === undefined ? { ok: true, card: found.card } : { ok: true, card: found.card, mediaExpiresAt: found.mediaExpiresAt };
}

/** The headers Threads' own web client sends with a GraphQL request (SOURCES.md §1). */
function graphqlHeaders(lsd: string, pageUrl: string, cookies: Record<string, string>): Record<string, string> {
  return {
    'user-agent': USER_AGENTS.browser,
    accept: '*/*',
    'content-type': 'application/x-www-form-urlencoded',
    origin: THREADS_ORIGIN,
    referer: pageUrl,
    'sec-fetch-site': 'same-origin',
    'x-asbd-id': '129477',
    'x-fb-friendly-name': POST_QUERY.friendlyName,
    'x-fb-lsd': lsd,
    'x-ig-app-id': THREADS_APP_ID,
    ...sessionHeaders(cookies),
  };
}

/**
 * GraphQL statuses say something about our client, never about the post: a 404 is the endpoint
 * moving, not the post missing. A redirect is to the login page.
 */
function graphqlRefusal(response: HttpResponse): Reason | undefined {
  const { status } = response;
  if (status >= 200 && status < 300) return undefined;
  if (status === 401 || status === 403 || (status >= 300 && status < 400)) return 'blocked';
  if (status === 429) return 'rate-limited';
  return 'upstream-error';
}

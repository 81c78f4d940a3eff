// Reddit adapter: the post's JSON from oauth.reddit.com with an app-only token when a client is
// configured (data-centre addresses are often refused the anonymous JSON), else (or then) the
// anonymous www.reddit.com/comments/{id}.json, and oEmbed as a last, text-only witness.
import { inject, injectable } from 'tsyringe';
import { SESSION_IN_USE, type SessionInUse } from '../../../application/access/session-in-use.js';
import type { PlatformCredential } from '../../../application/credentials.js';
import { CLOCK, type Clock } from '../../../application/ports/clock.port.js';
import { HTTP_CLIENT, type HttpClient } from '../../../application/ports/http.port.js';
import type { AdapterResult, PlatformAdapter, PostRef, ShortLinkHop } from '../../../application/ports/platform-adapter.port.js';
import { reddit, REDDIT_HOST } from '../../../domain/platforms/reddit.js';
import type { Ids } from '../../../domain/platforms/route.js';
import type { Reason } from '../../../domain/reasons.js';
import { AppOnlyToken } from './oauth.js';
import { parseCommentsResponse, parseOembedResponse } from './comments.js';
import { requestOembed } from '../kit/oembed.js';
import { originOf } from '../kit/origin.js';
import { readShortLink } from '../kit/short-link.js';
import { firstCard, type Strategy } from '../kit/strategies.js';
import { UpstreamAdapter } from '../kit/upstream.js';

const WWW = originOf(reddit);
const OAUTH = `https://${REDDIT_HOST.oauth}`;
// raw_json=1: URLs and text unescaped (otherwise every `&` arrives as `&amp;`); limit=1: the post
// is all we read, so only one comment comes along.
const COMMENTS_QUERY = 'raw_json=1&limit=1';
/**
 * Both JSON strategies read the same post, and oEmbed sees less than either: once one says the
 * post is gone or private, no later one can do better. A refusal of our access (blocked,
 * rate-limited) goes on to the next, which may come from elsewhere or carry no token.
 */
const FINAL_REASONS: readonly Reason[] = ['not-found', 'private'];

@injectable()
export class RedditAdapter extends UpstreamAdapter implements PlatformAdapter {
  /** One app-only token per session's client, kept while that session is (a reload makes new sessions). */
  private readonly tokens = new WeakMap<PlatformCredential, AppOnlyToken>();

  constructor(
    @inject(HTTP_CLIENT) http: HttpClient,
    @inject(SESSION_IN_USE) private readonly session: SessionInUse,
    @inject(CLOCK) private readonly clock: Clock,
  ) {
    super(http, reddit.upstreamHosts);
  }

  /** The app-only token of the resolve's session, when that session is an OAuth client. */
  private tokenOfSession(): AppOnlyToken | undefined {
    const credential = this.session.credential('reddit');
    const { clientId, clientSecret } = credential ?? {};
    if (!credential || !clientId || !clientSecret) return undefined;
    let token = this.tokens.get(credential);
    if (!token) this.tokens.set(credential, (token = new AppOnlyToken(this.upstream, this.clock, { clientId, clientSecret })));
    return token;
  }

  /** A comment link (`ids.cid`) resolves its post: the post is what the card shows. */
  resolve(post: PostRef, signal: AbortSignal): Promise<AdapterResult> {
    const id = post.ids['id'];
    if (!id) return Promise.resolve({ ok: false, reason: 'unsupported' });
    const strategies: Strategy[] = [];
    const token = this.tokenOfSession();
    if (token) strategies.push({ name: 'oauth', run: (s) => this.viaOauth(id, token, s) });
    strategies.push({ name: 'json', run: (s) => this.viaJson(id, s) }, { name: 'oembed', run: (s) => this.viaOembed(post.ids, s) });
    return firstCard(strategies, signal, { finalReasons: FINAL_REASONS });
  }

  /** v.redd.it/{id} and /r/{sub}/s/{code} both answer a redirect to the post's permalink. */
  readShortLink(url: string, signal: AbortSignal): Promise<ShortLinkHop> {
    return readShortLink(this.upstream, url, signal);
  }

  /** oauth.reddit.com with the app's bearer token; a refused token is renewed once (revoked, or expired early). */
  private async viaOauth(id: string, token: AppOnlyToken, signal: AbortSignal): Promise<AdapterResult> {
    const url = `${OAUTH}/comments/${encodeURIComponent(id)}?${COMMENTS_QUERY}`;
    let bearer = await token.get(signal);
    if (!bearer.ok) return bearer;
    let response = await this.upstream.getJson(url, signal, { authorization: `Bearer ${bearer.token}` });
    if (response.status === 401) {
      token.invalidate(bearer.token);
      bearer = await token.get(signal);
      if (!bearer.ok) return bearer;
      response = await this.upstream.getJson(url, signal, { authorization: `Bearer ${bearer.token}` });
    }
    return parseCommentsResponse(response.status, response.text());
  }

  /** The anonymous JSON view of the post page: no credentials at all. */
  private async viaJson(id: string, signal: AbortSignal): Promise<AdapterResult> {
    const response = await this.upstream.getJson(`${WWW}/comments/${encodeURIComponent(id)}.json?${COMMENTS_QUERY}`, signal);
    return parseCommentsResponse(response.status, response.text());
  }

  private async viaOembed(ids: Ids, signal: AbortSignal): Promise<AdapterResult> {
    const response = await requestOembed(this.upstream, `${WWW}/oembed`, postUrl(ids), signal, { format: 'json' });
    return parseOembedResponse(response.status, response.text());
  }
}

/** The post's own permalink (never the comment's, whose oEmbed would describe the comment). */
function postUrl(ids: Ids): string {
  const owner = ids['sub'] ? `r/${ids['sub']}/` : ids['user'] ? `user/${ids['user']}/` : '';
  return `${WWW}/${owner}comments/${ids['id']}/`;
}

// X (Twitter) adapter: the syndication API first (one anonymous request, what embedded tweets
// read), then the web GraphQL API as a guest or, when cookies are configured, as that session.
// t.co short links are read one hop at a time.
import { inject, injectable } from 'tsyringe';
import { SESSION_IN_USE, type SessionInUse } from '../../../application/access/session-in-use.js';
import { HTTP_CLIENT, type HttpClient } from '../../../application/ports/http.port.js';
import type { AdapterResult, PlatformAdapter, PostRef, ShortLinkHop } from '../../../application/ports/platform-adapter.port.js';
import type { Ids } from '../../../domain/platforms/route.js';
import { twitter } from '../../../domain/platforms/twitter.js';
import type { Reason } from '../../../domain/reasons.js';
import { readShortLink } from '../kit/short-link.js';
import { reasonForStatus } from '../kit/status.js';
import { firstCard, type Strategy } from '../kit/strategies.js';
import { UpstreamAdapter } from '../kit/upstream.js';
import { loggedIn, TweetGraphql } from './graphql.js';
import { withScreenName } from './tweet-result.js';
import { parseSyndication, syndicationScreenName, syndicationUrl, type SyndicationResult } from './syndication.js';

/**
 * Without a session both strategies see X as a logged-out visitor does, so once one of them says
 * the post is protected, age-gated or withheld, the other cannot say more. A session may see
 * protected posts of accounts it follows and age-gated posts, so then only not-found ends the chain.
 */
const FINAL_AS_GUEST: readonly Reason[] = ['not-found', 'private', 'age-restricted', 'region-locked'];
const FINAL_WITH_SESSION: readonly Reason[] = ['not-found'];

@injectable()
export class TwitterAdapter extends UpstreamAdapter implements PlatformAdapter {
  private readonly graphql: TweetGraphql;

  constructor(
    @inject(HTTP_CLIENT) http: HttpClient,
    @inject(SESSION_IN_USE) private readonly session: SessionInUse,
  ) {
    super(http, twitter.upstreamHosts);
    this.graphql = new TweetGraphql(this.upstream);
  }

  async resolve(post: PostRef, signal: AbortSignal): Promise<AdapterResult> {
    const id = post.ids['id'];
    if (!id) return { ok: false, reason: 'unsupported' };
    // A long post the syndication answer cuts short: kept in case GraphQL cannot give the whole text.
    let shortened: AdapterResult | undefined;
    const session = loggedIn(this.session.credential('twitter'));
    const strategies: Strategy[] = [
      {
        name: 'syndication',
        run: async (s) => {
          const { result, shortened: cut } = await this.syndication(id, post.ids, s);
          if (!(result.ok && cut)) return result;
          shortened = result;
          return { ok: false, reason: 'upstream-error' };
        },
      },
      { name: session ? 'graphql-session' : 'graphql-guest', run: (s) => this.graphql.resolve(id, post.ids, s, session) },
    ];
    const finalReasons = session ? FINAL_WITH_SESSION : FINAL_AS_GUEST;
    const result = await firstCard(strategies, signal, { finalReasons });
    return !result.ok && shortened ? shortened : result;
  }

  /** t.co answers non-browser clients with a 301 to the target; some get a meta-refresh page instead. */
  readShortLink(url: string, signal: AbortSignal): Promise<ShortLinkHop> {
    return readShortLink(this.upstream, url, signal);
  }

  private async syndication(id: string, ids: Ids, signal: AbortSignal): Promise<SyndicationResult> {
    const response = await this.upstream.getJson(syndicationUrl(id), signal);
    if (response.status === 200) {
      const body = response.json();
      const parsed = parseSyndication(body);
      return { ...parsed, result: withScreenName(parsed.result, ids, syndicationScreenName(body, id)) };
    }
    return { result: { ok: false, reason: reasonForStatus(response.status) ?? 'upstream-error' } };
  }
}

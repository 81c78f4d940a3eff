// X's web GraphQL API, operation TweetResultByRestId on api.x.com: as a guest (a guest token from
// activate.json, kept for the next posts and renewed when X refuses it) or, when cookies of a
// logged-in session are configured, as that session.
import { UpstreamError } from '../../../application/errors.js';
import type { PlatformCredential } from '../../../application/credentials.js';
import type { HttpResponse } from '../../../application/ports/http.port.js';
import type { AdapterResult } from '../../../application/ports/platform-adapter.port.js';
import type { Ids } from '../../../domain/platforms/route.js';
import { TWITTER_HOST } from '../../../domain/platforms/twitter.js';
import type { Reason } from '../../../domain/reasons.js';
import { cookieHeader } from '../kit/cookies.js';
import { reasonForStatus } from '../kit/status.js';
import type { Upstream } from '../kit/upstream.js';
import { USER_AGENTS } from '../kit/user-agents.js';
import { parseTweetResultByRestId, tweetResultScreenName, withScreenName } from './tweet-result.js';

export const ACTIVATE_URL = `https://${TWITTER_HOST.graphql}/1.1/guest/activate.json`;
// The query id rotates when X redeploys its web client; a stale one answers 404 (see resolve).
export const TWEET_QUERY_URL = `https://${TWITTER_HOST.graphql}/graphql/f2sagi1jweVHFkTUIHzmMQ/TweetResultByRestId`;
// The bearer token x.com's own web client ships to every visitor: public, not a credential.
const WEB_BEARER = 'Bearer AAAAAAAAAAAAAAAAAAAAANRILgAAAAAAnNwIzUejRCOuH5E6I8xnZz4puTs%3D1Zv7ttfk8LF81IUq16cHjhLTvJu4FA33AGWWjCpTnA';

// The web client's switches for this operation; X answers 400 when one it requires is missing.
const FEATURES = {
  rweb_video_screen_enabled: false,
  profile_label_improvements_pcf_label_in_post_enabled: true,
  responsive_web_profile_redirect_enabled: false,
  rweb_tipjar_consumption_enabled: false,
  verified_phone_label_enabled: false,
  creator_subscriptions_tweet_preview_api_enabled: true,
  responsive_web_graphql_timeline_navigation_enabled: true,
  responsive_web_graphql_skip_user_profile_image_extensions_enabled: false,
  premium_content_api_read_enabled: false,
  communities_web_enable_tweet_community_results_fetch: true,
  c9s_tweet_anatomy_moderator_badge_enabled: true,
  responsive_web_grok_analyze_button_fetch_trends_enabled: false,
  responsive_web_grok_analyze_post_followups_enabled: true,
  responsive_web_jetfuel_frame: true,
  responsive_web_grok_share_attachment_enabled: true,
  responsive_web_grok_annotations_enabled: true,
  articles_preview_enabled: true,
  responsive_web_edit_tweet_api_enabled: true,
  graphql_is_translatable_rweb_tweet_is_translatable_enabled: true,
  view_counts_everywhere_api_enabled: true,
  longform_notetweets_consumption_enabled: true,
  responsive_web_twitter_article_tweet_consumption_enabled: true,
  content_disclosure_indicator_enabled: true,
  content_disclosure_ai_generated_indicator_enabled: true,
  responsive_web_grok_show_grok_translated_post: true,
  responsive_web_grok_analysis_button_from_backend: true,
  post_ctas_fetch_enabled: true,
  freedom_of_speech_not_reach_fetch_enabled: true,
  standardized_nudges_misinfo: true,
  tweet_with_visibility_results_prefer_gql_limited_actions_policy_enabled: true,
  longform_notetweets_rich_text_read_enabled: true,
  longform_notetweets_inline_media_enabled: true,
  responsive_web_grok_image_annotation_enabled: true,
  responsive_web_grok_imagine_annotation_enabled: true,
  responsive_web_grok_community_note_auto_translation_is_enabled: true,
  responsive_web_enhance_cards_enabled: false,
  tweet_awards_web_tipping_enabled: false,
};
const FIELD_TOGGLES = { withArticleRichContentState: true, withArticlePlainText: false, withGrokAnalyze: false, withDisallowedReplyControls: false };

const COMMON_HEADERS = {
  authorization: WEB_BEARER,
  'user-agent': USER_AGENTS.browser,
  'x-twitter-active-user': 'yes',
  'x-twitter-client-language': 'en',
  'accept-language': 'en',
};

type Activation = { token: string } | { reason: Reason };

export class TweetGraphql {
  /** The guest token in use, shared by every resolve of this adapter instance. */
  private guestToken?: string;
  private activating?: Promise<Activation>;
  constructor(private readonly upstream: Upstream) {}

  /**
   * Post `id`; `ids` (the URL's) say which handle its canonical URL spells as X does. `session`:
   * the logged-in headers of the resolve's session (`loggedIn`), else the query runs as a guest.
   */
  async resolve(id: string, ids: Ids, signal: AbortSignal, session?: Readonly<Record<string, string>>): Promise<AdapterResult> {
    const response = session ? await this.query(id, session, signal) : await this.queryAsGuest(id, signal);
    if ('reason' in response) return { ok: false, reason: response.reason };
    if (response.status === 200) {
      const body = response.json();
      return withScreenName(parseTweetResultByRestId(body), ids, tweetResultScreenName(body, id));
    }
    // 404 is the path, not the post: the query id was retired (the post itself is `tweetResult: {}`).
    if (response.status === 404) return { ok: false, reason: 'upstream-error' };
    return { ok: false, reason: reasonForStatus(response.status) ?? 'upstream-error' };
  }

  /** X answers 403/429 when a guest token is spent or expired: one new token, one retry. */
  private async queryAsGuest(id: string, signal: AbortSignal): Promise<HttpResponse | { reason: Reason }> {
    let activation = await this.token(signal);
    if ('reason' in activation) return activation;
    let response = await this.query(id, guestHeaders(activation.token), signal);
    if (response.status !== 403 && response.status !== 429) return response;
    activation = await this.token(signal, activation.token);
    if ('reason' in activation) return activation;
    response = await this.query(id, guestHeaders(activation.token), signal);
    return response;
  }

  /**
   * The current guest token, or a new one when there is none or `stale` is the current one.
   * Concurrent resolves share one activation; one that joined another's activation asks once more
   * with its own signal if that one failed (it may have been cut short by the other's budget).
   */
  private async token(signal: AbortSignal, stale?: string, joinedBefore = false): Promise<Activation> {
    if (stale !== undefined && this.guestToken === stale) this.guestToken = undefined;
    if (this.guestToken) return { token: this.guestToken };
    if (!this.activating) {
      const own = this.activate(signal).finally(() => {
        if (this.activating === own) this.activating = undefined;
      });
      this.activating = own;
      return own;
    }
    const shared = this.activating;
    if (joinedBefore) return shared;
    return shared.catch((error: unknown) => {
      if (signal.aborted) throw error;
      return this.token(signal, undefined, true);
    });
  }

  private async activate(signal: AbortSignal): Promise<Activation> {
    const response = await this.upstream.request({ url: ACTIVATE_URL, method: 'POST', headers: COMMON_HEADERS, signal });
    const refused = reasonForStatus(response.status);
    if (refused) return { reason: refused === 'not-found' ? 'upstream-error' : refused };
    const token = (response.json() as { guest_token?: unknown } | null)?.guest_token;
    if (typeof token !== 'string' || !/^\d{1,30}$/.test(token)) throw new UpstreamError('UPSTREAM_BAD_RESPONSE', 'twitter: activate.json gave no guest_token');
    this.guestToken = token;
    return { token };
  }

  private query(id: string, headers: Readonly<Record<string, string>>, signal: AbortSignal): Promise<HttpResponse> {
    const query = new URLSearchParams({
      variables: JSON.stringify({ tweetId: id, withCommunity: false, includePromotedContent: false, withVoice: false }),
      features: JSON.stringify(FEATURES),
      fieldToggles: JSON.stringify(FIELD_TOGGLES),
    });
    return this.upstream.request({
      url: `${TWEET_QUERY_URL}?${query.toString()}`,
      headers: { ...COMMON_HEADERS, 'content-type': 'application/json', ...headers },
      signal,
    });
  }
}

/** The guest token goes in a header and, as the web client sends it, in the guest_id cookie. */
function guestHeaders(token: string): Record<string, string> {
  return { 'x-guest-token': token, cookie: `guest_id=${encodeURIComponent(`v1:${token}`)}` };
}

/** A logged-in session's headers, when its cookies (auth_token and the ct0 CSRF token) are there; else undefined. */
export function loggedIn(credential: PlatformCredential | undefined): Readonly<Record<string, string>> | undefined {
  const cookies = credential?.cookies;
  const cookie = cookieHeader(cookies);
  if (!cookie || !cookies?.['auth_token'] || !cookies['ct0']) return undefined;
  return { cookie, 'x-csrf-token': cookies['ct0'], 'x-twitter-auth-type': 'OAuth2Session' };
}

// Pure parsing of X's GraphQL tweet results (TweetResultByRestId `data.tweetResult.result`, the same
// object TweetDetail nests in its timeline) into a card or a reason. Fetching is in graphql.ts.
import { UpstreamError } from '../../../application/errors.js';
import type { AdapterResult } from '../../../application/ports/platform-adapter.port.js';
import type { Ids } from '../../../domain/platforms/route.js';
import { twitterRespelledUrl } from '../../../domain/platforms/twitter.js';
import type { Reason } from '../../../domain/reasons.js';
import { array, cardFromView, linksOf, mediaLinksOf, tombstoneReason, type TweetView } from './card.js';
import { asObject, type Json } from '../kit/json.js';
import { nonEmpty } from '../kit/text.js';

/**
 * `TweetUnavailable.reason` for logged-out (guest) viewers. NsfwLoggedOut is X's age gate; other
 * reasons (Suspended, Deleted, Unavailable…) leave nothing to show.
 */
const UNAVAILABLE: Record<string, Reason> = {
  NsfwLoggedOut: 'age-restricted',
  Protected: 'private',
  Withheld: 'region-locked',
};

/** A whole TweetResultByRestId answer. `{"data":{"tweetResult":{}}}` is X's answer for no such post. */
export function parseTweetResultByRestId(body: unknown): AdapterResult {
  const data = asObject(asObject(body)?.data);
  const tweetResult = asObject(data?.tweetResult);
  if (!tweetResult) throw bad(errorsOf(body) ?? 'the answer has no data.tweetResult');
  if (tweetResult.result === undefined) return { ok: false, reason: 'not-found' };
  return parseTweetResult(tweetResult.result);
}

/** One tweet result: a Tweet, a TweetWithVisibilityResults wrapper, or why it cannot be seen. */
export function parseTweetResult(value: unknown): AdapterResult {
  const result = unwrap(value);
  switch (result?.__typename) {
    case 'TweetUnavailable':
      return { ok: false, reason: UNAVAILABLE[String(result.reason)] ?? 'not-found' };
    case 'TweetTombstone':
      return { ok: false, reason: tombstoneReason(result.tombstone) };
    case 'Tweet':
    case undefined: {
      if (!result || !asObject(result.legacy)) break;
      // A repost shows the original post, as x.com does when it opens a repost's id.
      const reposted = unwrap(asObject(asObject(result.legacy)?.retweeted_status_result)?.result);
      const view = viewOf(reposted?.legacy ? reposted : result);
      if (!view) throw bad('the tweet has no author screen_name');
      return { ok: true, card: cardFromView(view) };
    }
  }
  throw bad(`unexpected tweet result ${String(result?.__typename)}`);
}

/**
 * `result` with the post's canonical URL spelling the URL's handle as X does (`screenName`), when
 * the two differ only in case (DESIGN §3).
 */
export function withScreenName(result: AdapterResult, ids: Ids, screenName: string | undefined): AdapterResult {
  const canonicalUrl = result.ok && screenName !== undefined ? twitterRespelledUrl(ids, screenName) : undefined;
  return result.ok && canonicalUrl ? { ...result, canonicalUrl } : result;
}

/**
 * The author's handle as X spells it (`screen_name`), when a TweetResultByRestId answer is post `id`
 * itself: a repost's own author, not the reposted post's.
 */
export function tweetResultScreenName(body: unknown, id: string): string | undefined {
  const result = unwrap(asObject(asObject(asObject(body)?.data)?.tweetResult)?.result);
  if (result?.rest_id !== id) return undefined;
  return screenNameOf(asObject(asObject(asObject(result.core)?.user_results)?.result));
}

// Users moved screen_name and name from `legacy` to `core` in 2025; both shapes are in use.
function screenNameOf(user: Json | undefined): string | undefined {
  return nonEmpty(asObject(user?.core)?.screen_name) ?? nonEmpty(asObject(user?.legacy)?.screen_name);
}

/** TweetWithVisibilityResults (limited replies, labels) holds the real tweet under `.tweet`. */
function unwrap(value: unknown): Json | undefined {
  const result = asObject(value);
  return result?.__typename === 'TweetWithVisibilityResults' ? { __typename: 'Tweet', ...asObject(result.tweet) } : result;
}

function viewOf(tweet: Json, depth = 0): TweetView | undefined {
  const legacy = asObject(tweet.legacy)!;
  const user = asObject(asObject(asObject(tweet.core)?.user_results)?.result);
  const handle = screenNameOf(user);
  if (!handle) return undefined;
  const name = nonEmpty(asObject(user?.core)?.name) ?? nonEmpty(asObject(user?.legacy)?.name);
  const entities = asObject(legacy.entities);
  const media = array(asObject(legacy.extended_entities)?.media);
  const note = asObject(asObject(asObject(tweet.note_tweet)?.note_tweet_results)?.result);
  const noteText = nonEmpty(note?.text);
  const quoted = depth === 0 ? unwrap(asObject(tweet.quoted_status_result)?.result) : undefined;
  const view: TweetView = {
    handle,
    ...(name ? { name } : {}),
    text: typeof legacy.full_text === 'string' ? legacy.full_text : '',
    ...rangeOf(legacy.display_text_range),
    ...(noteText ? { noteText } : {}),
    links: linksOf(entities?.urls, asObject(note?.entity_set)?.urls),
    mediaLinks: mediaLinksOf(entities?.media, media),
    media,
    ...cardValuesOf(tweet.card),
    sensitive: legacy.possibly_sensitive === true,
  };
  // Only a visible quote lends its media; a tombstone or an unavailable quote has none.
  const quotedView = quoted?.__typename === 'Tweet' && asObject(quoted.legacy) ? viewOf(quoted, depth + 1) : undefined;
  if (quotedView) view.quoted = quotedView;
  return view;
}

function rangeOf(value: unknown): { range?: [number, number] } {
  return Array.isArray(value) && value.length === 2 && value.every((n) => Number.isInteger(n)) ? { range: [value[0], value[1]] } : {};
}

/** GraphQL cards list their values as `card.legacy.binding_values[] {key, value}`. */
function cardValuesOf(card: unknown): { cardValues?: Map<string, Json> } {
  const values = new Map<string, Json>();
  for (const entry of array(asObject(asObject(card)?.legacy)?.binding_values)) {
    const value = asObject(entry?.value);
    if (typeof entry?.key === 'string' && value) values.set(entry.key, value);
  }
  return values.size ? { cardValues: values } : {};
}

function errorsOf(body: unknown): string | undefined {
  const first = array(asObject(body)?.errors)[0];
  return nonEmpty(first?.message);
}

function bad(message: string): UpstreamError {
  return new UpstreamError('UPSTREAM_BAD_RESPONSE', `twitter: ${message}`);
}

// Pure parsing of X's GraphQL tweet results (TweetResultByRestId `data.tweetResult.result`, the same
// object TweetDetail nests in its timeline) into a card or a reason. Fetching is in graphql.ts.
import { UpstreamError } from '../../../application/errors.js';
import type { AdapterResult } from '../../../application/ports/platform-adapter.port.js';
import type { Ids } from '../../../domain/platforms/route.js';
import { twitterRespelledUrl } from '../../../domain/platforms/twitter.js';
import type { Reason } from '../../../domain/reasons.js';
import { cardFromView, linksOf, mediaLinksOf, tombstoneReason, replyOf, verifiedOf, type TweetView } from './card.js';
import type { XCard } from './card-bindings.js';
import { asObject, objectsOf, type Json } from '../kit/json.js';
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
 * the two differ only in case (docs/design.md §3).
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
  const id = nonEmpty(tweet.rest_id) ?? nonEmpty(legacy.id_str);
  // The 2025 user schema moved the picture to `avatar.image_url` and the legacy check mark to `verification`.
  const avatar = nonEmpty(asObject(user?.avatar)?.image_url) ?? nonEmpty(asObject(user?.legacy)?.profile_image_url_https);
  const verified = verifiedOf(user?.is_blue_verified, asObject(user?.legacy)?.verified, asObject(user?.verification)?.verified);
  const entities = asObject(legacy.entities);
  const media = objectsOf(asObject(legacy.extended_entities)?.media);
  const note = asObject(asObject(asObject(tweet.note_tweet)?.note_tweet_results)?.result);
  const noteText = nonEmpty(note?.text);
  const card = cardOf(tweet.card);
  const view: TweetView = {
    ...(id ? { id } : {}),
    handle,
    ...(name ? { name } : {}),
    ...(avatar ? { avatar } : {}),
    ...(verified !== undefined ? { verified } : {}),
    createdAt: legacy.created_at,
    lang: legacy.lang,
    counts: {
      likes: legacy.favorite_count,
      reposts: legacy.retweet_count,
      replies: legacy.reply_count,
      quotes: legacy.quote_count,
      // A digit string; absent when X shows no count (`{"state": "Enabled"}`).
      views: asObject(tweet.views)?.count,
      bookmarks: legacy.bookmark_count,
    },
    ...replyOf(legacy.in_reply_to_screen_name, legacy.in_reply_to_status_id_str),
    text: typeof legacy.full_text === 'string' ? legacy.full_text : '',
    ...rangeOf(legacy.display_text_range),
    ...(noteText ? { noteText } : {}),
    links: linksOf(entities?.urls, asObject(note?.entity_set)?.urls),
    mediaLinks: mediaLinksOf(entities?.media, media),
    media,
    ...(card ? { card } : {}),
    sensitive: legacy.possibly_sensitive === true,
  };
  if (depth === 0) Object.assign(view, quoteOf(tweet, legacy, depth));
  return view;
}

/**
 * The quoted post: visible (a Tweet, or one under TweetWithVisibilityResults), or gone — a
 * tombstone, TweetUnavailable, or no result at all for a post that names the id it quotes. A gone
 * quote keeps the URL its `quoted_status_permalink` gives.
 */
function quoteOf(tweet: Json, legacy: Json, depth: number): Pick<TweetView, 'quoted' | 'quoteGone'> {
  const quoted = unwrap(asObject(tweet.quoted_status_result)?.result);
  const quotedView = quoted?.__typename === 'Tweet' && asObject(quoted.legacy) ? viewOf(quoted, depth + 1) : undefined;
  if (quotedView) return { quoted: quotedView };
  const id = nonEmpty(legacy.quoted_status_id_str);
  if (!quoted && !id) return {};
  const permalink = nonEmpty(asObject(legacy.quoted_status_permalink)?.expanded);
  const handle = permalink && id ? permalinkHandle(permalink, id) : undefined;
  return { quoteGone: { ...(id ? { id } : {}), ...(handle ? { handle } : {}) } };
}

/** The handle of `https://twitter.com/{handle}/status/{id}` when the link is to post `id`. */
function permalinkHandle(permalink: string, id: string): string | undefined {
  const match = /^https?:\/\/(?:www\.)?(?:x|twitter)\.com\/([A-Za-z0-9_]{1,20})\/status\/(\d+)/.exec(permalink);
  return match && match[2] === id && match[1]!.toLowerCase() !== 'i' ? match[1] : undefined;
}

function rangeOf(value: unknown): { range?: [number, number] } {
  return Array.isArray(value) && value.length === 2 && value.every((n) => Number.isInteger(n)) ? { range: [value[0], value[1]] } : {};
}

/** GraphQL cards list their values as `card.legacy.binding_values[] {key, value}`. */
function cardOf(value: unknown): XCard | undefined {
  const card = asObject(asObject(value)?.legacy);
  const values = new Map<string, Json>();
  for (const entry of objectsOf(card?.binding_values)) {
    const object = asObject(entry?.value);
    if (typeof entry?.key === 'string' && object) values.set(entry.key, object);
  }
  if (!values.size) return undefined;
  const name = nonEmpty(card?.name);
  const url = nonEmpty(card?.url);
  return { ...(name ? { name } : {}), ...(url ? { url } : {}), values };
}

function errorsOf(body: unknown): string | undefined {
  const first = objectsOf(asObject(body)?.errors)[0];
  return nonEmpty(first?.message);
}

function bad(message: string): UpstreamError {
  return new UpstreamError('UPSTREAM_BAD_RESPONSE', `twitter: ${message}`);
}

// X's syndication API (cdn.syndication.twimg.com/tweet-result, what embedded-tweet widgets read):
// no account, no guest token, one request. Its URL and the pure parsing of its answer.
import { UpstreamError } from '../../../application/errors.js';
import type { AdapterResult } from '../../../application/ports/platform-adapter.port.js';
import { TWITTER_HOST } from '../../../domain/platforms/twitter.js';
import { cardFromView, linksOf, mediaLinksOf, tombstoneReason, replyOf, verifiedOf, type TweetView } from './card.js';
import type { XCard } from './card-bindings.js';
import { asObject, objectsOf, type Json } from '../kit/json.js';
import { nonEmpty } from '../kit/text.js';

// The widget's feature switches, as it sends them; they keep the answer in the shape parsed here.
const FEATURES = [
  'tfw_timeline_list:',
  'tfw_follower_count_sunset:true',
  'tfw_tweet_edit_backend:on',
  'tfw_refsrc_session:on',
  'tfw_fosnr_soft_interventions_enabled:on',
  'tfw_show_birdwatch_pivots_enabled:on',
  'tfw_show_business_verified_badge:on',
  'tfw_duplicate_scribes_to_settings:on',
  'tfw_use_profile_image_shape_enabled:on',
  'tfw_show_blue_verified_badge:on',
  'tfw_legacy_timeline_sunset:true',
  'tfw_show_gov_verified_badge:on',
  'tfw_show_business_affiliate_badge:on',
  'tfw_tweet_edit_frontend:on',
].join(';');

/**
 * The `token` the widget derives from the post id (SOURCES.md §3): id / 1e15 × π in base 36, with
 * zeros and the point removed. X has at times refused requests whose token does not match.
 */
export function syndicationToken(id: string): string {
  return ((Number(id) / 1e15) * Math.PI).toString(36).replace(/(0+|\.)/g, '');
}

export function syndicationUrl(id: string): string {
  const query = new URLSearchParams({ id, lang: 'en', features: FEATURES, token: syndicationToken(id) });
  return `https://${TWITTER_HOST.syndication}/tweet-result?${query.toString()}`;
}

export interface SyndicationResult {
  result: AdapterResult;
  /**
   * A long post whose answer carries only the start of its text (a `note_tweet` without the text):
   * the card is right but another source may have the whole text.
   */
  shortened?: boolean;
}

/** A tweet-result answer: the post, a tombstone, or `{}` (X's answer for a post that does not exist). */
export function parseSyndication(body: unknown): SyndicationResult {
  const tweet = asObject(body);
  if (!tweet) throw bad('the answer is not a JSON object');
  if (Object.keys(tweet).length === 0) return { result: { ok: false, reason: 'not-found' } };
  if (tweet.__typename === 'TweetTombstone') return { result: { ok: false, reason: tombstoneReason(tweet.tombstone) } };
  const view = viewOf(tweet, true);
  if (!view) throw bad('the tweet has no user.screen_name or text');
  const note = asObject(tweet.note_tweet);
  const shortened = note !== undefined && view.noteText === undefined;
  return { result: { ok: true, card: cardFromView(view) }, ...(shortened ? { shortened } : {}) };
}

/** The author's handle as X spells it (`user.screen_name`), when the answer is post `id` itself. */
export function syndicationScreenName(body: unknown, id: string): string | undefined {
  const tweet = asObject(body);
  return tweet?.id_str === id ? nonEmpty(asObject(tweet.user)?.screen_name) : undefined;
}

function viewOf(tweet: Json, withQuote: boolean): TweetView | undefined {
  const user = asObject(tweet.user);
  const handle = nonEmpty(user?.screen_name);
  if (!handle || typeof tweet.text !== 'string') return undefined;
  const name = nonEmpty(user?.name);
  const id = nonEmpty(tweet.id_str);
  const avatar = nonEmpty(user?.profile_image_url_https);
  const verified = verifiedOf(user?.is_blue_verified, user?.verified);
  const entities = asObject(tweet.entities);
  const media = objectsOf(tweet.mediaDetails);
  const note = asObject(asObject(asObject(tweet.note_tweet)?.note_tweet_results)?.result);
  const noteText = nonEmpty(note?.text);
  const range = tweet.display_text_range;
  const card = cardOf(tweet.card);
  const view: TweetView = {
    ...(id ? { id } : {}),
    handle,
    ...(name ? { name } : {}),
    ...(avatar ? { avatar } : {}),
    ...(verified !== undefined ? { verified } : {}),
    createdAt: tweet.created_at,
    lang: tweet.lang,
    // The widget's answer counts replies as `conversation_count`; a quoted post's has `reply_count`.
    counts: {
      likes: tweet.favorite_count,
      reposts: tweet.retweet_count,
      replies: tweet.reply_count ?? tweet.conversation_count,
      quotes: tweet.quote_count,
      bookmarks: tweet.bookmark_count,
    },
    ...replyOf(tweet.in_reply_to_screen_name, tweet.in_reply_to_status_id_str),
    text: tweet.text,
    ...(Array.isArray(range) && range.length === 2 && range.every((n) => Number.isInteger(n)) ? { range: [range[0], range[1]] as const } : {}),
    ...(noteText ? { noteText } : {}),
    links: linksOf(entities?.urls, asObject(note?.entity_set)?.urls),
    mediaLinks: mediaLinksOf(entities?.media, media),
    media,
    ...(card ? { card } : {}),
    sensitive: tweet.possibly_sensitive === true,
  };
  const quoted = withQuote ? asObject(tweet.quoted_tweet) : undefined;
  if (quoted) {
    // A quoted post the widget cannot show comes without its author or text (or as a tombstone).
    const quotedView = quoted.__typename === 'TweetTombstone' ? undefined : viewOf(quoted, false);
    if (quotedView) view.quoted = quotedView;
    else view.quoteGone = nonEmpty(quoted.id_str) ? { id: nonEmpty(quoted.id_str)! } : {};
  }
  return view;
}

/** Syndication cards keep their values as an object by key (`card.binding_values.<key>`). */
function cardOf(value: unknown): XCard | undefined {
  const card = asObject(value);
  const values = new Map<string, Json>();
  for (const [key, entry] of Object.entries(asObject(card?.binding_values) ?? {})) {
    const object = asObject(entry);
    if (object) values.set(key, object);
  }
  if (!values.size) return undefined;
  const name = nonEmpty(card?.name);
  const url = nonEmpty(card?.url);
  return { ...(name ? { name } : {}), ...(url ? { url } : {}), values };
}

function bad(message: string): UpstreamError {
  return new UpstreamError('UPSTREAM_BAD_RESPONSE', `twitter syndication: ${message}`);
}

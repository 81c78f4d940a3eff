// The card of one X post, shared by both upstream shapes (syndication and GraphQL): each parser
// reads its JSON into a TweetView, and this file turns the view into the card of docs/design.md §4 with
// its post details (the quoted post as a compact card of the same making).
// Pure; the entity objects are the same in both answers, and so are the media (media.ts).
import { decodeHTML } from 'entities';
import {
  clampDescription,
  mediaCard,
  type Author,
  type Card,
  type QuotedPost,
  type ReplyTo,
  type UnavailableQuote,
} from '../../../domain/card.js';
import { twitter } from '../../../domain/platforms/twitter.js';
import type { Reason } from '../../../domain/reasons.js';
import { present, statsOf, utcTime } from '../kit/details.js';
import { asObject, objectsOf } from '../kit/json.js';
import { originOf } from '../kit/origin.js';
import { nonEmpty } from '../kit/text.js';
import { cardImage, linkOf, pollOf, type XCard } from './card-bindings.js';
import { hasWarning, mediaOf } from './media.js';

const X_ORIGIN = originOf(twitter);

/** What the card needs of one post, whichever endpoint answered. */
export interface TweetView {
  /** The post id (`id_str`, GraphQL `rest_id`): a quoted post's canonical URL needs it. */
  id?: string;
  handle: string;
  name?: string;
  /** The profile picture's URL, as X gives it. */
  avatar?: string;
  /** True when X states a check mark (`is_blue_verified` or `verified`), false when it states none. */
  verified?: boolean;
  /** `created_at`: ISO in syndication, RFC 2822 style in GraphQL; both read by the kit. */
  createdAt?: unknown;
  /** X's `lang`. */
  lang?: unknown;
  /** The counts the answer reports, raw (numbers; GraphQL views as a digit string). */
  counts: { likes?: unknown; reposts?: unknown; replies?: unknown; quotes?: unknown; views?: unknown; bookmarks?: unknown };
  /** `in_reply_to_screen_name` and `in_reply_to_status_id_str`. */
  replyTo?: { handle?: string; id?: string };
  /** The text as the upstream gives it (t.co links, HTML-escaped `&amp;` in legacy text). */
  text: string;
  /** `display_text_range`: the shown part, without leading reply mentions or the trailing media link. */
  range?: readonly [number, number];
  /** Long posts: the whole text (plain, not escaped), which the legacy text only begins. */
  noteText?: string;
  /** t.co link → where it leads. */
  links: ReadonlyMap<string, string>;
  /** The t.co links that stand for attached media; the card shows the media instead. */
  mediaLinks: readonly string[];
  /** `extended_entities.media[]` / `mediaDetails[]`. */
  media: readonly unknown[];
  /** The post's `card`: a link preview or a poll. */
  card?: XCard;
  sensitive: boolean;
  /** The quoted post, when the answer shows it. */
  quoted?: TweetView;
  /** A quoted post the answer does not show (deleted, withheld, protected): what is known of its URL. */
  quoteGone?: { id?: string; handle?: string };
}

export function cardFromView(view: TweetView): Card {
  const own = mediaOf(view.media);
  const borrowed = own ? undefined : view.quoted && mediaOf(view.quoted.media);
  const card: Card = {
    ...mediaCard(own ?? borrowed ?? {}),
    title: titleOf(view),
    author: authorOf(view),
    // A quoted post's media shown on the card brings its own flag along.
    nsfw: view.sensitive || (borrowed ? flagged(view.quoted!) : hasWarning(view.media)),
  };
  const videos = (own ?? borrowed)?.videos;
  if (videos && videos.length > 1) card.videos = videos;
  // A link card stays a link card; its picture illustrates the linked page, not the post.
  const linkImage = own || borrowed ? undefined : cardImage(view.card);
  if (linkImage) card.image = linkImage;
  const description = describe(view);
  if (description) card.description = description;
  return {
    ...card,
    ...present({
      publishedAt: utcTime(view.createdAt),
      lang: langOf(view.lang),
      stats: statsOf(view.counts),
      replyTo: replyToOf(view.replyTo),
      link: linkOf(view.card, view.links),
      poll: pollOf(view.card),
      quote: quoteOf(view, card.nsfw),
    }),
  };
}

function titleOf(view: TweetView): string {
  return view.name ? `${view.name} (@${view.handle})` : `@${view.handle}`;
}

function authorOf(view: TweetView): Author {
  return {
    name: view.name ?? view.handle,
    url: `${X_ORIGIN}/${view.handle}`,
    handle: view.handle,
    ...present({ avatar: view.avatar, verified: view.verified }),
  };
}

function statusUrl(id: string, handle: string | undefined): string {
  return `${X_ORIGIN}/${handle ?? 'i'}/status/${id}`;
}

/** True when any of X's check-mark fields says so; false when they are stated and none does. */
export function verifiedOf(...stated: unknown[]): boolean | undefined {
  const booleans = stated.filter((v): v is boolean => typeof v === 'boolean');
  return booleans.length ? booleans.includes(true) : undefined;
}

/**
 * X writes `und` when it cannot tell, `zxx` for posts without words (media, a card), and codes of
 * the private-use range `qaa`–`qtz` for text that is only mentions, hashtags, cashtags, media
 * links or too short (`qam`, `qht`, `qct`, `qme`, `qst`): none of them is a language.
 */
function langOf(value: unknown): string | undefined {
  const lang = nonEmpty(value);
  if (!lang || !/^[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$/.test(lang)) return undefined;
  return lang === 'und' || lang === 'zxx' || /^q[a-t][a-z]$/.test(lang) ? undefined : lang;
}

/** `in_reply_to_screen_name` and `in_reply_to_status_id_str`, the same in both answers. */
export function replyOf(screenName: unknown, statusId: unknown): Pick<TweetView, 'replyTo'> {
  const handle = nonEmpty(screenName);
  const id = nonEmpty(statusId);
  return handle || id ? { replyTo: { ...(handle ? { handle } : {}), ...(id ? { id } : {}) } } : {};
}

function replyToOf(reply: TweetView['replyTo']): ReplyTo | undefined {
  if (!reply?.id && !reply?.handle) return undefined;
  return { ...(reply.id ? { canonicalUrl: statusUrl(reply.id, reply.handle) } : {}), ...(reply.handle ? { handle: reply.handle } : {}) };
}

/**
 * The quoted post as a compact card. Its media show under `quote` whether or not the quoting post
 * borrows them for its own `image`/`video` — except media X flags on a quote whose quoting card is
 * not flagged: the compact card has no flag of its own to warn with, so it leaves them out.
 */
function quoteOf(view: TweetView, cardNsfw: boolean): QuotedPost | UnavailableQuote | undefined {
  if (view.quoteGone) {
    const { id, handle } = view.quoteGone;
    return { ...(id ? { canonicalUrl: statusUrl(id, handle) } : {}), unavailable: true };
  }
  const quoted = view.quoted;
  if (!quoted?.id) return undefined;
  const shown = cardFromView({ ...quoted, quoted: undefined, quoteGone: undefined });
  const withMedia = cardNsfw || !shown.nsfw;
  return {
    platform: 'twitter',
    canonicalUrl: statusUrl(quoted.id, quoted.handle),
    kind: withMedia ? shown.kind : 'link',
    ...present({
      title: shown.title,
      description: shown.description,
      author: shown.author,
      publishedAt: shown.publishedAt,
      image: withMedia ? shown.image : undefined,
      video: withMedia ? shown.video : undefined,
    }),
  };
}

function flagged(view: TweetView): boolean {
  return view.sensitive || hasWarning(view.media);
}

/** The post text: the shown range, t.co links written out, media links dropped. */
function describe(view: TweetView): string | undefined {
  const text = view.noteText ?? shownRange(decodeHTML(view.text), view.range);
  let out = text;
  for (const link of view.mediaLinks) out = out.split(link).join('');
  for (const [short, target] of view.links) out = out.split(short).join(target);
  return clampDescription(out.replace(/[ \t]+\n/g, '\n')) || undefined;
}

/**
 * The range counts code points of the unescaped text (as X's own twitter-text does), so the text is
 * decoded first and cut by code point, never by UTF-16 unit.
 */
function shownRange(text: string, range: readonly [number, number] | undefined): string {
  if (!range) return text;
  const chars = Array.from(text);
  const [start, end] = range;
  if (!(start >= 0 && end >= start && end <= chars.length)) return text;
  return chars.slice(start, end).join('');
}

/** `entities.urls[]` (also a note's `entity_set.urls[]`) as t.co → target. */
export function linksOf(...lists: unknown[]): Map<string, string> {
  const links = new Map<string, string>();
  for (const list of lists) {
    for (const entry of objectsOf(list)) {
      const short = nonEmpty(entry?.url);
      const target = nonEmpty(entry?.expanded_url);
      if (short && target) links.set(short, target);
    }
  }
  return links;
}

/** The t.co links of `entities.media[]` and of the media items themselves. */
export function mediaLinksOf(...lists: unknown[]): string[] {
  const links = new Set<string>();
  for (const list of lists) {
    for (const entry of objectsOf(list)) {
      const short = nonEmpty(entry?.url);
      if (short) links.add(short);
    }
  }
  return [...links];
}

const TOMBSTONE_RULES: [RegExp, Reason][] = [
  [/age-restricted|adult content|sensitive/i, 'age-restricted'],
  [/limits who can view|protected/i, 'private'],
  [/withheld in (?!response)/i, 'region-locked'],
];

/** Deleted, suspended, "violated the X Rules", "unavailable": all not-found. */
export function tombstoneReason(tombstone: unknown): Reason {
  const text = nonEmpty(asObject(asObject(asObject(tombstone)?.text))?.text) ?? '';
  for (const [pattern, reason] of TOMBSTONE_RULES) if (pattern.test(text)) return reason;
  return 'not-found';
}


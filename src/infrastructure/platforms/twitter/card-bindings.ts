// X's `card` on a post: a link preview (summary, summary_large_image, player) or a poll
// (poll2choice_* … poll4choice_*), both written as binding values by key. Syndication keeps them as
// `card.binding_values.<key>`, GraphQL as `card.legacy.binding_values[] {key, value}`; each parser
// reads them into an XCard and this file turns it into the card's `link`, `poll` and picture. Pure.
import type { LinkPreview, MediaImage, Poll } from '../../../domain/card.js';
import { count, utcTime } from '../kit/details.js';
import { asObject, type Json } from '../kit/json.js';
import { nonEmpty, positiveInt } from '../kit/text.js';

/** One post's card: its name, its own URL (a t.co for link cards) and its binding values by key. */
export interface XCard {
  name?: string;
  url?: string;
  values: ReadonlyMap<string, Json>;
}

// Cards that preview a linked page; others (app installs, promotions, polls) do not.
const LINK_CARDS = new Set(['summary', 'summary_large_image', 'player']);

/**
 * The linked page: its title, summary and picture, at the target the post's `entities.urls[]` gives
 * for the card's t.co (`card_url` binding, else the card's `url`). A t.co the entities do not expand
 * leaves no preview: the card never points at the shortener.
 */
export function linkOf(card: XCard | undefined, links: ReadonlyMap<string, string>): LinkPreview | undefined {
  if (!card?.name || !LINK_CARDS.has(card.name)) return undefined;
  const url = targetOf(stringValue(card.values, 'card_url') ?? card.url, links);
  if (!url) return undefined;
  const title = stringValue(card.values, 'title');
  const description = stringValue(card.values, 'description');
  const image = cardImage(card);
  return { url, ...(title ? { title } : {}), ...(description ? { description } : {}), ...(image ? { image } : {}) };
}

function targetOf(url: string | undefined, links: ReadonlyMap<string, string>): string | undefined {
  if (!url) return undefined;
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return undefined;
  }
  if (host !== 't.co') return url;
  const target = links.get(url);
  return target && !isShortLink(target) ? target : undefined;
}

function isShortLink(url: string): boolean {
  try {
    return new URL(url).hostname.toLowerCase() === 't.co';
  } catch {
    return true;
  }
}

// The largest picture a link card offers first: summary_large_image, summary, then player cards.
const CARD_IMAGE_KEYS = [
  'photo_image_full_size_original',
  'thumbnail_image_original',
  'summary_photo_image_original',
  'player_image_original',
  'photo_image_full_size_large',
  'thumbnail_image_large',
  'player_image_large',
  'thumbnail_image',
  'player_image',
];

/** The link card's picture (none for polls, whose values hold no such keys). */
export function cardImage(card: XCard | undefined): MediaImage | undefined {
  for (const key of CARD_IMAGE_KEYS) {
    const image = asObject(card?.values.get(key)?.image_value);
    const url = nonEmpty(image?.url);
    if (!url) continue;
    const width = positiveInt(image?.width);
    const height = positiveInt(image?.height);
    return width && height ? { url, width, height } : { url };
  }
  return undefined;
}

// The card name says how many choices a poll has; the media variants (`_image`, `_video`) carry the same choices.
const POLL_CARD = /^poll([2-4])choice_/;

/**
 * `choice{n}_label` and `choice{n}_count` (a digit string), `end_datetime_utc`, and
 * `counts_are_final` (X's word that the poll is over). The total is the sum only when every choice
 * has its count.
 */
export function pollOf(card: XCard | undefined): Poll | undefined {
  const match = card?.name ? POLL_CARD.exec(card.name) : null;
  if (!card || !match) return undefined;
  const options: Poll['options'] = [];
  for (let n = 1; n <= Number(match[1]); n++) {
    const label = stringValue(card.values, `choice${n}_label`);
    if (!label) continue;
    const votes = count(stringValue(card.values, `choice${n}_count`));
    options.push(votes === undefined ? { label } : { label, votes });
  }
  if (options.length === 0) return undefined;
  const poll: Poll = { options };
  if (options.every((o) => o.votes !== undefined)) poll.totalVotes = options.reduce((sum, o) => sum + o.votes!, 0);
  const endsAt = utcTime(stringValue(card.values, 'end_datetime_utc'), 'iso', { ahead: true });
  if (endsAt) poll.endsAt = endsAt;
  const final = card.values.get('counts_are_final')?.boolean_value;
  if (typeof final === 'boolean') poll.closed = final;
  return poll;
}

/**
 * An ISO 8601 UTC instant to the second. Not through the kit's `utcTime`, which refuses instants
 * more than a day ahead: an open poll ends in the future.
 */

function stringValue(values: ReadonlyMap<string, Json>, key: string): string | undefined {
  return nonEmpty(values.get(key)?.string_value);
}

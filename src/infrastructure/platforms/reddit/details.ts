// The post details of one Reddit post (`t3` object) beside its media (docs/design.md §4 "Post details"):
// when it was posted and edited, its score and comment count, its subreddit, the spoiler flag and
// a poll. Pure; comments.ts puts them on the card. The link a link post carries is read there,
// with the outside-link rule it shares with the description.
import type { Community, Poll, PostDetails } from '../../../domain/card.js';
import { reddit } from '../../../domain/platforms/reddit.js';
import { asObject, type Json } from '../kit/json.js';
import { count, present, statsOf, utcTime } from '../kit/details.js';
import { originOf } from '../kit/origin.js';
import { nonEmpty } from '../kit/text.js';

const REDDIT_ORIGIN = originOf(reddit);
/** `r/{subreddit}` or `u/{user}` (a post on a profile); anything else (a sanitised placeholder) is no place. */
const PREFIXED = /^(?<prefix>[ru])\/(?<name>[A-Za-z0-9_-]{2,24})$/;
/**
 * Reddit marks a spoiler with a flag, not a text of the author's: the card names it with the
 * word Reddit shows on the post (docs/design.md §4, "Reddit spoiler").
 */
const SPOILER = 'Spoiler';

/**
 * The details of `post`. A crosspost's are its own (its time, score, subreddit); only the spoiler
 * flag, like NSFW, holds when either the crosspost or its `original` carries it, since the card
 * shows the original's media.
 */
export function postDetails(post: Json, original?: Json): PostDetails {
  return present({
    contentWarning: post.spoiler === true || original?.spoiler === true ? SPOILER : undefined,
    publishedAt: utcTime(post.created_utc, 'epochSeconds'),
    // `edited` is `false` for a post never edited, else the epoch seconds of the last edit.
    editedAt: typeof post.edited === 'number' ? utcTime(post.edited, 'epochSeconds') : undefined,
    // `ups` is the same number as `score` under another name, not a like count: not mapped.
    stats: statsOf({ score: post.score, replies: post.num_comments }),
    community: communityOf(post.subreddit_name_prefixed),
    poll: pollOf(post.poll_data),
  });
}

function communityOf(value: unknown): Community | undefined {
  const match = PREFIXED.exec(nonEmpty(value) ?? '');
  if (!match?.groups) return undefined;
  const { prefix, name } = match.groups as { prefix: string; name: string };
  return { name: `${prefix}/${name}`, url: `${REDDIT_ORIGIN}/${prefix === 'r' ? 'r' : 'user'}/${name}/` };
}

/**
 * `poll_data`: the options' text, and their `vote_count` only where Reddit shows it (after the
 * vote, or to a voter); `voting_end_timestamp` is in epoch milliseconds. Whether the poll has
 * closed depends on the time of reading, which a parser does not know: left to the end time.
 */
function pollOf(value: unknown): Poll | undefined {
  const data = asObject(value);
  if (!data || !Array.isArray(data.options)) return undefined;
  const options: Poll['options'] = [];
  for (const entry of data.options) {
    const option = asObject(entry);
    const label = nonEmpty(option?.text);
    if (!label) continue;
    const votes = count(option?.vote_count);
    options.push(votes === undefined ? { label } : { label, votes });
  }
  if (options.length === 0) return undefined;
  return { options, ...present({ totalVotes: count(data.total_vote_count), endsAt: utcTime(data.voting_end_timestamp, 'epochMs', { ahead: true }) }) };
}

/**
 * The poll's end (epoch ms) as ISO 8601 UTC to the second. Not through `utcTime`, which refuses
 * instants more than a day ahead: an open poll ends up to a week after it is read.
 */


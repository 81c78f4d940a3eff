// YouTube player answer (InnerTube /player, /reel/reel_item_watch, or a watch page's
// ytInitialPlayerResponse) → whether the video can be watched and, if not, why. Pure.
import { clampDescription, type Author, type Card, type MediaImage, type Video } from '../../../domain/card.js';
import type { Reason } from '../../../domain/reasons.js';
import { embedPlayer, handleOf, YOUTUBE_ORIGIN, youtubeUrl } from './oembed.js';
import { count, present, seconds, statsOf, utcTime } from '../kit/details.js';
import { nonEmpty, positiveInt } from '../kit/text.js';
import { asObject } from '../kit/json.js';

export interface PlayerVerdict {
  /** Why the video cannot be watched by an anonymous client; absent when it can. */
  reason?: Reason;
  /** The age gate, shown either as the refusal itself or as `isFamilySafe: false`. */
  nsfw: boolean;
  /** `playabilityStatus.playableInEmbed`; false unless the answer says true. */
  embeddable: boolean;
  text: Pick<Card, 'title' | 'description' | 'author'>;
  /** When it was published and how often watched, where the answer says so. */
  details: Pick<Card, 'publishedAt' | 'stats'>;
  /** Seconds; absent for a live stream, which has no length yet. */
  duration?: number;
  poster?: MediaImage;
}

/** Reasons that say something about the video itself, not about our access to it. */
export function isAboutVideo(verdict: PlayerVerdict): boolean {
  return (
    verdict.reason === undefined ||
    verdict.reason === 'not-found' ||
    verdict.reason === 'private' ||
    verdict.reason === 'age-restricted' ||
    verdict.reason === 'region-locked'
  );
}

// Statuses the player gives for the age gate and its "may be inappropriate" variant.
const AGE_STATUSES = new Set(['AGE_CHECK_REQUIRED', 'AGE_VERIFICATION_REQUIRED', 'CONTENT_CHECK_REQUIRED']);
// OK, and an upcoming live stream: both are real, public videos with a working card.
const WATCHABLE_STATUSES = new Set(['OK', 'LIVE_STREAM_OFFLINE']);

// The status alone is ambiguous (LOGIN_REQUIRED covers private videos, the age gate and the bot
// check; UNPLAYABLE covers regions, memberships and data-centre refusals), so the English reason
// text decides; the adapter asks for `hl: en`. Order matters: "Sign in to confirm your age" and
// "Sign in to confirm you're not a bot" both say "sign in".
const TEXT_RULES: [RegExp, Reason][] = [
  [/confirm your age|age[- ]restricted|inappropriate for some users/i, 'age-restricted'],
  [/not a bot/i, 'blocked'],
  // Members-only videos are visible to a chosen audience only, as a followers-only post is:
  // `private` by docs/design.md §4, not `blocked` (signing in as anyone else would not help).
  [/members|join this channel/i, 'private'],
  [/private/i, 'private'],
  [/country|region/i, 'region-locked'],
];

/** The reason an answer's playabilityStatus gives, or undefined when the video can be watched. */
export function playabilityReason(status: unknown): Reason | undefined {
  const p = record(status);
  const code = typeof p['status'] === 'string' ? p['status'] : undefined;
  // The player answers `{}` (HTTP 200) for an id that never existed. A playabilityStatus without
  // its status is an answer whose shape changed: it says nothing about the video.
  if (code === undefined) return Object.keys(p).length === 0 ? 'not-found' : 'upstream-error';
  if (WATCHABLE_STATUSES.has(code)) return undefined;
  if (AGE_STATUSES.has(code)) return 'age-restricted';
  const messages = Array.isArray(p['messages']) ? p['messages'] : [];
  const text = [p['reason'], ...messages].filter((m) => typeof m === 'string').join(' ');
  for (const [pattern, reason] of TEXT_RULES) if (pattern.test(text)) return reason;
  if (code === 'ERROR') return 'not-found'; // deleted, removed, terminated account, bad id
  // LOGIN_REQUIRED or UNPLAYABLE for no reason we know (often in another language): a refusal of
  // this anonymous client, as the data-centre fetch in the conformance captures shows.
  if (code === 'LOGIN_REQUIRED' || code === 'UNPLAYABLE') return 'blocked';
  return 'upstream-error';
}

/** Reads a player answer; `reel_item_watch` wraps it in `playerResponse`. */
export function parsePlayerResponse(body: unknown): PlayerVerdict {
  const outer = record(body);
  const answer = 'playerResponse' in outer ? record(outer['playerResponse']) : outer;
  const details = record(answer['videoDetails']);
  const micro = record(record(answer['microformat'])['playerMicroformatRenderer']);
  const playability = record(answer['playabilityStatus']);

  const reason = playabilityReason(answer['playabilityStatus']);
  const verdict: PlayerVerdict = {
    nsfw: reason === 'age-restricted' || micro['isFamilySafe'] === false,
    embeddable: playability['playableInEmbed'] === true,
    text: textOf(details, micro),
    details: present({ publishedAt: publishedAt(micro), stats: statsOf({ views: details['viewCount'] }) }),
  };
  if (reason) verdict.reason = reason;
  const duration = seconds(count(details['lengthSeconds'] ?? micro['lengthSeconds']));
  if (duration !== undefined) verdict.duration = duration;
  // Watch pages list small cropped thumbnails in videoDetails and the plain hqdefault/maxres one in
  // the microformat: the widest of both is the poster.
  const poster = largest([...list(record(details['thumbnail'])['thumbnails']), ...list(record(micro['thumbnail'])['thumbnails'])]);
  if (poster) verdict.poster = poster;
  return verdict;
}

/**
 * A card from the player answer alone, for when oEmbed gave none but the video can be watched.
 * Without `embeddable` (oEmbed refuses videos whose owner disabled embedding) there is no player
 * another site could show, so the card is a link card with the poster, not a `video` card with a
 * player that would only say "playback on other websites has been disabled".
 */
export function cardFromPlayer(verdict: PlayerVerdict, videoId: string, embeddable: boolean): Card {
  const card: Card = { kind: embeddable ? 'video' : 'link', nsfw: verdict.nsfw, ...verdict.text, ...verdict.details };
  if (embeddable) card.video = withDuration(embedPlayer(videoId), verdict.duration);
  if (verdict.poster) card.image = verdict.poster;
  return card;
}

/** The player URL with the video's length, when known. */
export function withDuration(video: Video, duration: number | undefined): Video {
  return duration === undefined ? video : { ...video, duration };
}

/**
 * The microformat's `publishDate` (else `uploadDate`), a date-time with the offset of YouTube's
 * Pacific time in current answers. A bare date (older answers) is left out rather than read as
 * midnight UTC, which would be an instant YouTube never stated, up to a day off.
 */
function publishedAt(micro: Record<string, unknown>): string | undefined {
  for (const value of [micro['publishDate'], micro['uploadDate']]) {
    if (typeof value === 'string' && value.includes('T')) {
      const instant = utcTime(value);
      if (instant) return instant;
    }
  }
  return undefined;
}

function textOf(details: Record<string, unknown>, micro: Record<string, unknown>): PlayerVerdict['text'] {
  const text: PlayerVerdict['text'] = {};
  const title = nonEmpty(details['title']) ?? nonEmpty(record(micro['title'])['simpleText']);
  if (title) text.title = title;
  const description = nonEmpty(details['shortDescription']) ?? nonEmpty(record(micro['description'])['simpleText']);
  if (description) text.description = clampDescription(description);
  const author = authorOf(details, micro);
  if (author) text.author = author;
  return text;
}

function authorOf(details: Record<string, unknown>, micro: Record<string, unknown>): Author | undefined {
  const name = nonEmpty(details['author']) ?? nonEmpty(micro['ownerChannelName']);
  const channelId = nonEmpty(details['channelId']);
  const profile = youtubeUrl(micro['ownerProfileUrl']);
  const url = profile ?? (channelId ? `${YOUTUBE_ORIGIN}/channel/${channelId}` : undefined);
  const handle = handleOf(profile);
  if (!name || !url) return undefined;
  return handle ? { name, url, handle } : { name, url };
}

/** The widest thumbnail with an https (or scheme-relative) URL. */
function largest(items: readonly unknown[]): MediaImage | undefined {
  let best: MediaImage | undefined;
  for (const item of items) {
    const t = record(item);
    const url = typeof t['url'] === 'string' && t['url'].startsWith('//') ? `https:${t['url']}` : t['url'];
    if (typeof url !== 'string' || !url.startsWith('https://')) continue;
    const width = positiveInt(t['width']);
    const height = positiveInt(t['height']);
    if (best && (best.width ?? 0) >= (width ?? 0)) continue;
    best = width && height ? { url, width, height } : { url };
  }
  return best;
}

function list(value: unknown): readonly unknown[] {
  return Array.isArray(value) ? value : [];
}

function record(value: unknown): Record<string, unknown> {
  return asObject(value) ?? {};
}

// The normalised embed card every platform adapter produces (docs/design.md §4), with the post details
// (§4 "Post details"): each present only when the upstream gives it, never invented, never a 0
// standing for "unknown".
import type { PlatformId } from './platforms/platform-id.js';

import type { Kind } from './kind.js';
import type { Rendition } from './renditions.js';

export { KINDS, type Kind } from './kind.js';

export interface MediaImage {
  url: string;
  width?: number;
  height?: number;
  /** The author's alt text. */
  alt?: string;
  /**
   * Smaller files of the same picture that the platform made and listed beside it (Reddit's
   * previews), each at its true size, largest first: for a `srcset`, or oEmbed's maxwidth.
   */
  renditions?: Rendition[];
}

/**
 * A picture as a card answers it: on a platform whose pictures refuse a plain client (the spec's
 * `imagesNeedProxy`), marked `needsProxy: true`; elsewhere exactly as the adapter read it.
 */
export type ServedImage = MediaImage & { needsProxy?: true };

export function servedImage(image: MediaImage, imagesNeedProxy: boolean): ServedImage {
  return imagesNeedProxy ? { ...image, needsProxy: true } : image;
}

/** A video as the adapter reads it; the answer adds `needsProxy` from the platform's spec. */
export interface Video {
  /** Always the raw upstream URL (a player page for `text/html`). */
  url: string;
  mimeType: string;
  width?: number;
  height?: number;
  /** Seconds. */
  duration?: number;
  hasAudio?: boolean;
}

/** A video as a card answers it: whether the raw URL plays on its own (docs/design.md §4, §7). */
export type ServedVideo = Video & { needsProxy: boolean };

/**
 * Media on a platform whose spec says its media need the proxy need it, unless the URL is a player
 * page (`text/html`), which any browser opens.
 */
export function servedVideo<M extends { mimeType: string }>(media: M, mediaNeedProxy: boolean): M & { needsProxy: boolean } {
  return { ...media, needsProxy: mediaNeedProxy && media.mimeType.split(';')[0]!.trim().toLowerCase() !== 'text/html' };
}

export interface Author {
  name: string;
  url: string;
  /** Without the `@`; a fediverse handle keeps its `@instance`. */
  handle?: string;
  /** URL of the profile picture. */
  avatar?: string;
  verified?: boolean;
}

/** Counts as the platform shows them now; a count it hides or does not report is absent. */
export interface Stats {
  likes?: number;
  /** Retweets, boosts, shares. */
  reposts?: number;
  /** Replies, comments. */
  replies?: number;
  quotes?: number;
  /** Views, plays. */
  views?: number;
  bookmarks?: number;
  /** Reddit's score. */
  score?: number;
}

/** A post whose media is sound: never `kind: video`. */
export interface Audio {
  url: string;
  /** `audio/*` or an HLS playlist. */
  mimeType: string;
  duration?: number;
  /** True when the URL plays only a preview (SoundCloud's 30 s). */
  preview?: boolean;
}

/** The link preview a post carries; `url` is the target, never a shortener's. */
export interface LinkPreview {
  url: string;
  title?: string;
  description?: string;
  image?: MediaImage;
}

/** The quoted post as a compact card, one level deep. */
export interface QuotedPost {
  platform: PlatformId;
  canonicalUrl: string;
  kind: Kind;
  title?: string;
  description?: string;
  author?: Author;
  publishedAt?: string;
  image?: MediaImage;
  video?: Video;
}

/** A quoted post that is gone (deleted, withheld, not visible to a logged-out reader). */
export interface UnavailableQuote {
  canonicalUrl?: string;
  unavailable: true;
}

/**
 * A quoted post on another server, known by its URL alone: reading it would mean asking a server
 * the post's own server merely names, so it is not read (docs/design.md §9 "Open-ended platforms").
 */
export interface QuoteLink {
  canonicalUrl: string;
}

export interface ReplyTo {
  canonicalUrl?: string;
  handle?: string;
}

export interface Poll {
  options: { label: string; votes?: number }[];
  totalVotes?: number;
  /** ISO 8601 UTC. */
  endsAt?: string;
  closed?: boolean;
}

/** Where the post lives (a subreddit, a group, a blog). */
export interface Community {
  name: string;
  url: string;
}

/** A site's declared icon (docs/design.md §3: `apple-touch-icon`, a sized PNG `icon`…), never a guessed `/favicon.ico`. */
export interface Icon {
  url: string;
  width?: number;
  height?: number;
}

/** What an adapter extracts from a post; platform branding and status are added by the use case. */
export interface Card {
  kind: Kind;
  title?: string;
  /** The post text, without its content warning. */
  description?: string;
  contentWarning?: string;
  author?: Author;
  /** ISO 8601 UTC (`2024-05-01T12:34:56Z`). */
  publishedAt?: string;
  editedAt?: string;
  /** BCP 47 tag of the text, as the platform states it. */
  lang?: string;
  nsfw: boolean;
  image?: MediaImage;
  images?: MediaImage[];
  video?: Video;
  /** Every video, when the post has more than one; `video` is the first. */
  videos?: Video[];
  audio?: Audio;
  link?: LinkPreview;
  quote?: QuotedPost | UnavailableQuote | QuoteLink;
  replyTo?: ReplyTo;
  poll?: Poll;
  stats?: Stats;
  community?: Community;
  /**
   * The site's own name and colour, where the platform is not one site (the open web, `web`): they
   * replace the platform's in the answer. Absent: the platform's.
   */
  siteName?: string;
  themeColor?: string;
  /** The site's declared icon (the open web's pages). */
  icon?: Icon;
}

/** The post details a card may carry beside its media (for parsers that gather them apart). */
export type PostDetails = Pick<Card, 'contentWarning' | 'publishedAt' | 'editedAt' | 'lang' | 'link' | 'quote' | 'replyTo' | 'poll' | 'stats' | 'community'>;

export const MAX_DESCRIPTION_LENGTH = 4096;

/** Shortens text to the card's limit without cutting a surrogate pair in half. */
export function clampDescription(text: string): string {
  const trimmed = text.trim();
  if (trimmed.length <= MAX_DESCRIPTION_LENGTH) return trimmed;
  const chars = Array.from(trimmed);
  if (chars.length <= MAX_DESCRIPTION_LENGTH) return trimmed;
  return chars.slice(0, MAX_DESCRIPTION_LENGTH - 1).join('') + '…';
}

/** `kind` follows from the media: a video wins, two or more photos make a gallery. */
export function kindFor(media: { video?: Video; images?: readonly MediaImage[] }): Kind {
  if (media.video) return 'video';
  const count = media.images?.length ?? 0;
  if (count >= 2) return 'gallery';
  if (count === 1) return 'image';
  return 'link';
}

/** Builds the media part of a card from a post's photos and optional video, as §4 orders them. */
export function mediaCard(media: { video?: Video; poster?: MediaImage; images?: MediaImage[] }): Pick<Card, 'kind' | 'image' | 'images' | 'video'> {
  const images = media.images ?? [];
  const kind = kindFor({ video: media.video, images });
  const card: Pick<Card, 'kind' | 'image' | 'images' | 'video'> = { kind };
  if (media.video) card.video = media.video;
  const image = media.video ? (media.poster ?? images[0]) : images[0];
  if (image) card.image = image;
  if (kind === 'gallery') card.images = images;
  return card;
}

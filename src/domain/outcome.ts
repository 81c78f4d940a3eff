// The three outcomes of a resolve (docs/design.md §4): plain values, never exceptions.
import type { Audio, Author, Card, QuotedPost, QuoteLink, ServedImage, ServedVideo, UnavailableQuote } from './card.js';
import type { PlatformId } from './platforms/platform-id.js';
import type { Reason } from './reasons.js';

export interface Branding {
  siteName: string;
  themeColor: string;
}

/** A card's media as answered: each video and sound (and picture, where it needs it) with the `needsProxy` its platform's spec gives. */
export interface ServedMedia {
  image?: ServedImage;
  images?: ServedImage[];
  video?: ServedVideo;
  videos?: ServedVideo[];
  audio?: Audio & { needsProxy: boolean };
  quote?: (Omit<QuotedPost, 'video'> & { video?: ServedVideo }) | UnavailableQuote | QuoteLink;
}

export type OkOutcome = { status: 'ok'; platform: PlatformId; canonicalUrl: string } & Branding & Omit<Card, keyof ServedMedia> & ServedMedia;

export type DegradedOutcome = {
  status: 'degraded';
  platform: PlatformId;
  canonicalUrl: string;
  reason: Reason;
  kind: 'link';
  title?: string;
  description?: string;
  author?: Author;
} & Branding;

export interface NoAdapterOutcome {
  status: 'no-adapter';
  platform: 'none';
  canonicalUrl: string;
}

export type Outcome = OkOutcome | DegradedOutcome | NoAdapterOutcome;

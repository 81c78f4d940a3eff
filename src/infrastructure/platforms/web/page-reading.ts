// What the web adapter needs from a page reader (docs/design.md §3 "Reading", "Fields"): a reader the body
// is pushed into chunk by chunk until it says `enough`, and, once read, the card's fields (given the
// oEmbed answer when there is one), the page's declared canonical URL and oEmbed discovery link, and
// whether the page is a wall rather than the page. The adapter owns requests, order and outcomes;
// a reader owns bytes and field rules.
import type { Card } from '../../../domain/card.js';

/** One answer to read: its Content-Type, where it ended (after redirects), its byte cap and its `Link` header. */
export interface AnswerToRead {
  contentType?: string;
  url: string;
  maxBytes: number;
  link?: string;
}

/** What a page (or a file) is, once read. */
export interface ReadPage {
  /** A bot check, an edge's refusal or a consent wall in place of the page: `blocked`, never a card of it. */
  interstitial: boolean;
  /** The page's oEmbed discovery link (`<link rel=alternate type=application/json+oembed>` › the `Link` header's), absolute http(s). */
  oembedDiscovery?: string;
  /** The card's fields, the oEmbed answer's first where docs/design.md §3 orders them first. */
  fields(oembed?: unknown): PageFields;
}

export interface PageFields {
  /** A card with the site's own `siteName`, `themeColor` and `icon`. */
  card: Card;
  /** The page's declared URL (`<link rel=canonical>` › `og:url`), absolute; same-site checking is the adapter's. */
  declaredCanonical?: string;
}

export interface BodyReading {
  push(chunk: Uint8Array): 'more' | 'enough';
  finish(): ReadPage;
}

export interface PageReading {
  reader(answer: AnswerToRead): BodyReading;
}

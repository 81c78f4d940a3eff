// What the field rules read from a page (or a file) for a `web` card (docs/design.md §3 "The open web"):
// the card's fields plus what the web platform needs next — the page's declared canonical URL and
// its oEmbed discovery link. The web platform maps it onto the Card.
import type { Audio, MediaImage, Video } from '../../../../domain/card.js';
import type { Kind } from '../../../../domain/kind.js';

/** An author as a page names them: a name, a profile URL, or both; never a URL as the name. */
export interface WebAuthor {
  name?: string;
  url?: string;
}

/** The site's declared icon (`apple-touch-icon`, a sized PNG `icon`…), never a guessed `/favicon.ico`. */
export interface WebIcon {
  url: string;
  width?: number;
  height?: number;
}

export interface WebFields {
  kind: Kind;
  title?: string;
  description?: string;
  image?: MediaImage;
  /** Two or more distinct `og:image`s (a gallery); `image` is the first. */
  images?: MediaImage[];
  /** A file (`video/*`, HLS) or a player page (`mimeType: 'text/html'`). */
  video?: Video;
  audio?: Audio;
  author?: WebAuthor;
  /** Always set: the host without `www.` when the page names no site. */
  siteName: string;
  /** ISO 8601 UTC to the second. */
  publishedAt?: string;
  editedAt?: string;
  /** BCP 47. */
  lang?: string;
  /** `#rrggbb`, lower case; `#5f6368` when the page gives none. */
  themeColor: string;
  nsfw: boolean;
  icon?: WebIcon;
  /** The page's declared address (`<link rel=canonical>` › `og:url`), absolute, http(s). Same-site checking is the caller's. */
  declaredCanonical?: string;
  /** The page's oEmbed discovery link (`<link rel=alternate type=application/json+oembed>` › the `Link` header's), absolute, http(s). */
  oembedDiscovery?: string;
}

/** The theme colour of a page that declares none (docs/design.md §3). */
export const DEFAULT_THEME_COLOR = '#5f6368';

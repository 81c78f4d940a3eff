// Seals and opens media-proxy tokens (docs/design.md §7). A token is opaque: nothing in it can be read
// without the secret, and any change to it makes it fail to open.
import type { PlatformId } from '../../domain/platforms/platform-id.js';

/** What a `/v/` token carries, sealed: everything needed to fetch the media and to refresh it. */
export interface MediaTicket {
  /** The upstream media URL (https, on the platform's media-host allowlist). */
  url: string;
  /** Upstream headers the media needs (cookie, referer, user-agent). Secret. */
  headers: Readonly<Record<string, string>>;
  /** The media type the card announced (`video/mp4`, `application/vnd.apple.mpegurl`, …). */
  mimeType: string;
  platform: PlatformId;
  /** The post's canonical URL: when the upstream refuses the media URL, the post is resolved again. */
  canonicalUrl: string;
  /** The name of the egress the post was resolved through (never its proxy URL): media leave the same way. */
  egress?: string;
}

export type OpenedToken =
  | { ok: true; ticket: MediaTicket; /** epoch ms */ expiresAt: number }
  | { ok: false; error: 'malformed' | 'tampered' | 'unknown-key' | 'expired' };

export interface Signer {
  /** A URL-safe token for the ticket, valid until `expiresAt` (epoch ms). */
  seal(ticket: MediaTicket, expiresAt: number): string;
  /** Opens a token at time `now` (epoch ms); never throws. */
  open(token: string, now: number): OpenedToken;
}

export const SIGNER = Symbol('Signer');

// A platform's upstream client and parser: from a matched post URL to a card or a reason.
import type { Card } from '../../domain/card.js';
import type { PlatformId } from '../../domain/platforms/platform-id.js';
import type { Ids } from '../../domain/platforms/platform-rule.js';
import type { Reason } from '../../domain/reasons.js';

export interface PostRef {
  platform: PlatformId;
  canonicalUrl: string;
  contentId: string;
  ids: Ids;
}

export type AdapterResult =
  | {
      ok: true;
      card: Card;
      /** When the media URLs stop working (epoch ms); bounds the cache TTL. */
      mediaExpiresAt?: number;
      /**
       * Upstream headers the card's video URL needs (a cookie the page set, the Referer the CDN
       * wants). Kept with the cached result for the media proxy; never in a response or a log.
       */
      mediaHeaders?: Readonly<Record<string, string>>;
    }
  | {
      ok: false;
      reason: Reason;
      /** Whatever card text was obtained before the refusal. */
      partial?: Pick<Card, 'title' | 'description' | 'author'>;
    };

export interface AdapterCapabilities {
  video: boolean;
  nsfw: boolean;
  shortLinks: boolean;
  proxy: boolean;
}

/** One step of a short link: where it points, or why it could not be read. */
export type ShortLinkHop = { ok: true; location: string } | { ok: false; reason: Reason };

export interface PlatformAdapter {
  readonly id: PlatformId;
  readonly capabilities: AdapterCapabilities;
  /** Hosts the adapter calls; the HTTP port refuses any other. */
  readonly upstreamHosts: readonly string[];
  /**
   * Where the card's media may come from: exact hosts, or `.suffix` for every host under one. The
   * media proxy fetches nothing else.
   */
  readonly mediaHosts?: readonly string[];
  /**
   * Reads one hop of a short link (without following it). Present when `capabilities.shortLinks`;
   * the resolve use case follows the hops until they reach a post of the same platform.
   */
  readShortLink?(url: string, signal: AbortSignal): Promise<ShortLinkHop>;
  /**
   * Resolves one post. Expected refusals are returned as `{ok: false, reason}`; transport failures
   * may be thrown (UpstreamError) and are then mapped by the use case, or, in a chain of strategies,
   * already counted as `timeout`/`upstream-error` by `firstCard`. Must stop when `signal` aborts.
   */
  resolve(post: PostRef, signal: AbortSignal): Promise<AdapterResult>;
}

export const PLATFORM_ADAPTER = Symbol('PlatformAdapter');

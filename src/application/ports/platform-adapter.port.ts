// A platform's upstream client and parser: from a matched post URL to a card or a reason.
import type { Card } from '../../domain/card.js';
import type { PlatformId } from '../../domain/platforms/platform-id.js';
import type { Ids } from '../../domain/platforms/route.js';
import type { Reason } from '../../domain/reasons.js';

export interface PostRef {
  platform: PlatformId;
  canonicalUrl: string;
  contentId: string;
  ids: Ids;
  /**
   * A fediverse server found by discovery (NodeInfo), not on its platform's list: the adapter may
   * call this host, and only for this post (docs/design.md §3 "The fediverse").
   */
  discoveredHost?: string;
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
      /**
       * The post's canonical URL with the URL's handle spelled as the platform spells it (X
       * `screen_name`, Mastodon `acct`), when the answer names it in another case (docs/design.md §3). Same
       * post, same content id; `/resolve` answers with it, so the cached answer carries the
       * platform's spelling whichever case the first request used.
       */
      canonicalUrl?: string;
    }
  | {
      ok: false;
      reason: Reason;
      /** Whatever card text (and, on the open web, the site's own name and colour) was obtained before the refusal. */
      partial?: Pick<Card, 'title' | 'description' | 'author' | 'siteName' | 'themeColor'>;
      /** No upstream request was made (a limit of ours refused it): says nothing about the upstream, so no strike for its breaker. */
      unasked?: true;
      /**
       * A URL a platform claims, where the page's redirects led (a short link on the open web to an
       * X post): the resolve goes on there, with that platform (docs/design.md §3 "The open web").
       */
      handOff?: string;
    };

/** One step of a short link: where it points, or why it could not be read. */
export type ShortLinkHop = { ok: true; location: string } | { ok: false; reason: Reason };

/**
 * The adapter of one platform. What the platform is (id, hosts, media hosts, kinds) is its spec's
 * (`domain/platforms/<id>.ts`); the registry pairs the two (`Platforms`).
 */
export interface PlatformAdapter {
  /**
   * Reads one hop of a short link (without following it). Present when the spec has short-link
   * routes; the resolve use case follows the hops until they reach a post of the same platform.
   */
  readShortLink?(url: string, signal: AbortSignal): Promise<ShortLinkHop>;
  /**
   * Resolves one post. Expected refusals are returned as `{ok: false, reason}`; transport failures
   * may be thrown (UpstreamError) and are then mapped by the use case; in a chain of strategies
   * (`firstCard`) they count as `timeout`/`upstream-error` between strategies, and the chain throws
   * only when every strategy threw. Must stop when `signal` aborts.
   */
  resolve(post: PostRef, signal: AbortSignal): Promise<AdapterResult>;
}

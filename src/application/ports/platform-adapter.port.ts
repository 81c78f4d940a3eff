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

export interface PlatformAdapter {
  readonly id: PlatformId;
  readonly capabilities: AdapterCapabilities;
  /** Hosts the adapter calls; the HTTP port refuses any other. */
  readonly upstreamHosts: readonly string[];
  /**
   * Resolves one post. Expected refusals are returned as `{ok: false, reason}`; transport failures
   * are thrown (UpstreamError) and mapped by the use case. Must stop when `signal` aborts.
   */
  resolve(post: PostRef, signal: AbortSignal): Promise<AdapterResult>;
}

export const PLATFORM_ADAPTER = Symbol('PlatformAdapter');

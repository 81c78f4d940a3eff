// A video's `playableUrl` (docs/design.md §7), and a picture's where it needs the proxy (§4): minted per
// response, never cached. The token seals the media URL with the secret headers it needs, so a
// cached result still gets a fresh token with a full lifetime, and nothing secret is ever part of a
// stored or shared answer.
import type { ServedImage, ServedVideo, Video } from '../domain/card.js';
import { imageTypeOf } from '../domain/image-type.js';
import { fitsTokenCap, mayMintPlayableUrl, tokenExpiresAt, type MediaMode } from '../domain/media-token-policy.js';
import type { OkOutcome } from '../domain/outcome.js';
import type { CachedResult } from './cached-result.js';
import type { Clock } from './ports/clock.port.js';
import type { Logger } from './ports/logger.port.js';
import type { MediaTicket, Signer } from './ports/signer.port.js';
import { forRequest } from './request-log.js';
import type { Settings } from './settings.js';

/** The card's video as answered: `playableUrl` only when the request asked for `media=proxied` and the policy allows it. */
export type AnsweredVideo = ServedVideo & { playableUrl?: string };

/** A card's picture as answered: one that needs the proxy gets a `playableUrl` under the same rules as a video. */
export type AnsweredImage = ServedImage & { playableUrl?: string };

/** The post a video belongs to: a refused media URL is refreshed by resolving it again. */
type PostOf = Pick<OkOutcome, 'platform' | 'canonicalUrl'>;

export class PlayableUrls {
  constructor(
    private readonly settings: Pick<Settings, 'proxyEnabled' | 'proxyTokenTtl' | 'publicBaseUrl'>,
    private readonly clock: Clock,
    private readonly signer: Signer,
    private readonly logger: Logger,
  ) {}

  /**
   * The `playableUrl` for the post's video, or undefined when the request did not ask for one or the
   * policy does not allow it. `media` is the cached entry's media material (expiry, secret headers).
   */
  mint(
    post: PostOf,
    video: Pick<Video, 'url' | 'mimeType'>,
    media: Pick<CachedResult, 'mediaExpiresAt' | 'mediaHeaders' | 'egress'>,
    mediaHosts: readonly string[] | undefined,
    mode: MediaMode,
    requestId: string | undefined,
  ): string | undefined {
    if (!mayMintPlayableUrl({ mode, proxyEnabled: this.settings.proxyEnabled, video, mediaHosts })) return undefined;
    const expiresAt = tokenExpiresAt(this.clock.now(), this.settings.proxyTokenTtl, media.mediaExpiresAt);
    if (expiresAt === undefined) return undefined;
    const token = this.signer.seal(ticketFor(post, video, media.mediaHeaders, media.egress), expiresAt);
    if (!fitsTokenCap(token)) {
      this.logger.warn(forRequest(requestId, { platform: post.platform, tokenLength: token.length }), 'media token over the length cap; playableUrl left out');
      return undefined;
    }
    return `${this.settings.publicBaseUrl.replace(/\/+$/, '')}/v/${token}`;
  }

  /**
   * The picture with its `playableUrl` when it needs the proxy and one may be minted (its type read
   * from its file name: a URL naming no picture type gets none); any other picture as it is.
   */
  picture(
    post: PostOf,
    image: ServedImage,
    media: Pick<CachedResult, 'mediaExpiresAt' | 'mediaHeaders'>,
    mediaHosts: readonly string[] | undefined,
    mode: MediaMode,
    requestId: string | undefined,
  ): AnsweredImage {
    if (!image.needsProxy) return image;
    const mimeType = imageTypeOf(image.url);
    const playableUrl = mimeType && this.mint(post, { url: image.url, mimeType }, media, mediaHosts, mode, requestId);
    return playableUrl ? { ...image, playableUrl } : image;
  }
}

/** What a token for this video seals: where to fetch it, with which headers, and how to refresh it. */
export function ticketFor(post: PostOf, video: Pick<Video, 'url' | 'mimeType'>, mediaHeaders: Readonly<Record<string, string>> | undefined, egress?: string): MediaTicket {
  const ticket: MediaTicket = { url: video.url, headers: mediaHeaders ?? {}, mimeType: video.mimeType, platform: post.platform, canonicalUrl: post.canonicalUrl };
  if (egress !== undefined) ticket.egress = egress;
  return ticket;
}

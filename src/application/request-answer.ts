// The result as one request gets it (docs/design.md §1): the post's shared entry under the canonical
// URL this request named, with a `playableUrl` minted for this response only, never cached (§7),
// on its video and sound and on each picture that needs the proxy (§4).
import type { ServedImage } from '../domain/card.js';
import type { MediaMode } from '../domain/media-token-policy.js';
import type { DegradedOutcome, NoAdapterOutcome, OkOutcome } from '../domain/outcome.js';
import type { Platforms } from './platforms.js';
import type { AnsweredImage, AnsweredVideo, PlayableUrls } from './playable-url.js';
import type { Hit } from './result-cache.js';

export type OkResult = Omit<OkOutcome, 'video' | 'audio' | 'image' | 'images'> & {
  video?: AnsweredVideo;
  audio?: NonNullable<OkOutcome['audio']> & { playableUrl?: string };
  image?: AnsweredImage;
  images?: AnsweredImage[];
};
export type ResolveResult = ((OkResult | DegradedOutcome) & { cacheHit: boolean }) | NoAdapterOutcome;

/**
 * An entry and its outcome as answered (a hit, or what a flight fetched), and the canonical URL of
 * the post as this request named it: one entry serves every spelling of a post.
 */
export type Found = Pick<Hit, 'entry'> & { result: (OkOutcome | DegradedOutcome) & { cacheHit: boolean }; asked: string };

export class RequestAnswers {
  constructor(
    private readonly playable: PlayableUrls,
    private readonly platforms: Platforms,
  ) {}

  /**
   * The result as this request gets it: under the canonical URL it asked for, unless the platform
   * spelled the post's URL itself (docs/design.md §3: the handle as the platform writes it) — the entry may
   * have been stored by another spelling of the same post; with a `playableUrl` when asked for and
   * allowed, on its video and sound and on each picture that needs the proxy.
   */
  of(found: Found, { media = 'raw', requestId }: { media?: MediaMode; requestId?: string }): ResolveResult {
    const { entry, asked } = found;
    // A copy only when the spelling differs: the common answer stays the shared, frozen one.
    const result = found.result.canonicalUrl === asked || entry.canonicalFromPlatform ? found.result : { ...found.result, canonicalUrl: asked };
    if (result.status !== 'ok' || media !== 'proxied') return result;
    const proxiedPictures = result.image?.needsProxy === true || result.images?.some((image) => image.needsProxy) === true;
    if (!(result.video || result.audio || proxiedPictures)) return result;
    const mediaHosts = this.platforms.spec(result.platform).mediaHosts;
    const mint = (file: { url: string; mimeType: string }) => this.playable.mint(result, file, entry, mediaHosts, media, requestId);
    const videoUrl = result.video && mint(result.video);
    const audioUrl = result.audio && mint(result.audio);
    const picture = (image: ServedImage) => this.playable.picture(result, image, entry, mediaHosts, media, requestId);
    const image = proxiedPictures && result.image ? picture(result.image) : result.image;
    const images = proxiedPictures ? result.images?.map(picture) : result.images;
    const pictured = image !== result.image || images?.some((item, i) => item !== result.images![i]) === true;
    if (videoUrl === undefined && audioUrl === undefined && !pictured) return result;
    // New media objects: the ones in `result` may be shared (a flight's callers, a hit's answer).
    const answered: OkResult & { cacheHit: boolean } = { ...result };
    if (videoUrl !== undefined) answered.video = { ...result.video!, playableUrl: videoUrl };
    if (audioUrl !== undefined) answered.audio = { ...result.audio!, playableUrl: audioUrl };
    if (image) answered.image = image;
    if (images) answered.images = images;
    return answered;
  }
}

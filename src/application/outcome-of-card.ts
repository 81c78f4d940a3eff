// The outcome an adapter's answer becomes: an ok card in one fixed field order with the media's
// needsProxy from the platform's spec (videos and sounds; pictures where the spec says they need
// it), or a degraded outcome with its reason.
import { servedImage, servedVideo, type Card, type MediaImage } from '../domain/card.js';
import type { DegradedOutcome, OkOutcome } from '../domain/outcome.js';
import type { RegisteredSpec } from '../domain/platforms/registered-spec.js';
import type { Reason } from '../domain/reasons.js';

/**
 * The card in one fixed field order, so every answer reads the same way, its media with the
 * `needsProxy` the platform's spec gives them.
 */
export function okOutcome(spec: RegisteredSpec, canonicalUrl: string, card: Card): OkOutcome {
  const { kind, title, description, contentWarning, author, publishedAt, editedAt, lang, nsfw, image, images, video, videos, audio, link, quote, replyTo, poll, stats, community, siteName, themeColor, icon } = card;
  const serve = <M extends { mimeType: string }>(media: M) => servedVideo(media, spec.mediaNeedProxy);
  const servePicture = (picture: MediaImage) => servedImage(picture, spec.imagesNeedProxy === true);
  const ordered = {
    status: 'ok',
    platform: spec.id,
    canonicalUrl,
    kind,
    title,
    description,
    contentWarning,
    author,
    publishedAt,
    editedAt,
    lang,
    // A page of the open web names its own site; a platform's cards carry the platform's.
    siteName: siteName ?? spec.name,
    themeColor: themeColor ?? spec.themeColor,
    icon,
    nsfw,
    image: image && servePicture(image),
    images: images?.map(servePicture),
    video: video && serve(video),
    videos: videos?.map(serve),
    audio: audio && serve(audio),
    link,
    quote: quote && 'kind' in quote && quote.video ? { ...quote, video: serve(quote.video) } : quote,
    replyTo,
    poll,
    stats,
    community,
  };
  for (const key of Object.keys(ordered) as (keyof typeof ordered)[]) if (ordered[key] === undefined) delete ordered[key];
  return ordered as OkOutcome;
}

export function degraded(spec: RegisteredSpec, canonicalUrl: string, reason: Reason): DegradedOutcome {
  return { status: 'degraded', platform: spec.id, canonicalUrl, reason, kind: 'link', siteName: spec.name, themeColor: spec.themeColor };
}

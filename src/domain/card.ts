// The normalised embed card every platform adapter produces (DESIGN.md §4).
export const KINDS = ['video', 'image', 'gallery', 'link'] as const;
export type Kind = (typeof KINDS)[number];

export interface MediaImage {
  url: string;
  width?: number;
  height?: number;
}

/** A video as the adapter reads it; the answer adds `needsProxy` from the platform's spec. */
export interface Video {
  /** Always the raw upstream URL (a player page for `text/html`). */
  url: string;
  mimeType: string;
  width?: number;
  height?: number;
}

/** A video as a card answers it: whether the raw URL plays on its own (spec/api.md, video rules). */
export type ServedVideo = Video & { needsProxy: boolean };

/**
 * Media on a platform whose spec says its media need the proxy need it, unless the URL is a player
 * page (`text/html`), which any browser opens.
 */
export function servedVideo(video: Video, mediaNeedProxy: boolean): ServedVideo {
  return { ...video, needsProxy: mediaNeedProxy && video.mimeType.split(';')[0]!.trim().toLowerCase() !== 'text/html' };
}

export interface Author {
  name: string;
  url: string;
}

/** What an adapter extracts from a post; platform branding and status are added by the use case. */
export interface Card {
  kind: Kind;
  title?: string;
  description?: string;
  author?: Author;
  nsfw: boolean;
  image?: MediaImage;
  images?: MediaImage[];
  video?: Video;
}

export const MAX_DESCRIPTION_LENGTH = 4096;

/** Shortens text to the card's limit without cutting a surrogate pair in half. */
export function clampDescription(text: string): string {
  const trimmed = text.trim();
  if (trimmed.length <= MAX_DESCRIPTION_LENGTH) return trimmed;
  const chars = Array.from(trimmed);
  if (chars.length <= MAX_DESCRIPTION_LENGTH) return trimmed;
  return chars.slice(0, MAX_DESCRIPTION_LENGTH - 1).join('') + '…';
}

/** `kind` follows from the media: a video wins, two or more photos make a gallery. */
export function kindFor(media: { video?: Video; images?: readonly MediaImage[] }): Kind {
  if (media.video) return 'video';
  const count = media.images?.length ?? 0;
  if (count >= 2) return 'gallery';
  if (count === 1) return 'image';
  return 'link';
}

/** Builds the media part of a card from a post's photos and optional video, as §4 orders them. */
export function mediaCard(media: { video?: Video; poster?: MediaImage; images?: MediaImage[] }): Pick<Card, 'kind' | 'image' | 'images' | 'video'> {
  const images = media.images ?? [];
  const kind = kindFor({ video: media.video, images });
  const card: Pick<Card, 'kind' | 'image' | 'images' | 'video'> = { kind };
  if (media.video) card.video = media.video;
  const image = media.video ? (media.poster ?? images[0]) : images[0];
  if (image) card.image = image;
  if (kind === 'gallery') card.images = images;
  return card;
}

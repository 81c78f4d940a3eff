// Smaller files of a picture that a platform serves beside the one a card names (oEmbed's
// maxwidth/maxheight pick among them). Each is a real file at its true size: a consumer is never
// told a file is a size it is not.
/** A card image as a rendition rule reads it (the card's `MediaImage`, named here apart: card.ts reaches the platform registry). */
export interface ImageFile {
  url: string;
  width?: number;
  height?: number;
}

export interface Rendition {
  url: string;
  width: number;
  height: number;
}

export interface Box {
  maxwidth?: number;
  maxheight?: number;
}

/** The largest rendition that fits within the box; the smallest when none fits. */
export function pickRendition(renditions: readonly Rendition[], { maxwidth, maxheight }: Box): Rendition | undefined {
  const bySize = [...renditions].sort((a, b) => b.width * b.height - a.width * a.height);
  const fits = (r: Rendition) => (!maxwidth || r.width <= maxwidth) && (!maxheight || r.height <= maxheight);
  return bySize.find(fits) ?? bySize.at(-1);
}

/**
 * The size a picture of `width`×`height` is served at when the platform shrinks it (never enlarges
 * it) to fit within `box`×`box`, keeping its aspect ratio.
 */
export function fittedInSquare(width: number, height: number, box: number): [number, number] {
  const scale = Math.min(1, box / width, box / height);
  return [Math.max(1, Math.round(width * scale)), Math.max(1, Math.round(height * scale))];
}

/** A platform's rule for the smaller files of a card image; undefined when the URL is not one it knows. */
export type RenditionsOf = (image: ImageFile) => readonly Rendition[] | undefined;

// An image's size from its first bytes (docs/design.md §3 "Not HTML"): PNG, GIF and WebP say it in their
// first 30 bytes, JPEG in its frame header after the metadata segments. image-size reads the
// headers; the formats and the bytes each needs before asking it are checked here, because it reads
// a short buffer's underlying memory past its end.
import { imageSize } from 'image-size';

/** How many bytes a format needs before its size can be read, by its signature. */
const FORMATS: readonly { type: 'png' | 'gif' | 'webp' | 'jpg'; signature: (bytes: Uint8Array) => boolean; needs: number }[] = [
  { type: 'png', signature: (b) => b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47, needs: 24 },
  { type: 'gif', signature: (b) => b[0] === 0x47 && b[1] === 0x49 && b[2] === 0x46 && b[3] === 0x38, needs: 10 },
  { type: 'webp', signature: (b) => b[0] === 0x52 && b[1] === 0x49 && b[2] === 0x46 && b[3] === 0x46 && b[8] === 0x57 && b[9] === 0x45 && b[10] === 0x42 && b[11] === 0x50, needs: 30 },
  { type: 'jpg', signature: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff, needs: 4 },
];

export type ImageHeader = { width: number; height: number } | 'unknown' | 'more';

/**
 * The size `head` (an image's first bytes, a buffer of its own) states: 'more' while a known format
 * needs more bytes, 'unknown' for a format not read here or a header that makes no sense.
 */
export function imageHeaderSize(head: Uint8Array): ImageHeader {
  if (head.byteLength < 12) return 'more';
  const format = FORMATS.find((candidate) => candidate.signature(head));
  if (!format) return 'unknown';
  if (head.byteLength < format.needs) return 'more';
  let read: ReturnType<typeof imageSize>;
  try {
    read = imageSize(head);
  } catch {
    // A JPEG whose frame header lies past the bytes so far; the other formats are complete by now.
    return format.type === 'jpg' ? 'more' : 'unknown';
  }
  if (!read.width || !read.height) return 'unknown';
  // EXIF orientations 5–8 turn the picture a quarter: it shows with its sides swapped.
  const turned = read.orientation !== undefined && read.orientation >= 5;
  return turned ? { width: read.height, height: read.width } : { width: read.width, height: read.height };
}

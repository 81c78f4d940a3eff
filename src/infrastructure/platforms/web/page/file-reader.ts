// Reads an answer that is not HTML (docs/design.md §3 "Not HTML"): an image's first bytes, until its size
// is read (or a cap), and nothing of a video or a sound file, whose card is the file itself. The
// same push/finish contract as the page reader.
import { imageHeaderSize } from './image-header.js';
import type { BodyReader } from './page-reader.js';

/** Bytes an image is read for its size at most: a JPEG's metadata (EXIF, a thumbnail) comes before its frame header. */
export const IMAGE_HEADER_CAP = 256 * 1024;

export interface FileFacts {
  url: string;
  /** The answer's media type, lower-cased, without parameters (`image/png`). */
  mimeType: string;
  width?: number;
  height?: number;
  bytesRead: number;
}

export function createFileReader({ mimeType, url, maxBytes }: { mimeType: string; url: string; maxBytes: number }): BodyReader<FileFacts> {
  const cap = mimeType.startsWith('image/') ? Math.min(maxBytes, IMAGE_HEADER_CAP) : 0;
  const chunks: Uint8Array[] = [];
  let bytesRead = 0;
  let size: { width: number; height: number } | undefined;
  let done = cap === 0;
  return {
    push(chunk) {
      if (done) return 'enough';
      const bytes = chunk.subarray(0, cap - bytesRead);
      chunks.push(bytes);
      bytesRead += bytes.byteLength;
      const header = imageHeaderSize(ownBuffer(chunks, bytesRead));
      if (header !== 'more') {
        done = true;
        if (header !== 'unknown') size = header;
      }
      if (bytesRead >= cap) done = true;
      return done ? 'enough' : 'more';
    },
    finish() {
      done = true;
      return { url, mimeType, ...size, bytesRead };
    },
  };
}

/**
 * The chunks in one buffer with an ArrayBuffer of its own: image-size reads through the buffer's
 * ArrayBuffer, and Buffer.concat's small results share Node's pool, whose bytes past ours it would read.
 */
function ownBuffer(chunks: readonly Uint8Array[], length: number): Uint8Array {
  const out = new Uint8Array(length);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.byteLength;
  }
  return out;
}

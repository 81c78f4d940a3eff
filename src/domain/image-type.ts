// The media type of a picture as its URL names it, for a picture's `/v/` token (the proxy checks
// what the host answers against it, and serves it when the host labels the body octet-stream).
import { extensionOf } from './hls-playlist.js';

/** `image/*` by the file's extension; undefined when the URL names none the proxy would serve. */
export function imageTypeOf(url: string): string | undefined {
  return IMAGE_TYPES.get(extensionOf(url));
}

const IMAGE_TYPES: ReadonlyMap<string, string> = new Map([
  ['jpg', 'image/jpeg'],
  ['jpeg', 'image/jpeg'],
  ['png', 'image/png'],
  ['gif', 'image/gif'],
  ['webp', 'image/webp'],
  ['avif', 'image/avif'],
]);

// The card fields of an answer that is not a page (docs/design.md §3 "Not HTML"): an image, a video or
// a sound is a card of that file; anything else a link titled by the URL's file name.
import type { FileFacts } from './file-reader.js';
import { siteHost } from './page-urls.js';
import { DEFAULT_THEME_COLOR, type WebFields } from './web-fields.js';

/** The last segment of the URL's path, percent-decoded (`report 2024.pdf`), or undefined for a directory. */
export function fileNameOf(url: string): string | undefined {
  const segment = new URL(url).pathname.split('/').at(-1) ?? '';
  let name = segment;
  try {
    name = decodeURIComponent(segment);
  } catch {
    // A malformed escape: the segment as it stands.
  }
  return name.trim() === '' ? undefined : name.trim();
}

function base(url: string): WebFields {
  const title = fileNameOf(url);
  return { kind: 'link', siteName: siteHost(url), themeColor: DEFAULT_THEME_COLOR, nsfw: false, ...(title ? { title } : {}) };
}

/** An image, video or sound file's card. */
export function fileFields(file: FileFacts): WebFields {
  const fields = base(file.url);
  if (file.mimeType.startsWith('image/')) {
    const size = file.width && file.height ? { width: file.width, height: file.height } : {};
    return { ...fields, kind: 'image', image: { url: file.url, ...size } };
  }
  if (file.mimeType.startsWith('video/')) return { ...fields, kind: 'video', video: { url: file.url, mimeType: file.mimeType } };
  if (file.mimeType.startsWith('audio/')) return { ...fields, audio: { url: file.url, mimeType: file.mimeType } };
  return fields;
}

/** Any other answer (a PDF, an archive, JSON): a link titled by its file name. */
export function linkFields(url: string): WebFields {
  return base(url);
}

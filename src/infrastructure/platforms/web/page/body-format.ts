// Which reader an answer gets, by its Content-Type (docs/design.md §3): HTML is read as a page, an image,
// a video or a sound as a file, anything else (a PDF, a ZIP, JSON) only named.

/** How an answer's body is read: as a page, as a file, or only named (a card's `kind` is another thing). */
export type BodyFormat = 'html' | 'media' | 'other';

/** The media type of a Content-Type header, lower-cased, without parameters; '' when absent. */
export function mediaTypeOf(contentType: string | undefined): string {
  return (contentType ?? '').split(';')[0]!.trim().toLowerCase();
}

export function bodyFormatOf(contentType: string | undefined): BodyFormat {
  const type = mediaTypeOf(contentType);
  // No type at all: browsers sniff, and what a server sends untyped at a page URL is nearly always HTML.
  if (type === '' || type === 'text/html' || type === 'application/xhtml+xml') return 'html';
  if (/^(?:image|video|audio)\/[a-z0-9.+-]+$/.test(type)) return 'media';
  return 'other';
}

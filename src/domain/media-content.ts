// Which upstream answers the media proxy passes on, by content type (docs/design.md §7): media only, so
// a `/v/` URL can never serve a page, a script or JSON from a platform's host.

/** HLS playlist types as CDNs label them (the registered one first). */
export const HLS_TYPES = ['application/vnd.apple.mpegurl', 'application/x-mpegurl', 'audio/mpegurl', 'audio/x-mpegurl'] as const;
export const DASH_TYPE = 'application/dash+xml';
/** What a key URI of a proxied playlist is minted as: AES keys are served as plain bytes. */
export const HLS_KEY_TYPE = 'application/octet-stream';
/** What a subtitle segment of a proxied playlist is minted as. */
export const SUBTITLE_TYPE = 'text/vtt';

/** Labels that say nothing about the body: the ticket's own type stands in for them. */
const UNLABELLED = new Set(['', 'application/octet-stream', 'binary/octet-stream']);
/** Non-media types a ticket may name itself (only tickets minted for parts of a playlist do). */
const PLAYLIST_PART_TYPES = new Set([HLS_KEY_TYPE, SUBTITLE_TYPE]);

/** `Video/MP4; codecs="…"` → `video/mp4`. */
export function essence(contentType: string | undefined): string {
  return (contentType ?? '').split(';')[0]!.trim().toLowerCase();
}

export function isHlsType(type: string): boolean {
  return (HLS_TYPES as readonly string[]).includes(essence(type));
}

/** SVG is a document that runs scripts: served from our origin it would be script on our origin. */
const SCRIPTABLE_IMAGES = new Set(['image/svg+xml']);

function isMediaType(type: string): boolean {
  if (SCRIPTABLE_IMAGES.has(type)) return false;
  return /^(video|audio|image)\/[a-z0-9.+-]+$/.test(type) || isHlsType(type) || type === DASH_TYPE;
}

/**
 * The content type to answer with, or `undefined` when the answer must not pass. `upstream` is what
 * the media host labelled the body; `ticketType` is what the token was minted for. A media type
 * passes as labelled; an unlabelled (octet-stream) body takes the ticket's type; a playlist's key or
 * subtitle part passes as the type its ticket names.
 */
export function proxiedContentType(upstream: string | undefined, ticketType: string): string | undefined {
  const type = essence(upstream);
  const wanted = essence(ticketType);
  if (isMediaType(type)) return upstream!.trim();
  if (PLAYLIST_PART_TYPES.has(wanted) && (type === wanted || UNLABELLED.has(type))) return wanted;
  if (UNLABELLED.has(type) && isMediaType(wanted)) return wanted;
  return undefined;
}

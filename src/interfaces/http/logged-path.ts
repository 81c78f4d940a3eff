// The path an access line carries. A media-proxy token plays its media until it expires, so a log
// reader must never get one — not from `/v/{token}`, and not from the near misses a client or an
// attacker may send (`//v/T`, `/V/T`, `/%76/T`, `/./v/T`, `/v%2FT`, `\v\T`, `/prefix/v/T`) that the
// router, a proxy in front or another reader may each take for `/v/`. The decision is made on a
// reading that undoes every such spelling; when in doubt, the rest of the path is masked.

/** What replaces whatever followed a `/v/` or looked like a token. */
export const MASK = '…';

/** A base64url run this long is taken for a token wherever it appears (a media token is over 100). */
const TOKEN_LIKE = /[A-Za-z0-9_-]{32,}/g;
const HAS_TOKEN_LIKE = /[A-Za-z0-9_-]{32,}/;

/** Plain paths (the common case) read the same every way: no escapes, backslashes, doubled slashes, dot segments. */
const PLAIN = /^(?:\/[A-Za-z0-9_-][A-Za-z0-9_.-]*)*\/?$/;

/** A `v` segment, however suffixed (`V`, `v;x`, `v.`, `v\0`), followed by anything. */
const PLAIN_MEDIA = /\/v(?![A-Za-z0-9])[^/]*\/./i;
const MEDIA_SEGMENT = /^v(?![A-Za-z0-9])/i;

/** How many rounds of percent-decoding are undone (`%2576` is `%76` is `v` to a double decoder). */
const DECODE_ROUNDS = 4;

export function loggedPath(path: string): string {
  if (PLAIN.test(path)) {
    if (PLAIN_MEDIA.test(path)) return masked(path.split('/').filter(Boolean));
    return HAS_TOKEN_LIKE.test(path) ? path.replace(TOKEN_LIKE, MASK) : path;
  }
  const segments = readSegments(path);
  if (segments.some((s, i) => i < segments.length - 1 && MEDIA_SEGMENT.test(s))) return masked(segments);
  const read = '/' + segments.join('/');
  // A token spelt with escapes shows only once decoded: the decoded reading is logged, masked.
  return HAS_TOKEN_LIKE.test(read) ? read.replace(TOKEN_LIKE, MASK) : path.replace(TOKEN_LIKE, MASK);
}

/** The segments up to the first `v` one, then `v/…`. */
function masked(segments: string[]): string {
  const at = segments.findIndex((s) => MEDIA_SEGMENT.test(s));
  return ['', ...segments.slice(0, at).map((s) => s.replace(TOKEN_LIKE, MASK)), 'v', MASK].join('/');
}

/**
 * The path's segments as the most liberal reader sees them: ASCII escapes decoded (repeatedly),
 * backslashes taken for slashes, empty segments dropped. Dot segments are kept: resolving them only
 * removes segments, so a `v` followed by more in the resolved path is one here too.
 */
function readSegments(path: string): string[] {
  let text = path;
  for (let round = 0; round < DECODE_ROUNDS; round++) {
    const decoded = text.replace(/%([0-9A-Fa-f]{2})/g, (escape, hex: string) => {
      const code = parseInt(hex, 16);
      // Only ASCII: a lone byte of a multi-byte character stays escaped, as the log needs it.
      return code < 0x80 ? String.fromCharCode(code) : escape;
    });
    if (decoded === text) break;
    text = decoded;
  }
  return text.replace(/\\/g, '/').split('/').filter(Boolean);
}

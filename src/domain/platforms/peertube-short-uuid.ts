// PeerTube's short video ids (≥ 3.3, `/w/{shortUUID}`): the UUID's 128-bit number written in base 58
// over the flickrBase58 alphabet, as PeerTube's `short-uuid` dependency writes it (no padding: a
// number that needs fewer digits gives a shorter id).
const FLICKR_BASE58 = '123456789abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ';

export const UUID_PATTERN = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}';
// At least 16 characters: a 128-bit number is shorter in base 58 only by rare chance, and `/w/p` (playlists) must not read as a video.
export const SHORT_UUID_PATTERN = '[1-9a-km-zA-HJ-NP-Z]{16,22}';

/** The short form of a UUID (any case; dashes as a UUID has them). */
export function shortUuid(uuid: string): string {
  let n = BigInt(`0x${uuid.replaceAll('-', '')}`);
  let out = '';
  while (n > 0n) {
    out = FLICKR_BASE58[Number(n % 58n)]! + out;
    n /= 58n;
  }
  return out || FLICKR_BASE58[0]!;
}

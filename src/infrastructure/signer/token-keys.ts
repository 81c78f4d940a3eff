// The keys that seal media-proxy tokens, derived from PROXY_SECRET (and PROXY_SECRET_PREVIOUS
// during a rotation). Each key carries a short id, written into every token it seals, so opening
// picks the right key without trying them all.
import { createHmac, hkdfSync } from 'node:crypto';

export interface TokenKey {
  /** 4 bytes, derived from the key itself: a different secret gives a different id. */
  id: Buffer;
  /** The AES-256-GCM key. */
  key: Buffer;
}

export const KEY_ID_BYTES = 4;

// Fixed HKDF salt and info: they bind the derived key to this one use, so the same PROXY_SECRET
// used elsewhere (or a later token format) never yields the same key.
const HKDF_SALT = 'postlens media-proxy token';
const HKDF_INFO = 'aes-256-gcm key, token version 1';

export function deriveTokenKey(secret: string): TokenKey {
  const key = Buffer.from(hkdfSync('sha256', secret, HKDF_SALT, HKDF_INFO, 32));
  // A MAC of a constant under the key: names the key without revealing anything about it.
  const id = createHmac('sha256', key).update('postlens key id').digest().subarray(0, KEY_ID_BYTES);
  return { id, key };
}

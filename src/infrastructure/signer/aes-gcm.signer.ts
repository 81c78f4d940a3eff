// Media-proxy tokens sealed with AES-256-GCM (docs/design.md §7). Stateless: any instance holding the
// same PROXY_SECRET opens any token; PROXY_SECRET_PREVIOUS still opens tokens during a rotation.
//
// Token = base64url( version(1) | key id(4) | expiry ms(6, big-endian) | iv(12) | ciphertext | tag(16) )
// The first 11 bytes are the GCM additional data: readable, but any change to them fails the tag.
// The ciphertext holds the ticket (media URL, secret headers, …) as JSON; nothing of it is readable.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import * as v from 'valibot';
import type { MediaTicket, OpenedToken, Signer } from '../../application/ports/signer.port.js';
import { MAX_TOKEN_LENGTH } from '../../domain/media-token-policy.js';
import { PLATFORM_IDS } from '../../domain/platforms/platform-id.js';
import { deriveTokenKey, KEY_ID_BYTES, type TokenKey } from './token-keys.js';

const VERSION = 1;
const EXPIRY_BYTES = 6;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const HEADER_BYTES = 1 + KEY_ID_BYTES + EXPIRY_BYTES;
const MIN_BYTES = HEADER_BYTES + IV_BYTES + 1 + TAG_BYTES;
const BASE64URL = /^[A-Za-z0-9_-]+$/;

/** The sealed ticket, compact: [url, headers, mimeType, platform, canonicalUrl, egress name?]. */
const Payload = v.union([
  v.strictTuple([v.string(), v.record(v.string(), v.string()), v.string(), v.picklist(PLATFORM_IDS), v.string()]),
  v.strictTuple([v.string(), v.record(v.string(), v.string()), v.string(), v.picklist(PLATFORM_IDS), v.string(), v.string()]),
]);

export interface SignerSecrets {
  /** PROXY_SECRET: seals every new token, opens them. */
  current: string;
  /** PROXY_SECRET_PREVIOUS: opens tokens sealed before a rotation, seals none. */
  previous?: string;
}

export class AesGcmSigner implements Signer {
  private readonly sealing: TokenKey;
  private readonly opening: readonly TokenKey[];

  constructor(secrets: SignerSecrets) {
    this.sealing = deriveTokenKey(secrets.current);
    this.opening = secrets.previous === undefined ? [this.sealing] : [this.sealing, deriveTokenKey(secrets.previous)];
  }

  seal(ticket: MediaTicket, expiresAt: number): string {
    const header = Buffer.alloc(HEADER_BYTES);
    header.writeUInt8(VERSION, 0);
    this.sealing.id.copy(header, 1);
    header.writeUIntBE(Math.floor(expiresAt), 1 + KEY_ID_BYTES, EXPIRY_BYTES);
    // A fresh random IV per token: GCM's one rule is never to reuse an IV under a key.
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.sealing.key, iv, { authTagLength: TAG_BYTES });
    cipher.setAAD(header);
    const fields = [ticket.url, ticket.headers, ticket.mimeType, ticket.platform, ticket.canonicalUrl];
    const payload = JSON.stringify(ticket.egress === undefined ? fields : [...fields, ticket.egress]);
    const ciphertext = Buffer.concat([cipher.update(payload, 'utf8'), cipher.final()]);
    return Buffer.concat([header, iv, ciphertext, cipher.getAuthTag()]).toString('base64url');
  }

  open(token: string, now: number): OpenedToken {
    try {
      return this.openUnsafe(token, now);
    } catch {
      // Whatever slipped past the checks below is still just a token that does not open.
      return { ok: false, error: 'malformed' };
    }
  }

  private openUnsafe(token: string, now: number): OpenedToken {
    if (typeof token !== 'string' || token.length > MAX_TOKEN_LENGTH || !BASE64URL.test(token)) return { ok: false, error: 'malformed' };
    const bytes = Buffer.from(token, 'base64url');
    // Node's decoder ignores stray trailing bits; requiring the canonical spelling means no two
    // texts open as the same token, so flipping any bit of the text is a refusal.
    if (bytes.length < MIN_BYTES || bytes.toString('base64url') !== token) return { ok: false, error: 'malformed' };
    if (bytes.readUInt8(0) !== VERSION) return { ok: false, error: 'malformed' };
    const keyId = bytes.subarray(1, 1 + KEY_ID_BYTES);
    const key = this.opening.find((k) => k.id.equals(keyId));
    if (!key) return { ok: false, error: 'unknown-key' };

    const header = bytes.subarray(0, HEADER_BYTES);
    const iv = bytes.subarray(HEADER_BYTES, HEADER_BYTES + IV_BYTES);
    const ciphertext = bytes.subarray(HEADER_BYTES + IV_BYTES, bytes.length - TAG_BYTES);
    const decipher = createDecipheriv('aes-256-gcm', key.key, iv, { authTagLength: TAG_BYTES });
    decipher.setAAD(header);
    decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
    let plaintext: string;
    try {
      plaintext = Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8');
    } catch {
      return { ok: false, error: 'tampered' };
    }

    // Checked only once the tag holds, so a forged expiry is 'tampered', never 'expired'.
    const expiresAt = bytes.readUIntBE(1 + KEY_ID_BYTES, EXPIRY_BYTES);
    if (now >= expiresAt) return { ok: false, error: 'expired' };
    const parsed = v.safeParse(Payload, JSON.parse(plaintext));
    if (!parsed.success) return { ok: false, error: 'malformed' };
    const [url, headers, mimeType, platform, canonicalUrl, egress] = parsed.output;
    const ticket: MediaTicket = { url, headers, mimeType, platform, canonicalUrl };
    if (egress !== undefined) ticket.egress = egress;
    return { ok: true, ticket, expiresAt };
  }
}

// The media-proxy token: what it opens to, what it refuses, and what cannot be read from it.
import { createCipheriv, randomBytes } from 'node:crypto';
import { expect } from 'chai';
import type { MediaTicket, OpenedToken } from '../../src/application/ports/signer.port.js';
import { MAX_TOKEN_LENGTH } from '../../src/domain/media-token-policy.js';
import { AesGcmSigner } from '../../src/infrastructure/signer/aes-gcm.signer.js';
import { deriveTokenKey } from '../../src/infrastructure/signer/token-keys.js';

const SECRET_A = 'secret-a-0123456789abcdef0123456789abcdef';
const SECRET_B = 'secret-b-fedcba9876543210fedcba9876543210';
const NOW = 1_700_000_000_000;
const LATER = NOW + 3_600_000;

const COOKIE = 'tt_chain_token=Zm9vYmFyLXNlY3JldC1jaGFpbi10b2tlbg';
const REFERER = 'https://www.tiktok.com/@someone/video/7300000000000000001';
const TICKET: MediaTicket = {
  // A real TikTok play URL is long (signed query string); so is this one, to make the token long.
  url: `https://v16-webapp-prime.tiktok.com/video/tos/alisg/tos-alisg-pve-0037c001/abc/?a=1988&bti=${'NHFzZGZ6'.repeat(40)}&l=20240101&cs=0&x-expires=1700003600`,
  headers: { cookie: COOKIE, referer: REFERER, 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) postlens-test-agent' },
  mimeType: 'video/mp4',
  platform: 'tiktok',
  canonicalUrl: 'https://www.tiktok.com/@someone/video/7300000000000000001',
};

function refused(opened: OpenedToken): opened is Extract<OpenedToken, { ok: false }> {
  return !opened.ok;
}

describe('AesGcmSigner', () => {
  const signer = new AesGcmSigner({ current: SECRET_A });

  describe('round trip', () => {
    it('when a ticket is sealed, opens to the same ticket and expiry', () => {
      const opened = signer.open(signer.seal(TICKET, LATER), NOW);
      expect(opened).to.deep.equal({ ok: true, ticket: TICKET, expiresAt: LATER });
    });

    it('when the ticket names the egress its post came through, seals that name (unreadable) and opens it again', () => {
      const ticket: MediaTicket = { ...TICKET, egress: 'relay.example:3128' };
      const token = signer.seal(ticket, LATER);
      expect(signer.open(token, NOW)).to.deep.equal({ ok: true, ticket, expiresAt: LATER });
      expect(Buffer.from(token, 'base64url').toString('latin1')).not.to.include('relay.example');
    });

    it('when another instance holds the same secret, it opens the token (stateless)', () => {
      const other = new AesGcmSigner({ current: SECRET_A });
      expect(other.open(signer.seal(TICKET, LATER), NOW)).to.deep.equal({ ok: true, ticket: TICKET, expiresAt: LATER });
    });

    it('when the ticket has no headers and non-ASCII text, round-trips it exactly', () => {
      const ticket: MediaTicket = { ...TICKET, headers: {}, url: 'https://video.twimg.com/ext_tw_video/1/pu/vid/720x1280/é.mp4?tag=12' };
      const opened = signer.open(signer.seal(ticket, LATER), NOW);
      expect(opened.ok && opened.ticket).to.deep.equal(ticket);
    });

    it('when the same ticket is sealed twice, the tokens differ (fresh IV) and both open', () => {
      const first = signer.seal(TICKET, LATER);
      const second = signer.seal(TICKET, LATER);
      expect(first).not.to.equal(second);
      expect(signer.open(first, NOW).ok && signer.open(second, NOW).ok).to.equal(true);
    });

    it('is URL-safe base64 and well under the length cap for a long TikTok ticket', () => {
      const token = signer.seal(TICKET, LATER);
      expect(token).to.match(/^[A-Za-z0-9_-]+$/);
      expect(token.length).to.be.below(MAX_TOKEN_LENGTH / 2);
    });
  });

  describe('expiry', () => {
    it('when opened one millisecond before its expiry, opens', () => {
      expect(signer.open(signer.seal(TICKET, LATER), LATER - 1).ok).to.equal(true);
    });
    it('when opened at or after its expiry, is refused as expired', () => {
      const token = signer.seal(TICKET, LATER);
      expect(signer.open(token, LATER)).to.deep.equal({ ok: false, error: 'expired' });
      expect(signer.open(token, LATER + 86_400_000)).to.deep.equal({ ok: false, error: 'expired' });
    });
  });

  describe('mutations', () => {
    // Every single-bit flip of the text and of the decoded bytes, and every truncation from either
    // end, of two tokens: none may open, and open must never throw.
    it('when any bit is flipped or the token is cut anywhere, refuses all of at least 10,000 mutations', () => {
      const tokens = [signer.seal(TICKET, LATER), signer.seal({ ...TICKET, headers: {}, url: 'https://v19.tiktokcdn.com/a.mp4' }, LATER)];
      const errors = new Map<string, number>();
      let count = 0;
      const check = (original: string, mutated: string) => {
        if (mutated === original) return;
        count += 1;
        const opened = signer.open(mutated, NOW);
        if (!refused(opened)) expect.fail(`a mutated token opened: ${mutated}`);
        errors.set(opened.error, (errors.get(opened.error) ?? 0) + 1);
      };
      for (const token of tokens) {
        for (let i = 0; i < token.length; i++) {
          for (let bit = 0; bit < 8; bit++) {
            const flipped = String.fromCharCode(token.charCodeAt(i) ^ (1 << bit));
            check(token, token.slice(0, i) + flipped + token.slice(i + 1));
          }
        }
        const bytes = Buffer.from(token, 'base64url');
        for (let i = 0; i < bytes.length; i++) {
          for (let bit = 0; bit < 8; bit++) {
            const copy = Buffer.from(bytes);
            copy[i]! ^= 1 << bit;
            check(token, copy.toString('base64url'));
          }
        }
        for (let n = 0; n < token.length; n++) {
          check(token, token.slice(0, n));
          check(token, token.slice(token.length - n));
        }
      }
      expect(count).to.be.at.least(10_000);
      // Refused for the right reasons: no mutation is mistaken for an expired token.
      for (const error of errors.keys()) expect(['malformed', 'tampered', 'unknown-key']).to.include(error);
      expect(errors.get('tampered')).to.be.above(0);
    });

    it('when the expiry bytes are moved later, is refused as tampered (the expiry is authenticated)', () => {
      const bytes = Buffer.from(signer.seal(TICKET, NOW + 1000), 'base64url');
      bytes.writeUIntBE(LATER + 86_400_000, 5, 6);
      expect(signer.open(bytes.toString('base64url'), NOW)).to.deep.equal({ ok: false, error: 'tampered' });
    });

    it('when the key id is swapped for the id of a key the instance holds, is refused as tampered', () => {
      const fromB = Buffer.from(new AesGcmSigner({ current: SECRET_B }).seal(TICKET, LATER), 'base64url');
      deriveTokenKey(SECRET_A).id.copy(fromB, 1);
      expect(signer.open(fromB.toString('base64url'), NOW)).to.deep.equal({ ok: false, error: 'tampered' });
    });
  });

  describe('keys and rotation', () => {
    it('when the token was sealed with another secret, refuses it as unknown-key', () => {
      const other = new AesGcmSigner({ current: SECRET_B });
      expect(signer.open(other.seal(TICKET, LATER), NOW)).to.deep.equal({ ok: false, error: 'unknown-key' });
    });

    it('when PROXY_SECRET_PREVIOUS is the old secret, opens tokens sealed before the rotation', () => {
      const before = new AesGcmSigner({ current: SECRET_A }).seal(TICKET, LATER);
      const rotated = new AesGcmSigner({ current: SECRET_B, previous: SECRET_A });
      expect(rotated.open(before, NOW)).to.deep.equal({ ok: true, ticket: TICKET, expiresAt: LATER });
    });

    it('when rotated, seals new tokens with the new secret only (an instance without the old one opens them)', () => {
      const rotated = new AesGcmSigner({ current: SECRET_B, previous: SECRET_A });
      const after = rotated.seal(TICKET, LATER);
      expect(new AesGcmSigner({ current: SECRET_B }).open(after, NOW).ok).to.equal(true);
      expect(new AesGcmSigner({ current: SECRET_A }).open(after, NOW)).to.deep.equal({ ok: false, error: 'unknown-key' });
    });

    it('when the previous secret is dropped after the rotation, old tokens are refused as unknown-key', () => {
      const before = new AesGcmSigner({ current: SECRET_A }).seal(TICKET, LATER);
      expect(new AesGcmSigner({ current: SECRET_B }).open(before, NOW)).to.deep.equal({ ok: false, error: 'unknown-key' });
    });

    it('derives a different key and key id per secret, and the same ones for the same secret', () => {
      const a = deriveTokenKey(SECRET_A);
      const b = deriveTokenKey(SECRET_B);
      expect(a.key).to.have.length(32);
      expect(a.id).to.have.length(4);
      expect(a.key.equals(deriveTokenKey(SECRET_A).key) && a.id.equals(deriveTokenKey(SECRET_A).id)).to.equal(true);
      expect(a.key.equals(b.key) || a.id.equals(b.id)).to.equal(false);
      // The key id names the key without being a piece of it.
      expect(a.key.includes(a.id)).to.equal(false);
    });
  });

  describe('malformed input', () => {
    const cases: [string, string][] = [
      ['empty', ''],
      ['not base64url', 'abc+/def=='],
      ['with padding', `${signer.seal(TICKET, LATER)}=`],
      ['too short to hold a tag', 'AQAAAAAAAAAAAAAA'],
      ['over the length cap', 'A'.repeat(MAX_TOKEN_LENGTH + 1)],
      ['non-ASCII', 'ÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿÿ'],
      ['a path', '../../etc/passwd'],
    ];
    for (const [name, token] of cases) {
      it(`when the token is ${name}, refuses it as malformed`, () => {
        expect(signer.open(token, NOW)).to.deep.equal({ ok: false, error: 'malformed' });
      });
    }

    it('when the version byte is not 1, refuses it as malformed', () => {
      const bytes = Buffer.from(signer.seal(TICKET, LATER), 'base64url');
      bytes[0] = 2;
      expect(signer.open(bytes.toString('base64url'), NOW)).to.deep.equal({ ok: false, error: 'malformed' });
    });

    it('when a correctly sealed payload is not a ticket, refuses it as malformed', () => {
      const { id, key } = deriveTokenKey(SECRET_A);
      const header = Buffer.alloc(11);
      header[0] = 1;
      id.copy(header, 1);
      header.writeUIntBE(LATER, 5, 6);
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(header);
      const body = Buffer.concat([cipher.update('{"url":"https://evil.test/"}'), cipher.final()]);
      const token = Buffer.concat([header, iv, body, cipher.getAuthTag()]).toString('base64url');
      expect(signer.open(token, NOW)).to.deep.equal({ ok: false, error: 'malformed' });
    });

    it('when given something that is not a string, refuses it without throwing', () => {
      expect(signer.open(undefined as unknown as string, NOW)).to.deep.equal({ ok: false, error: 'malformed' });
      expect(signer.open(42 as unknown as string, NOW)).to.deep.equal({ ok: false, error: 'malformed' });
    });
  });

  describe('secrecy', () => {
    const secrets = [COOKIE, 'Zm9vYmFyLXNlY3JldC1jaGFpbi10b2tlbg', REFERER, TICKET.headers['user-agent']!, 'postlens-test-agent', 'tiktok.com', 'tt_chain_token', SECRET_A];
    it('when the token text is read as it is, or decoded as base64 or base64url, no header value, URL or secret shows', () => {
      const token = signer.seal(TICKET, LATER);
      const readings = [token, Buffer.from(token, 'base64url').toString('latin1'), Buffer.from(token, 'base64').toString('latin1'), Buffer.from(token, 'base64url').toString('utf8')];
      for (const reading of readings) {
        for (const secret of secrets) expect(reading, `token reading holds ${secret}`).not.to.include(secret);
      }
    });
  });
});

// API keys are compared as SHA-256 digests in constant time (middleware/auth.ts): the check hashes
// the given key and every configured key with SHA-256 and compares each pair with
// crypto.timingSafeEqual, every configured key every time, whatever matched. Proven on the
// comparison function with spies around the real primitives, and on the primitives it uses by default.
import { expect } from 'chai';
import { createHash, timingSafeEqual } from 'node:crypto';
import { apiKeyCheck, KEY_CRYPTO, type KeyCrypto } from '../../src/interfaces/http/middleware/auth.js';
import { TestApp } from '../support/app.js';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/** The real primitives (as they are now), with every call noted. */
function spied(): KeyCrypto & { digested: string[]; compared: Array<[Buffer, Buffer]> } {
  const real = { ...KEY_CRYPTO };
  const digested: string[] = [];
  const compared: Array<[Buffer, Buffer]> = [];
  return {
    digested,
    compared,
    digest: (text) => {
      digested.push(text);
      return real.digest(text);
    },
    equal: (a, b) => {
      compared.push([a, b]);
      return real.equal(a, b);
    },
  };
}

describe('API key check', () => {
  const KEYS = ['first-key-aaaaaaaaaaaa', 'second-key-bbbbbbbbbbbbbbbbbbbbbbbb', 'k3'];

  it('by default, digests with SHA-256 and compares with crypto.timingSafeEqual', () => {
    expect(KEY_CRYPTO.equal).to.equal(timingSafeEqual);
    for (const text of ['', 'k', KEYS[1]!, 'ключ-🔑']) expect(KEY_CRYPTO.digest(text).equals(sha256(text)), text).to.equal(true);
  });

  for (const [given, which] of [[KEYS[0]!, 'the first'], [KEYS[2]!, 'the last'], ['not-a-key', 'no'], ['', 'an empty'], ['x'.repeat(5000), 'a 5000-character']] as const) {
    it(`when given ${which} key, compares the 32-byte SHA-256 digest of it with the digest of every configured key, once each`, () => {
      const crypto = spied();
      const check = apiKeyCheck(KEYS, crypto);
      crypto.digested.length = 0;
      const caller = check.callerOf(given);

      expect(crypto.digested).to.deep.equal([given]);
      expect(crypto.compared).to.have.length(KEYS.length);
      crypto.compared.forEach(([a, b], i) => {
        expect(a.equals(sha256(given)), 'left: the digest of the given key').to.equal(true);
        expect(b.equals(sha256(KEYS[i]!)), `right: the digest of configured key ${i}`).to.equal(true);
        expect([a.length, b.length]).to.deep.equal([32, 32]);
      });
      expect(caller).to.equal(KEYS.includes(given) ? sha256(given).toString('hex').slice(0, 32) : undefined);
    });
  }

  it('digests the configured keys once, when the check is built, not on every request', () => {
    const crypto = spied();
    const check = apiKeyCheck(KEYS, crypto);
    expect(crypto.digested).to.deep.equal(KEYS);
    check.callerOf(KEYS[1]!);
    check.callerOf('other');
    expect(crypto.digested).to.deep.equal([...KEYS, KEYS[1], 'other']);
  });

  it('the caller id names the key without holding it: a digest prefix, the same for the same key', () => {
    const check = apiKeyCheck(KEYS);
    const id = check.callerOf(KEYS[0]!)!;
    expect(id).to.match(/^[0-9a-f]{32}$/).and.not.include(KEYS[0]);
    expect(check.callerOf(KEYS[0]!)).to.equal(id);
    expect(check.callerOf(KEYS[1]!)).to.not.equal(id);
  });

  it('over HTTP, every request is checked by these primitives: both configured digests compared with the digest of the sent key', async () => {
    const real = { ...KEY_CRYPTO };
    const crypto = spied();
    Object.assign(KEY_CRYPTO, { digest: crypto.digest, equal: crypto.equal });
    let app: TestApp | undefined;
    try {
      app = await TestApp.start({ API_KEYS: KEYS.slice(0, 2).join(',') });
      crypto.compared.length = 0;
      expect((await app.get('/api/v1/platforms', { headers: { authorization: 'Bearer some-wrong-key' } })).status).to.equal(401);
      expect(crypto.compared.map(([a, b]) => [a.toString('hex'), b.toString('hex')])).to.deep.equal(KEYS.slice(0, 2).map((k) => [sha256('some-wrong-key').toString('hex'), sha256(k).toString('hex')]));
    } finally {
      Object.assign(KEY_CRYPTO, real);
      await app?.close();
    }
  });

  it('over HTTP, a key of any length or content that is not configured is a 401, never a 5xx', async () => {
    const app = await TestApp.start({ API_KEYS: KEYS.slice(0, 2).join(',') });
    try {
      for (const key of ['k', 'x'.repeat(4000), KEYS[0]!.toUpperCase(), `${KEYS[0]}x`, KEYS[0]!.slice(0, -1), 'ключ']) {
        const res = await app.get('/api/v1/platforms', { headers: { authorization: `Bearer ${encodeURIComponent(key)}` } });
        expect(res.status, key.slice(0, 40)).to.equal(401);
      }
      expect((await app.get('/api/v1/platforms', { headers: { authorization: `Bearer ${KEYS[1]}` } })).status).to.equal(200);
    } finally {
      await app.close();
    }
  });
});

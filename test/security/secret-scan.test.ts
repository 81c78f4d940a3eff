// The secret and header scan of the whole run (support/secret-scan.ts) can fail: each way a
// secret can show (raw, percent-encoded, JSON-escaped, split across body chunks, in a header, in a
// log line) and each header rule is caught; what TestApp registers is what its configuration and
// its media tokens hold; and a secret planted in a real response and log line of a TestApp is seen
// by the scanner the final hook checks.
import { expect } from 'chai';
import { createServer, type RequestListener } from 'node:http';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../src/config/config.js';
import { AesGcmSigner } from '../../src/infrastructure/signer/aes-gcm.signer.js';
import { TestApp, q } from '../support/app.js';
import { assertNothingSeen, registerConfigSecrets, SecretScanner, suiteScanner, watchResponses, watchSigner } from '../support/secret-scan.js';

const PLANTED = 'planted-Secret-value-42';

/** Serves one request through `listener` wrapped by the scanner; answers the body text. */
async function serveOnce(scanner: SecretScanner, listener: RequestListener, headers: Record<string, string> = {}): Promise<string> {
  const server = createServer(watchResponses(listener, scanner));
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  try {
    const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/x?q=1`, { headers });
    const text = await res.text();
    await new Promise((resolve) => setImmediate(resolve)); // let 'finish' run
    return text;
  } finally {
    server.close();
  }
}

describe('secret scan', () => {
  it('when a registered secret shows raw, percent-encoded or JSON-escaped in a text, sees it', () => {
    const scanner = new SecretScanner();
    scanner.register('sec"ret/value+1', 'the planted secret');
    for (const text of ['… sec"ret/value+1 …', `url=${encodeURIComponent('sec"ret/value+1')}`, JSON.stringify({ v: 'sec"ret/value+1' })]) {
      scanner.scanText(text, text, 'response');
    }
    expect(scanner.sightings().map((s) => s.what)).to.deep.equal(['the planted secret', 'the planted secret', 'the planted secret']);
    scanner.scanText('nothing here: sec"ret/value', 'clean', 'response');
    expect(scanner.sightings()).to.have.length(3);
  });

  it('when a secret is split across two body chunks, still sees it, once', () => {
    const scanner = new SecretScanner();
    scanner.register(PLANTED, 'the planted secret');
    const body = scanner.bodyScan(() => 'a body');
    body.push(Buffer.from(`${'x'.repeat(1000)}planted-Sec`));
    body.push(Buffer.from(`ret-value-42${'y'.repeat(10)}`));
    body.push(Buffer.from(PLANTED));
    body.end();
    expect(scanner.sightings().map((s) => s.what)).to.deep.equal(['the planted secret']);
  });

  it('when a value is shorter than 8 characters, does not register it (it would match by chance)', () => {
    const scanner = new SecretScanner();
    scanner.register('k', 'too short');
    scanner.scanText('kkkk', 'text', 'response');
    expect(scanner.sightings()).to.deep.equal([]);
  });

  it('when a text has a session cookie, a bearer credential or a private key, sees it without any registration', () => {
    const scanner = new SecretScanner();
    for (const text of ['Cookie: sessionid=abcdef123', 'tt_chain_token=Q2hhaW4x; path=/', 'Authorization: Bearer abcdefgh12345', '-----BEGIN RSA PRIVATE KEY-----']) scanner.scanText(text, text, 'response');
    scanner.scanText('{"msg":"x","cookie":"sessionid=1"}', 'a log line', 'log');
    expect(scanner.sightings().map((s) => s.what)).to.deep.equal([
      'a session cookie assignment',
      'a session cookie assignment',
      'a bearer credential',
      'a private key',
      'an unredacted secret field',
    ]);
  });

  it('when a text only names a cookie, a URL query carries a parameter of that name, or a redacted field, sees nothing', () => {
    const scanner = new SecretScanner();
    scanner.scanText('https://v16.tiktok.com/video/?a=1&tk=tt_chain_token&xs=123456', 'a media URL', 'response');
    scanner.scanText('Missing API key: send "Authorization: Bearer <API key>".', 'the 401 text', 'response');
    scanner.scanText('{"headers":"[redacted]","cookie":"[redacted]"}', 'a redacted log line', 'log');
    expect(scanner.sightings()).to.deep.equal([]);
  });

  it('when a response lacks nosniff, serves XML without a policy or sets a cookie, notes each rule it broke', async () => {
    const scanner = new SecretScanner();
    await serveOnce(scanner, (_req, res) => {
      res.setHeader('content-type', 'text/xml');
      res.setHeader('set-cookie', 'a=b');
      res.end('<x/>');
    });
    expect(scanner.sightings().map((s) => s.what)).to.deep.equal([
      'a response without X-Content-Type-Options: nosniff',
      'a text/xml response without a restrictive Content-Security-Policy',
      'a response setting a cookie',
    ]);
    expect(scanner.sightings()[0]!.where).to.match(/^the response to GET \/x \(200\)/);
  });

  it('when a response writes a secret in a header or in any chunk of its body, notes where', async () => {
    const scanner = new SecretScanner();
    scanner.register(PLANTED, 'the planted secret');
    await serveOnce(scanner, (_req, res) => {
      res.setHeader('x-content-type-options', 'nosniff');
      res.setHeader('x-debug', PLANTED);
      res.write('first chunk, ');
      res.end(Buffer.from(`then ${PLANTED}`));
    });
    expect(scanner.sightings().map((s) => `${s.what} @ ${s.where.split(',')[0]}`)).to.deep.equal([
      'the planted secret @ the response to GET /x (200) headers',
      'the planted secret @ the response to GET /x (200)',
    ]);
  });

  it('when a response echoes the key or a cookie the client sent, right or wrong, sees it', async () => {
    const scanner = new SecretScanner();
    await serveOnce(
      scanner,
      (req, res) => {
        res.setHeader('x-content-type-options', 'nosniff');
        res.end(`you sent ${req.headers.authorization} and ${req.headers.cookie}`);
      },
      { authorization: 'Bearer client-sent-key-123', cookie: 'session=client-cookie-456; short=abc' },
    );
    expect(scanner.sightings().map((s) => s.what)).to.have.members(['a credential a client sent', 'a cookie a client sent', 'a bearer credential']);
  });

  it("registers what a configuration holds: API keys, PROXY_SECRET (and the previous one), the proxy's user and password", () => {
    const scanner = new SecretScanner();
    const config = loadConfig({
      API_KEYS: 'first-api-key-123,second-api-key-456',
      PROXY_SECRET: 'a'.repeat(40),
      PROXY_SECRET_PREVIOUS: 'b'.repeat(40),
      UPSTREAM_PROXY: 'http://relay-user:relay%20pass@127.0.0.1:3128',
    });
    registerConfigSecrets(config, scanner);
    for (const value of ['first-api-key-123', 'second-api-key-456', 'a'.repeat(40), 'b'.repeat(40), 'relay-user', 'relay pass']) scanner.scanText(`… ${value} …`, value, 'log');
    expect(scanner.sightings().map((s) => s.what)).to.deep.equal(['an API key', 'an API key', 'PROXY_SECRET', 'PROXY_SECRET_PREVIOUS', 'the UPSTREAM_PROXY user', 'the UPSTREAM_PROXY password']);
  });

  it("registers what the credentials file holds: every session's cookies, client, API key and proxy user and password, and the pool proxies'", () => {
    const scanner = new SecretScanner();
    const file = join(mkdtempSync(join(tmpdir(), 'postlens-scan-')), 'credentials.json');
    writeFileSync(file, JSON.stringify({
      instagram: { sessions: [{ name: 'ig', cookies: { sessionid: 'ig-cookie-value-1' }, proxy: 'http://ig-proxy-user:ig-proxy-pass@10.0.0.1:3128' }], proxies: ['http://pool-user:pool-pass@10.0.0.2:3128'] },
      reddit: { sessions: [{ clientId: 'reddit-client-id-2', clientSecret: 'reddit-client-secret-3' }] },
      tumblr: { sessions: [{ apiKey: 'tumblr-api-key-4' }] },
    }));
    registerConfigSecrets(loadConfig({ API_KEYS: 'k-123456789', PROXY_SECRET: 'a'.repeat(40), PLATFORM_CREDENTIALS_FILE: file }), scanner);
    const values = ['ig-cookie-value-1', 'ig-proxy-user', 'ig-proxy-pass', 'pool-user', 'pool-pass', 'reddit-client-id-2', 'reddit-client-secret-3', 'tumblr-api-key-4'];
    for (const value of values) scanner.scanText(`… ${value} …`, value, 'log');
    expect(scanner.sightings()).to.have.length(values.length);
  });

  it('registers the cookie of every media ticket sealed or opened, but not its public headers', () => {
    const scanner = new SecretScanner();
    const watched = new AesGcmSigner({ current: 'c'.repeat(40) });
    watchSigner(watched, scanner);
    const ticket = (cookie: string) => ({ url: 'https://v16.tiktok.com/v.mp4', headers: { cookie, referer: 'https://www.tiktok.com/' }, mimeType: 'video/mp4', platform: 'tiktok' as const, canonicalUrl: 'https://www.tiktok.com/@i/video/1' });
    watched.seal(ticket('tt_chain_token=SealedByUs123'), Date.now() + 60_000);
    const foreign = new AesGcmSigner({ current: 'c'.repeat(40) }).seal(ticket('tt_chain_token=OpenedByUs456; other=Second-value'), Date.now() + 60_000);
    expect(watched.open(foreign, Date.now()).ok).to.equal(true);
    for (const text of ['SealedByUs123', 'OpenedByUs456', 'Second-value', 'tt_chain_token=OpenedByUs456; other=Second-value', 'https://www.tiktok.com/']) scanner.scanText(`"${text}"`, text, 'response');
    expect(scanner.sightings().map((s) => `${s.where}: ${s.what}`)).to.deep.equal([
      'SealedByUs123, in "(outside any test)": sealed cookie value',
      'OpenedByUs456, in "(outside any test)": sealed cookie value',
      'Second-value, in "(outside any test)": sealed cookie value',
      'tt_chain_token=OpenedByUs456; other=Second-value, in "(outside any test)": sealed cookie header',
      'tt_chain_token=OpenedByUs456; other=Second-value, in "(outside any test)": sealed cookie value',
      'tt_chain_token=OpenedByUs456; other=Second-value, in "(outside any test)": a session cookie assignment',
    ]);
  });

  it('when any sighting is left, the final check fails and says what and where', () => {
    const scanner = new SecretScanner();
    expect(() => assertNothingSeen(scanner)).not.to.throw();
    scanner.currentTest = 'some test';
    scanner.note('an API key', 'the response to GET /a (200)');
    expect(() => assertNothingSeen(scanner)).to.throw('saw 1 problem(s):\n  an API key: the response to GET /a (200), in "some test"');
  });

  it('when a TestApp echoes a planted secret in an answer and a log line, the suite scanner sees both', async () => {
    const planted = `planted-${Date.now()}-secret`;
    suiteScanner.register(planted, 'the planted secret of the scanner test');
    const app = await TestApp.start();
    try {
      await app.get(`/api/v1/canonical?url=${q(`https://example.org/${planted}`)}`);
      // A 404 no longer echoes its path, but the access line still carries it.
      await app.get(`/nope/${planted}`);
    } finally {
      await app.close();
    }
    // Taken out again, so the final check of the run sees only real leaks.
    const seen = suiteScanner.take((s) => s.what === 'the planted secret of the scanner test');
    expect(seen.map((s) => s.where.replace(/, in ".*"$/, '').replace(/^the log line .*$/, 'a log line'))).to.have.members([
      'the response to GET /api/v1/canonical (200)',
      'a log line',
    ]);
  });
});

// A media-proxy token must never reach the log or be echoed back, however the request spells its
// path: the near misses of issue 13 (`//v/T`, `/V/T`, `/%76/T`, `/./v/T`) and their relatives go
// to the service as raw request targets (fetch would normalise them) with every method, and
// neither the access lines nor the answers may carry the token, nor a 404 or 405 its path.
import { expect } from 'chai';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { connect } from 'node:net';
import { loggedPath, MASK } from '../../src/interfaces/http/logged-path.js';
import { TEST_KEY, TestApp } from '../support/app.js';

/** Shaped like a sealed token (base64url, over 100 characters); opens nothing. */
const TOKEN = randomBytes(96).toString('base64url');

const NEAR_MISSES = [
  `/v/${TOKEN}`,
  `/v/${TOKEN}.mp4`,
  `//v/${TOKEN}`,
  `///v//${TOKEN}`,
  `/V/${TOKEN}`,
  `/%76/${TOKEN}`,
  `/%56/${TOKEN}`,
  `/%2576/${TOKEN}`,
  `/./v/${TOKEN}`,
  `/%2e/v/${TOKEN}`,
  `/x/../v/${TOKEN}`,
  `/v/${TOKEN}/..`,
  `/v%2F${TOKEN}`,
  `/v%2f${TOKEN}`,
  `/%2Fv%2F${TOKEN}`,
  `\\v\\${TOKEN}`,
  `/v;x/${TOKEN}`,
  `/v%00/${TOKEN}`,
  `/prefix/v/${TOKEN}`,
  `/api/v1/../../v/${TOKEN}`,
  `/${TOKEN}`,
  `/nope/${TOKEN}/more`,
];

describe('access log masking', () => {
  describe('loggedPath', () => {
    for (const path of NEAR_MISSES) {
      it(`when the path is ${JSON.stringify(path.replace(TOKEN, 'T'))}, the logged path holds no part of the token`, () => {
        const logged = loggedPath(path);
        expect(logged).not.to.include(TOKEN.slice(0, 20));
        expect(logged).to.include(MASK);
      });
    }

    it('when a path reads as /v/ followed by anything, only the part before it and /v/… are kept', () => {
      expect(loggedPath(`//v/${TOKEN}`)).to.equal('/v/…');
      expect(loggedPath(`/%76/${TOKEN}`)).to.equal('/v/…');
      expect(loggedPath(`/V/${TOKEN}`)).to.equal('/v/…');
      expect(loggedPath(`/prefix/v/${TOKEN}`)).to.equal('/prefix/v/…');
    });

    it('when a path is an ordinary one, it is logged as sent', () => {
      for (const path of ['/api/v1/resolve', '/api/v1/canonical', '/healthz', '/oembed', '/api/v2/resolve', '/v', '/v/', '/video/1', '/.well-known/security.txt', '/caf%C3%A9']) {
        expect(loggedPath(path), path).to.equal(path);
      }
    });
  });

  describe('the service', () => {
    let app: TestApp;
    before(async () => {
      app = await TestApp.start();
    });
    after(() => app.close());

    it('when a token is sent under any spelling of /v/, with any method, no log line and no answer carries it', async () => {
      // Node's parser refuses a backslash in the target before the app sees it (a 400, no app line).
      const sent = NEAR_MISSES.filter((path) => !path.includes('\\'));
      const before = app.logs.length;
      const answers: string[] = [];
      for (const path of sent) {
        for (const method of ['GET', 'HEAD', 'POST', 'DELETE', 'PUT']) {
          const res = await raw(app.baseUrl, method, path);
          expect(res.status, `${method} ${path}`).to.be.within(400, 499);
          answers.push(res.body);
        }
      }
      const lines = app.logs.slice(before);
      const access = lines.map((l) => JSON.parse(l) as { msg: string; path?: string }).filter((l) => l.msg === 'request');
      expect(access.length).to.equal(sent.length * 5);
      for (const line of lines) expect(line).not.to.include(TOKEN.slice(0, 20));
      for (const body of answers) expect(body).not.to.include(TOKEN.slice(0, 20));
    });

    it('when a path has no endpoint, the 404 says so without echoing the path', async () => {
      for (const [method, path] of [
        ['GET', '/nope/some-private-looking-path'],
        ['POST', '/v/some-private-looking-path'],
        ['DELETE', '/v/some-private-looking-path'],
        ['GET', '/api/v2/some-private-looking-path'],
      ] as const) {
        const res = await raw(app.baseUrl, method, path);
        expect(res.status, `${method} ${path}`).to.equal(404);
        expect(JSON.parse(res.body).error).to.be.a('string').and.not.include('some-private-looking-path');
      }
      const unknown = await raw(app.baseUrl, 'GET', '/nope/some-private-looking-path');
      expect(JSON.parse(unknown.body).error).to.equal('No endpoint at this path; see /openapi.yaml.');
    });

    it('when a method is not allowed on a path, the 405 names the allowed methods, not the path', async () => {
      const res = await app.request('/api/v1/canonical', { method: 'DELETE' });
      expect(res.status).to.equal(405);
      expect(res.body.error).to.equal('DELETE is not allowed on this path; allowed: HEAD, GET.');
    });
  });
});

/** A request whose target goes out exactly as written (a raw socket: HTTP clients normalise it). */
async function raw(base: string, method: string, path: string): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(base);
  const socket = connect(Number(port), hostname);
  const body = method === 'POST' || method === 'PUT' ? '{}' : '';
  socket.end(
    `${method} ${path} HTTP/1.1\r\nHost: ${hostname}\r\nAuthorization: Bearer ${TEST_KEY}\r\nConnection: close\r\n` +
      (body ? `Content-Type: application/json\r\nContent-Length: ${body.length}\r\n` : '') +
      `\r\n${body}`,
  );
  let text = '';
  socket.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
  await once(socket, 'end');
  const [head = '', ...rest] = text.split('\r\n\r\n');
  return { status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0), body: rest.join('\r\n\r\n') };
}

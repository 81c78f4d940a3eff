// The live HTTP client's body cap (UPSTREAM_MAX_BYTES) against a real local HTTPS server: a body
// read in one go when its declared length can be trusted, counted as it arrives otherwise — a
// compressed body's Content-Length says nothing of what it inflates to.
import { once } from 'node:events';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { expect } from 'chai';
import type { Agent } from 'undici';
import { UpstreamError } from '../../src/application/errors.js';
import { testHttpClient } from '../support/http.js';
import { PUBLIC_ADDRESS, lookupTable } from '../support/lookup.js';
import { testTls } from '../support/media-upstream.js';
import { loopbackPool } from '../ssrf/loopback-target.js';

const CAP = 64 * 1024;
const plain = Buffer.from('{"card":"' + 'a'.repeat(CAP / 2) + '"}');
const bomb = gzipSync(Buffer.alloc(CAP * 64, 'a'));

describe('HTTP client body cap', () => {
  let server: Server;
  let port: number;
  let pool: Agent;
  before(async () => {
    server = createServer(testTls(), (req, res) => {
      if (req.url === '/plain') res.writeHead(200, { 'content-type': 'application/json', 'content-length': plain.length }).end(plain);
      else if (req.url === '/declared-over') res.writeHead(200, { 'content-length': CAP + 1 }).end(Buffer.alloc(CAP + 1));
      else if (req.url === '/chunked-over') res.writeHead(200, { 'content-type': 'text/plain' }).end(Buffer.alloc(CAP * 2));
      else res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip', 'content-length': bomb.length }).end(bomb);
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    port = (server.address() as AddressInfo).port;
  });
  after(() => {
    server.closeAllConnections();
    server.close();
  });
  beforeEach(() => (pool = loopbackPool()));
  afterEach(() => pool.close());

  function get(path: string): Promise<string> {
    return testHttpClient({ maxBytes: CAP, lookup: lookupTable({ localhost: [PUBLIC_ADDRESS] }), dispatcher: pool })
      .request({ url: `https://localhost:${port}${path}`, allowedHosts: ['localhost'] })
      .then(
        (r) => `${r.status} ${r.body.length}`,
        (e: unknown) => (e instanceof UpstreamError ? e.code : String(e)),
      );
  }

  it('when the body declares a length within the cap, reads all of it', async () => {
    expect(await get('/plain')).to.equal(`200 ${plain.length}`);
  });

  it('when the declared length is over the cap, refuses it before reading', async () => {
    expect(await get('/declared-over')).to.equal('UPSTREAM_TOO_LARGE');
  });

  it('when an undeclared (chunked) body passes the cap, stops with UPSTREAM_TOO_LARGE', async () => {
    expect(await get('/chunked-over')).to.equal('UPSTREAM_TOO_LARGE');
  });

  it('when a small compressed body inflates past the cap, stops with UPSTREAM_TOO_LARGE', async () => {
    expect(bomb.length).to.be.below(CAP);
    expect(await get('/gzip-bomb')).to.equal('UPSTREAM_TOO_LARGE');
  });
});

// The live HTTP client's body cap (UPSTREAM_MAX_BYTES) against a real local HTTPS server: a body
// read in one go when its declared length can be trusted, counted as it arrives otherwise — a
// compressed body's Content-Length says nothing of what it inflates to.
import { gzipSync } from 'node:zlib';
import { expect } from 'chai';
import { UpstreamError } from '../../src/application/errors.js';
import { localClient, poolPerTest, startLocalHttps, type LocalHttps } from '../support/local-https.js';

const CAP = 64 * 1024;
const plain = Buffer.from('{"card":"' + 'a'.repeat(CAP / 2) + '"}');
const bomb = gzipSync(Buffer.alloc(CAP * 64, 'a'));

describe('HTTP client body cap', () => {
  let server: LocalHttps;
  const each = poolPerTest();
  before(async () => {
    server = await startLocalHttps((req, res) => {
      if (req.url === '/plain') res.writeHead(200, { 'content-type': 'application/json', 'content-length': plain.length }).end(plain);
      else if (req.url === '/declared-over') res.writeHead(200, { 'content-length': CAP + 1 }).end(Buffer.alloc(CAP + 1));
      else if (req.url === '/chunked-over') res.writeHead(200, { 'content-type': 'text/plain' }).end(Buffer.alloc(CAP * 2));
      else res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip', 'content-length': bomb.length }).end(bomb);
    });
  });
  after(() => server.close());

  function get(path: string): Promise<string> {
    return localClient(each.pool, { maxBytes: CAP })
      .request({ url: `https://localhost:${server.port}${path}`, allowedHosts: ['localhost'] })
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

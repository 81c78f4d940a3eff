// UPSTREAM_TIMEOUT_MS bounds one attempt whole: the headers AND the body. A server that sends its
// headers at once and then trickles the body is cut off at the deadline (ky's own timeout would
// have stopped counting at the headers), the timeout is not retried, and the socket is let go.
import { once } from 'node:events';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import type { Agent } from 'undici';
import { UpstreamError } from '../../src/application/errors.js';
import { testHttpClient } from '../support/http.js';
import { PUBLIC_ADDRESS, lookupTable } from '../support/lookup.js';
import { testTls } from '../support/media-upstream.js';
import { loopbackPool } from '../ssrf/loopback-target.js';

describe('HTTP client deadline', () => {
  let server: Server;
  let port: number;
  let requests = 0;
  let closed: Promise<unknown>;
  let pool: Agent;
  before(async () => {
    server = createServer(testTls(), (req, res) => {
      requests += 1;
      closed = once(res, 'close');
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"a":"');
      // One byte every 50 ms for 5 s: the body is never complete within the deadline.
      const timer = setInterval(() => res.write('x'), 50);
      setTimeout(() => {
        clearInterval(timer);
        res.end('"}');
      }, 5000).unref();
      res.on('close', () => clearInterval(timer));
      req.resume();
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    port = (server.address() as AddressInfo).port;
  });
  after(() => {
    server.closeAllConnections();
    server.close();
  });
  beforeEach(() => {
    requests = 0;
    pool = loopbackPool();
  });
  afterEach(async () => {
    await pool.close();
  });

  it('when the body trickles past UPSTREAM_TIMEOUT_MS, fails with UPSTREAM_TIMEOUT at the deadline, unretried, and closes the exchange', async () => {
    const started = performance.now();
    const error = await testHttpClient({ timeoutMs: 400, lookup: lookupTable({ localhost: [PUBLIC_ADDRESS] }), dispatcher: pool })
      .request({ url: `https://localhost:${port}/slow`, allowedHosts: ['localhost'] })
      .catch((e: unknown) => e);
    const ms = performance.now() - started;
    expect((error as UpstreamError).code).to.equal('UPSTREAM_TIMEOUT');
    expect(ms, 'at the 400 ms deadline, not the 5 s the body would take').to.be.within(380, 1500);
    expect(requests).to.equal(1);
    await closed; // the server sees its response closed: the client let the exchange go
  });
});

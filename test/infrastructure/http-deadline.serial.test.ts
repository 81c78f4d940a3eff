// UPSTREAM_TIMEOUT_MS bounds one attempt whole: the headers AND the body. A server that sends its
// headers at once and then trickles the body is cut off at the deadline (ky's own timeout would
// have stopped counting at the headers), the timeout is not retried, and the socket is let go.
import { once } from 'node:events';
import { expect } from 'chai';
import { UpstreamError } from '../../src/application/errors.js';
import { localClient, poolPerTest, startLocalHttps, type LocalHttps } from '../support/local-https.js';

describe('HTTP client deadline', () => {
  let server: LocalHttps;
  let requests = 0;
  let closed: Promise<unknown>;
  const each = poolPerTest();
  before(async () => {
    server = await startLocalHttps((req, res) => {
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
  });
  after(() => server.close());
  beforeEach(() => {
    requests = 0;
  });

  it('when the body trickles past UPSTREAM_TIMEOUT_MS, fails with UPSTREAM_TIMEOUT at the deadline, unretried, and closes the exchange', async () => {
    const started = performance.now();
    const error = await localClient(each.pool, { timeoutMs: 400 })
      .request({ url: `https://localhost:${server.port}/slow`, allowedHosts: ['localhost'] })
      .catch((e: unknown) => e);
    const ms = performance.now() - started;
    expect((error as UpstreamError).code).to.equal('UPSTREAM_TIMEOUT');
    expect(ms, 'at the 400 ms deadline, not the 5 s the body would take').to.be.within(380, 1500);
    expect(requests).to.equal(1);
    await closed; // the server sees its response closed: the client let the exchange go
  });
});

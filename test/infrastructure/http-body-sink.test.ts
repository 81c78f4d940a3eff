// The HTTP port's body sink (HttpRequest.bodySink) on the live client against a real local HTTPS
// server: the body goes to the sink chunk by chunk, and the download is cancelled — the server sees
// its connection close — as soon as the sink says `enough` or the byte cap is reached, neither
// being an error. And the open-web mode: any host and http:, each hop still through the guard.
import { expect } from 'chai';
import type { ServerResponse } from 'node:http';
import { UpstreamError } from '../../src/application/errors.js';
import type { BodySink } from '../../src/application/ports/http.port.js';
import { localClient, poolPerTest, startLocalHttps, type LocalHttps } from '../support/local-https.js';

const CHUNK = Buffer.alloc(16 * 1024, 'a');

/** A body that never ends: a chunk every few milliseconds until the client goes away. */
function endless(res: ServerResponse, closed: () => void): void {
  res.writeHead(200, { 'content-type': 'text/html' });
  const timer = setInterval(() => res.write(CHUNK), 5);
  res.on('close', () => {
    clearInterval(timer);
    closed();
  });
}

describe('HTTP client body sink', () => {
  let server: LocalHttps;
  let closedStreams = 0;
  const each = poolPerTest();
  before(async () => {
    server = await startLocalHttps((req, res) => {
      if (req.url === '/endless') endless(res, () => (closedStreams += 1));
      else if (req.url === '/declared-big') res.writeHead(200, { 'content-length': 300_000 }).end(Buffer.alloc(300_000, 'b'));
      else res.writeHead(200, { 'content-type': 'text/html' }).end('<html>small</html>');
    });
  });
  after(() => server.close());

  function collecting(enoughAfter = Infinity): BodySink & { bytes: number; chunks: number } {
    const sink = {
      bytes: 0,
      chunks: 0,
      push(chunk: Uint8Array): 'more' | 'enough' {
        sink.bytes += chunk.byteLength;
        sink.chunks += 1;
        return sink.bytes >= enoughAfter ? 'enough' : 'more';
      },
    };
    return sink;
  }

  it('when the sink says enough, stops reading and cancels the download, without an error', async () => {
    const sink = collecting(1);
    const before = closedStreams;
    const response = await localClient(each.pool).request({ url: `https://localhost:${server.port}/endless`, allowedHosts: ['localhost'], bodySink: () => sink });
    expect(response).to.include({ status: 200, cut: true });
    expect(response.body.length).to.equal(0);
    expect(sink.chunks).to.equal(1);
    // The server sees its response closed: the rest of the endless body is never sent.
    const deadline = Date.now() + 10_000;
    while (closedStreams === before && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(closedStreams).to.equal(before + 1);
  });

  it('when the byte cap is reached first, hands the sink exactly the cap and stops, without an error (a declared length over it too)', async () => {
    for (const path of ['/endless', '/declared-big']) {
      const sink = collecting();
      const response = await localClient(each.pool, { maxBytes: 1_000_000 }).request({ url: `https://localhost:${server.port}${path}`, allowedHosts: ['localhost'], maxBytes: 100_000, bodySink: () => sink });
      expect(response.cut, path).to.equal(true);
      expect(sink.bytes, path).to.equal(100_000);
    }
  });

  it('when the body ends first, the sink got all of it and nothing is cut; without a sink the body is buffered as before', async () => {
    const sink = collecting();
    const response = await localClient(each.pool).request({ url: `https://localhost:${server.port}/small`, allowedHosts: ['localhost'], bodySink: () => sink });
    expect(response.cut).to.equal(false);
    expect(sink.bytes).to.equal('<html>small</html>'.length);
    const buffered = await localClient(each.pool).request({ url: `https://localhost:${server.port}/small`, allowedHosts: ['localhost'], bodySink: () => undefined });
    expect(buffered.text()).to.equal('<html>small</html>');
  });

  it('in open-web mode takes any host and http:, but still refuses credentials, other schemes and inner addresses', async () => {
    const client = localClient(each.pool);
    // localhost is on no list here; the open web needs none.
    expect((await client.request({ url: `https://localhost:${server.port}/small`, allowedHosts: [], openWeb: true })).status).to.equal(200);
    const refused = async (url: string, openWeb = true) =>
      client.request({ url, allowedHosts: [], openWeb }).then(
        () => 'answered',
        (e: unknown) => (e instanceof UpstreamError ? e.code : String(e)),
      );
    expect(await refused(`https://user:pw@localhost:${server.port}/small`)).to.equal('UPSTREAM_HOST_REFUSED');
    expect(await refused('ftp://localhost/x')).to.equal('UPSTREAM_HOST_REFUSED');
    expect(await refused(`http://127.0.0.1:${server.port}/small`)).to.equal('UPSTREAM_HOST_REFUSED');
    // Without the mode, the allowlist and https hold as before.
    expect(await refused(`https://localhost:${server.port}/small`, false)).to.equal('UPSTREAM_HOST_REFUSED');
  });
});

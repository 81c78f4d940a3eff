// The live HTTP client's one retry (issue 5 point 1): idempotent GET/HEAD only, on a network
// failure or 502/503/504, after a short pause, never after a timeout or an abort, and once per
// request whatever its redirects do. Counted with nock scopes, and against a real local server
// that resets connections.
import type { Socket } from 'node:net';
import { expect } from 'chai';
import nock from 'nock';
import { UpstreamError } from '../../src/application/errors.js';
import type { HttpRequest } from '../../src/application/ports/http.port.js';
import { testHttpClient } from '../support/http.js';
import { localClient, poolPerTest, startLocalHttps, type LocalHttps } from '../support/local-https.js';

const ORIGIN = 'https://api.platform.test';
const allowedHosts = ['api.platform.test'];

async function outcome(request: Omit<HttpRequest, 'allowedHosts'>, timeoutMs = 2000): Promise<string> {
  return testHttpClient({ timeoutMs })
    .request({ ...request, allowedHosts })
    .then(
      (r) => `${r.status} ${r.text()}`,
      (e: unknown) => (e instanceof UpstreamError ? e.code : String(e)),
    );
}

describe('HTTP client retry', () => {
  afterEach(() => nock.cleanAll());

  for (const status of [502, 503, 504]) {
    it(`when a GET gets ${status} and then 200, answers 200 after one short pause, in two requests`, async () => {
      const scope = nock(ORIGIN).get('/post').reply(status, 'busy').get('/post').reply(200, 'card');
      const started = performance.now();
      expect(await outcome({ url: `${ORIGIN}/post` })).to.equal('200 card');
      const ms = performance.now() - started;
      expect(scope.isDone()).to.equal(true);
      expect(ms, 'paused at least the 100 ms floor, well within the 250 ms cap plus slack').to.be.within(95, 1000);
    });
  }

  it('when the retry gets a 5xx as well, answers with it after exactly two requests', async () => {
    let asked = 0;
    nock(ORIGIN).get('/post').times(5).reply(() => {
      asked += 1;
      return [503, `busy ${asked}`];
    });
    expect(await outcome({ url: `${ORIGIN}/post` })).to.equal('503 busy 2');
    expect(asked).to.equal(2);
  });

  for (const status of [500, 501, 429, 404, 403]) {
    it(`when a GET gets ${status}, answers with it without retrying`, async () => {
      const scope = nock(ORIGIN).get('/post').reply(status, 'no').get('/post').reply(200, 'card');
      expect(await outcome({ url: `${ORIGIN}/post` })).to.equal(`${status} no`);
      expect(scope.pendingMocks()).to.have.length(1);
    });
  }

  it('when a POST gets 503, answers 503 without retrying (not idempotent)', async () => {
    const scope = nock(ORIGIN).post('/graphql').reply(503, 'busy').post('/graphql').reply(200, 'card');
    expect(await outcome({ url: `${ORIGIN}/graphql`, method: 'POST', body: '{}' })).to.equal('503 busy');
    expect(scope.pendingMocks()).to.have.length(1);
  });

  it('when a HEAD gets 502, retries it once', async () => {
    const scope = nock(ORIGIN).head('/post').reply(502).head('/post').reply(200);
    expect(await outcome({ url: `${ORIGIN}/post`, method: 'HEAD' })).to.equal('200 ');
    expect(scope.isDone()).to.equal(true);
  });

  it('when the connection fails once, the retry answers', async () => {
    const scope = nock(ORIGIN).get('/post').replyWithError({ code: 'ECONNRESET', message: 'socket hang up' }).get('/post').reply(200, 'card');
    expect(await outcome({ url: `${ORIGIN}/post` })).to.equal('200 card');
    expect(scope.isDone()).to.equal(true);
  });

  it('when the connection fails twice, fails with UPSTREAM_NETWORK after exactly two requests', async () => {
    const reset = { code: 'ECONNRESET', message: 'socket hang up' };
    const scope = nock(ORIGIN).get('/post').replyWithError(reset).get('/post').replyWithError(reset).get('/post').reply(200, 'card');
    expect(await outcome({ url: `${ORIGIN}/post` })).to.equal('UPSTREAM_NETWORK');
    expect(scope.pendingMocks(), 'the third answer was never asked for').to.have.length(1);
  });

  it('when the attempt times out, does not retry: that time is spent', async () => {
    const scope = nock(ORIGIN).get('/post').delay(1000).reply(200, 'late').get('/post').reply(200, 'card');
    expect(await outcome({ url: `${ORIGIN}/post` }, 200)).to.equal('UPSTREAM_TIMEOUT');
    expect(scope.pendingMocks()).to.have.length(1);
  });

  it("when the caller's signal aborts during the attempt, does not retry", async () => {
    const scope = nock(ORIGIN).get('/post').delay(300).replyWithError({ code: 'ECONNRESET' }).get('/post').reply(200, 'card');
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    expect(await outcome({ url: `${ORIGIN}/post`, signal: controller.signal })).to.equal('UPSTREAM_TIMEOUT');
    expect(scope.pendingMocks()).to.have.length(1);
  });

  it("when the caller's signal aborts during the pause, does not retry and the first answer stands", async () => {
    const scope = nock(ORIGIN).get('/post').reply(503, 'busy').get('/post').reply(200, 'card');
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 30);
    expect(await outcome({ url: `${ORIGIN}/post`, signal: controller.signal })).to.equal('503 busy');
    expect(scope.pendingMocks()).to.have.length(1);
  });

  it('when a redirect chain meets two 503s, retries only the first: once per request', async () => {
    const scope = nock(ORIGIN)
      .get('/a').reply(503, 'busy a')
      .get('/a').reply(302, '', { location: '/b' })
      .get('/b').reply(503, 'busy b')
      .get('/b').reply(200, 'never asked');
    expect(await outcome({ url: `${ORIGIN}/a` })).to.equal('503 busy b');
    expect(scope.pendingMocks()).to.deep.equal([`GET ${ORIGIN}:443/b`]);
  });

  it('when the body is over the cap, does not retry', async () => {
    const scope = nock(ORIGIN).get('/post').reply(200, 'x'.repeat(2048)).get('/post').reply(200, 'card');
    const error = await testHttpClient({ maxBytes: 1024 })
      .request({ url: `${ORIGIN}/post`, allowedHosts })
      .catch((e: unknown) => e);
    expect((error as UpstreamError).code).to.equal('UPSTREAM_TOO_LARGE');
    expect(scope.pendingMocks()).to.have.length(1);
  });

  describe('against a real server that resets connections', () => {
    let server: LocalHttps;
    let connections = 0;
    let resetFirst = 0;
    const each = poolPerTest();
    before(async () => {
      server = await startLocalHttps((_req, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end('card'));
      // Resets (TCP RST) the first `resetFirst` connections as soon as they are accepted.
      server.server.on('connection', (socket: Socket) => {
        connections += 1;
        if (connections <= resetFirst) socket.resetAndDestroy();
      });
    });
    after(() => server.close());
    beforeEach(() => {
      connections = 0;
    });

    function get(): Promise<string> {
      return localClient(each.pool)
        .request({ url: `https://localhost:${server.port}/post`, allowedHosts: ['localhost'] })
        .then(
          (r) => `${r.status} ${r.text()}`,
          (e: unknown) => (e instanceof UpstreamError ? e.code : String(e)),
        );
    }

    it('when the first connection is reset, the retry gets the answer on a second connection', async () => {
      resetFirst = 1;
      expect(await get()).to.equal('200 card');
      expect(connections).to.equal(2);
    });

    it('when every connection is reset, fails with UPSTREAM_NETWORK after exactly two connections', async () => {
      resetFirst = Infinity;
      expect(await get()).to.equal('UPSTREAM_NETWORK');
      expect(connections).to.equal(2);
    });
  });
});

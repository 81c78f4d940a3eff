// Failed authentication (docs/design.md §6): counted per client IP (AUTH_FAIL_POINTS a minute), 429 with
// Retry-After past the limit — even for a correct key from that address until the window ends —
// while other addresses go on as before; a refused request's body is not read and its connection
// is closed; with Redis, instances count one address together.
import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createServer, request, type IncomingHttpHeaders, type RequestListener, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { type RateDecision, type RateLimiter } from '../../src/application/ports/rate-limiter.port.js';
import { APP_SETTINGS, type AppSettings } from '../../src/interfaces/http/app-settings.js';
import { createApp } from '../../src/interfaces/http/app.js';
import { hotPath } from '../../src/interfaces/http/hot-path.js';
import { FailedAuthGuard } from '../../src/interfaces/http/middleware/failed-auth.js';
import { q, TEST_KEY, TestApp, type TestResponse } from '../support/app.js';
import { describeWithRedis, eventually, REDIS_URL } from '../support/redis.js';

const CANONICAL = `/api/v1/canonical?url=${q('https://x.com/jack/status/20')}`;
const RIGHT = { authorization: `Bearer ${TEST_KEY}` };
const WRONG = { authorization: 'Bearer not-a-configured-key' };
const from = (ip: string) => ({ 'x-forwarded-for': ip });

function expectLimited(res: TestResponse, points: number): void {
  expect(res.status).to.equal(429);
  expect(res.headers.get('retry-after')).to.match(/^[1-9]\d*$/);
  expect(Number(res.headers.get('retry-after'))).to.be.at.most(60);
  expect(res.headers.get('ratelimit-limit')).to.equal(String(points));
  expect(res.headers.get('connection')).to.equal('close');
  expect(res.body.error).to.match(/failed authentications/);
}

describe('failed authentication limit', () => {
  let app: TestApp;
  afterEach(async () => {
    await app?.close();
  });

  it('when an address sends AUTH_FAIL_POINTS wrong keys, each is a 401 that closes the connection; the next is 429 with Retry-After', async () => {
    app = await TestApp.start({ AUTH_FAIL_POINTS: '3' });
    const refused: TestResponse[] = [];
    for (let i = 0; i < 3; i++) refused.push(await app.get('/api/v1/platforms', { headers: WRONG }));
    expect(refused.map((r) => r.status)).to.deep.equal([401, 401, 401]);
    for (const r of refused) {
      expect(r.headers.get('connection')).to.equal('close');
      expect(r.headers.get('www-authenticate')).to.match(/^Bearer/);
    }
    expectLimited(await app.get('/api/v1/platforms', { headers: WRONG }), 3);
  });

  it('when the key is missing or malformed, the failure counts as well', async () => {
    app = await TestApp.start({ AUTH_FAIL_POINTS: '2' });
    expect((await app.get('/api/v1/platforms', { anonymous: true })).status).to.equal(401);
    expect((await app.get('/api/v1/platforms', { headers: { authorization: 'Basic abc' } })).status).to.equal(401);
    expectLimited(await app.get('/api/v1/platforms', { anonymous: true }), 2);
  });

  it('when an address is past the limit, its correct key is refused too: on the hot path, on the other routes and on a batch', async () => {
    app = await TestApp.start({ AUTH_FAIL_POINTS: '2' });
    // Before: the plain GET is answered (by the hot path, which serves it in this app).
    expect((await app.get(CANONICAL, { headers: RIGHT })).status).to.equal(200);
    for (let i = 0; i < 3; i++) await app.get(CANONICAL, { headers: WRONG });
    expectLimited(await app.get(CANONICAL, { headers: RIGHT }), 2);
    expectLimited(await app.get('/api/v1/platforms', { headers: RIGHT }), 2);
    expectLimited(await app.request('/api/v1/resolve', { headers: RIGHT, body: { urls: ['https://example.org/1'] } }), 2);
  });

  it('when one address is past the limit, another still gets 401 for a wrong key and 200 for a correct one (TRUST_PROXY: X-Forwarded-For)', async () => {
    app = await TestApp.start({ AUTH_FAIL_POINTS: '2', TRUST_PROXY: 'true' });
    for (let i = 0; i < 3; i++) await app.get(CANONICAL, { headers: { ...WRONG, ...from('203.0.113.7') } });
    expectLimited(await app.get(CANONICAL, { headers: { ...RIGHT, ...from('203.0.113.7') } }), 2);
    expect((await app.get(CANONICAL, { headers: { ...WRONG, ...from('198.51.100.9') } })).status).to.equal(401);
    expect((await app.get(CANONICAL, { headers: { ...RIGHT, ...from('198.51.100.9') } })).status).to.equal(200);
    expect((await app.get('/api/v1/platforms', { headers: { ...RIGHT, ...from('198.51.100.9') } })).status).to.equal(200);
  });

  it('when a client behind the balancer writes its own X-Forwarded-For entries, it is counted by the address the balancer appended', async () => {
    app = await TestApp.start({ TRUST_PROXY: 'true', AUTH_FAIL_POINTS: '2' });
    // Each request claims another origin in front of the balancer's entry.
    for (let i = 0; i < 3; i++) await app.get(CANONICAL, { headers: { ...WRONG, ...from(`10.0.0.${i + 1}, 203.0.113.7`) } });
    expectLimited(await app.get(CANONICAL, { headers: { ...RIGHT, ...from('10.9.9.9, 203.0.113.7') } }), 2);
    expectLimited(await app.get('/api/v1/platforms', { headers: { ...RIGHT, ...from('10.9.9.8, 203.0.113.7') } }), 2);
    expect((await app.get(CANONICAL, { headers: { ...RIGHT, ...from('203.0.113.7, 198.51.100.9') } })).status).to.equal(200);
  });

  it('without TRUST_PROXY, the address is the socket’s peer: X-Forwarded-For changes nothing, another loopback address is not refused', async () => {
    app = await TestApp.start({ AUTH_FAIL_POINTS: '2' });
    for (let i = 0; i < 3; i++) await app.get('/api/v1/platforms', { headers: WRONG });
    expect((await app.get(CANONICAL, { headers: { ...RIGHT, ...from('198.51.100.9') } })).status).to.equal(429);
    const other = await rawRequest(app.baseUrl, 'GET', CANONICAL, RIGHT, '127.0.0.2');
    expect(other.status).to.equal(200);
    expect((await rawRequest(app.baseUrl, 'GET', '/api/v1/platforms', WRONG, '127.0.0.2')).status).to.equal(401);
  });

  it('when an address is blocked, a correct key from another address is still answered by the hot path, not handed to Koa', async () => {
    app = await TestApp.start({ AUTH_FAIL_POINTS: '1', TRUST_PROXY: 'true' });
    const settings = app.container.resolve<AppSettings>(APP_SETTINGS);
    const koa = createApp(app.container).callback();
    const hot = hotPath(app.container, settings);
    const handedOn: string[] = [];
    const front = await listen((req, res) => {
      const handOn = () => {
        handedOn.push(String(req.headers['x-forwarded-for']));
        void koa(req, res);
      };
      if (!hot(req, res, handOn)) handOn();
    });
    try {
      const base = `http://127.0.0.1:${(front.address() as AddressInfo).port}`;
      for (let i = 0; i < 2; i++) await rawRequest(base, 'GET', CANONICAL, { ...WRONG, ...from('203.0.113.7') });
      handedOn.length = 0;
      expect((await rawRequest(base, 'GET', CANONICAL, { ...RIGHT, ...from('198.51.100.9') })).status).to.equal(200);
      expect((await rawRequest(base, 'GET', CANONICAL, { ...RIGHT, ...from('203.0.113.7') })).status).to.equal(429);
      expect(handedOn).to.deep.equal(['203.0.113.7']);
    } finally {
      front.closeAllConnections();
      front.close();
    }
  });

  it('when a POST with a large body is refused 401, the connection closes without the body being read', async () => {
    app = await TestApp.start();
    const { port } = new URL(app.baseUrl);
    const socket = connect(Number(port), '127.0.0.1');
    await once(socket, 'connect');
    const declared = 100 * 1024 * 1024;
    socket.write(
      `POST /api/v1/resolve HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer not-a-configured-key\r\nContent-Type: application/json\r\nContent-Length: ${declared}\r\n\r\n{"urls":[`,
    );
    let answer = '';
    socket.setEncoding('latin1').on('data', (chunk: string) => (answer += chunk));
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    socket.on('error', () => {}); // the server may reset a connection still sending
    const started = Date.now();
    // Keep sending, as a large upload would, until the server has closed the connection.
    let sent = 0;
    let open = true;
    void closed.then(() => (open = false));
    const chunk = Buffer.alloc(256 * 1024, 0x20);
    // An uploader stops once the answer comes; a write racing the server's close may fail (EPIPE),
    // which is the closing this test waits for.
    while (open && answer === '' && sent + chunk.length < declared && Date.now() - started < 5_000) {
      sent += chunk.length;
      try {
        if (!socket.write(chunk)) await Promise.race([once(socket, 'drain'), closed]);
      } catch {
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 5_000))]);
    expect(open, 'the server closed the connection').to.equal(false);
    expect(Date.now() - started).to.be.below(4_000);
    expect(sent, 'far from the whole body was sent').to.be.below(declared / 4);
    // The server closes without a lingering close: bytes this client sent after the 401 are still
    // unread there, so the close may reset the connection and the 401 be lost before it is read
    // (the trickling test below reads it every time). What arrived is the 401, closing.
    if (answer !== '') {
      expect(answer).to.match(/^HTTP\/1\.1 401 /);
      expect(answer.toLowerCase()).to.include('connection: close');
    }
  });

  it('when a refused POST trickles its body, the 401 comes at once and the connection closes', async () => {
    app = await TestApp.start();
    const { port } = new URL(app.baseUrl);
    const socket = connect(Number(port), '127.0.0.1');
    await once(socket, 'connect');
    const started = Date.now();
    socket.write('POST /api/v1/resolve HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"ur');
    let answer = '';
    socket.setEncoding('latin1').on('data', (chunk: string) => (answer += chunk));
    const ended = await Promise.race([once(socket, 'end').then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 5_000))]);
    socket.destroy();
    expect(ended, 'the server ended the connection').to.equal(true);
    expect(Date.now() - started).to.be.below(3_000);
    expect(answer).to.match(/^HTTP\/1\.1 401 /);
  });
});

describe('FailedAuthGuard', () => {
  /** A counter of fixed windows on a fake clock, as the real limiter counts. */
  function fakeLimiter(points: number, windowMs: number, clock: { now: number }) {
    const calls: string[] = [];
    const windows = new Map<string, { used: number; endsAt: number }>();
    const limiter: RateLimiter = {
      consume(key, cost): RateDecision {
        calls.push(key);
        let w = windows.get(key);
        if (!w || w.endsAt <= clock.now) windows.set(key, (w = { used: 0, endsAt: clock.now + windowMs }));
        w.used += cost;
        return { allowed: w.used <= points, limit: points, remaining: Math.max(0, points - w.used), resetMs: w.endsAt - clock.now };
      },
    };
    return { limiter, calls };
  }

  it('when an address goes past the limit, it stays refused until that window ends, without counting again', async () => {
    const clock = { now: 1_000_000 };
    const { limiter, calls } = fakeLimiter(2, 60_000, clock);
    const guard = new FailedAuthGuard(limiter, () => clock.now);
    expect((await guard.failed('192.0.2.1')).allowed).to.equal(true);
    expect((await guard.failed('192.0.2.1')).allowed).to.equal(true);
    expect(guard.anyBlocked).to.equal(false);
    expect((await guard.failed('192.0.2.1')).allowed).to.equal(false);
    expect(guard.anyBlocked).to.equal(true);
    clock.now += 59_000;
    expect(guard.refusal('192.0.2.1')).to.deep.equal({ allowed: false, limit: 2, remaining: 0, resetMs: 1_000 });
    expect(guard.refusal('192.0.2.2')).to.equal(undefined);
    expect(calls.length, 'a refusal is read from memory, not counted').to.equal(3);
    clock.now += 1_000;
    expect(guard.refusal('192.0.2.1')).to.equal(undefined);
    expect(guard.anyBlocked).to.equal(false);
  });
});

describeWithRedis('failed authentication across instances', () => {
  it('when two instances share one Redis, one address’s failures are counted across both', async () => {
    const env = { REDIS_URL, REDIS_KEY_PREFIX: `postlens-test-${randomUUID()}:`, AUTH_FAIL_POINTS: '3' };
    const a = await TestApp.start(env);
    const b = await TestApp.start(env);
    try {
      for (const one of [a, b]) expect(await eventually(async () => (await one.get('/healthz')).body.redis === true, 3000)).to.equal(true);
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push((await (i % 2 ? b : a).get('/api/v1/platforms', { headers: WRONG })).status);
      // Each alone would have refused with 401 up to 3 failures; together they saw 4.
      expect(statuses).to.deep.equal([401, 401, 401, 429]);
      // b saw the refusal: the correct key from that address is refused there.
      expectLimited(await b.get(CANONICAL, { headers: RIGHT }), 3);
      // a learns it at its next failure from the address, and refuses the correct key from then on.
      expectLimited(await a.get('/api/v1/platforms', { headers: WRONG }), 3);
      expectLimited(await a.get(CANONICAL, { headers: RIGHT }), 3);
    } finally {
      await a.close();
      await b.close();
    }
  });
});

async function listen(listener: RequestListener): Promise<Server> {
  const server = createServer(listener);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return server;
}

/** A request through node:http (which can pick the local address); no OpenAPI check. */
function rawRequest(base: string, method: string, path: string, headers: Record<string, string>, localAddress?: string): Promise<{ status: number; headers: IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(base + path, { method, headers, ...(localAddress ? { localAddress } : {}), agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

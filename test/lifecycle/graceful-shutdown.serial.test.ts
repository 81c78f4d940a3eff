// Graceful shutdown of the real process: SIGTERM stops accepting connections, lets a /v/ stream in
// flight finish (its upstream trickles the body, so the server really is mid-response), closes idle
// and finished keep-alive connections, closes Redis and exits 0. The grace running out, or a second
// signal, cuts the stream and exits 1.
import { expect } from 'chai';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { Pool } from 'undici';
import { TEST_KEY } from '../support/app.js';
import { mediaPath } from '../support/media-client.js';
import { mediaBytes, MediaUpstream, testTls } from '../support/media-upstream.js';
import { eventually, skipOrFail, sleep, ThrowawayRedis } from '../support/redis.js';
import { ServiceProcess } from './service-process.js';
import { startTunnelProxy, type TunnelProxy } from './tunnel-proxy.js';

/** "At once": far below the default 10 s SHUTDOWN_GRACE_MS these cases run with, with a loaded CI machine's margin. */
const AT_ONCE_MS = 4000;

const SECRET = 'graceful-shutdown-test-secret-0123456789';
const VIDEO = 'https://v.redd.it/shutdown01/DASH_720.mp4';
const CHUNK = 64 * 1024;
const video = (chunks: number) => mediaBytes(chunks * CHUNK, 3);

/**
 * Answers 200 with the whole length announced, then one chunk every `everyMs` but the last only once
 * `release()` is called (and then the rest at once): a slow CDN that is mid-response for as long as
 * the test needs, however slowly the test runs.
 */
function heldTrickle(chunks: number, everyMs: number) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const handler = (_req: IncomingMessage, res: ServerResponse) => {
    const body = video(chunks);
    res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': String(body.length) });
    let sent = 0;
    const timer = setInterval(() => {
      if (res.destroyed) return clearInterval(timer);
      if (sent === chunks - 1) return;
      res.write(body.subarray(sent * CHUNK, (sent + 1) * CHUNK));
      sent++;
    }, everyMs);
    void released.then(() => {
      clearInterval(timer);
      if (!res.destroyed) res.end(body.subarray(sent * CHUNK));
    });
  };
  return { handler, release };
}

/** Answers 200 with the whole length announced, then one chunk every `everyMs`: a slow CDN. */
function trickle(chunks: number, everyMs: number) {
  return (_req: IncomingMessage, res: ServerResponse) => {
    const body = video(chunks);
    res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': String(body.length) });
    let sent = 0;
    const timer = setInterval(() => {
      if (res.destroyed) return clearInterval(timer);
      res.write(body.subarray(sent * CHUNK, (sent + 1) * CHUNK));
      if (++sent === chunks) {
        clearInterval(timer);
        res.end();
      }
    }, everyMs);
  };
}

describe('graceful shutdown (the service as a child process)', function () {
  this.timeout(60_000);
  let dir: string;
  let redis: ThrowawayRedis;
  let inspector: Redis;
  let upstream: MediaUpstream;
  let proxy: TunnelProxy;
  let service: ServiceProcess | undefined;
  // undici, not node:http: nock (loaded for every test) turns node:http client requests into
  // Connection: close ones, and keep-alive connections are part of what is tested here.
  let pool: Pool | undefined;
  let disconnects = 0;

  before(async function () {
    if (!ThrowawayRedis.available()) skipOrFail(this, 'redis-server is not installed');
    dir = mkdtempSync(join(tmpdir(), 'postlens-shutdown-'));
    writeFileSync(join(dir, 'ca.pem'), testTls().cert);
    upstream = await MediaUpstream.start();
    proxy = await startTunnelProxy(upstream.port);
    redis = await ThrowawayRedis.create();
    inspector = new Redis(redis.url, { lazyConnect: true });
    await inspector.connect();
  });
  after(async () => {
    inspector?.disconnect();
    await redis?.dispose();
    await proxy?.close();
    await upstream?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });
  beforeEach(() => {
    upstream.reset();
    disconnects = 0;
  });
  afterEach(async () => {
    await pool?.destroy();
    pool = undefined;
    await service?.kill();
    service = undefined;
  });

  async function startService(env: Record<string, string> = {}): Promise<ServiceProcess> {
    service = await ServiceProcess.start({
      env: {
        API_KEYS: TEST_KEY,
        REDIS_URL: redis.url,
        PROXY_SECRET: SECRET,
        UPSTREAM_PROXY: proxy.url,
        NODE_EXTRA_CA_CERTS: join(dir, 'ca.pem'),
        ...env,
      },
    });
    await service.waitFor((l) => l.msg === 'redis connection ready');
    pool = new Pool(service.baseUrl, { connections: 4 });
    pool.on('disconnect', () => disconnects++);
    return service;
  }

  /** A /v/ path for VIDEO, sealed as any instance with the secret would seal it. */
  const videoPath = () => mediaPath(SECRET, { url: VIDEO, headers: {}, mimeType: 'video/mp4', platform: 'reddit', canonicalUrl: 'https://v.redd.it/shutdown01' });

  /** Connections to our Redis other than the inspector's own. */
  async function serviceRedisClients(): Promise<number> {
    const list = (await inspector.client('LIST')) as string;
    const own = await inspector.client('ID');
    return list.split('\n').filter((l) => l.startsWith('id=') && !l.startsWith(`id=${own} `)).length;
  }

  interface Stream {
    status: number;
    keepAlive: boolean;
    received: () => number;
    /** Resolves with the whole body, or rejects when the connection is cut before the end. */
    body: Promise<Buffer>;
  }

  /** Starts a /v/ GET on a keep-alive connection; resolves once the first bytes have arrived. */
  async function startStream(): Promise<Stream> {
    const response = await pool!.request({ path: videoPath(), method: 'GET' });
    const chunks: Buffer[] = [];
    let received = 0;
    const body = new Promise<Buffer>((resolve, reject) => {
      response.body.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        received += chunk.length;
      });
      response.body.on('end', () => resolve(Buffer.concat(chunks)));
      response.body.on('error', reject);
    });
    body.catch(() => undefined); // awaited by the tests that expect it; a cut is asserted there
    if (!(await eventually(() => received > 0, 5000))) throw new Error('no media bytes arrived');
    return { status: response.statusCode, keepAlive: response.headers.connection !== 'close', received: () => received, body };
  }

  /** Whether a fresh TCP connection to the port is refused. */
  function refused(port: number): Promise<boolean> {
    return new Promise((resolve) => {
      const socket: Socket = connect(port, '127.0.0.1');
      socket.once('connect', () => (socket.destroy(), resolve(false)));
      socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
    });
  }

  it('when SIGTERM arrives during a /v/ stream, refuses new connections, finishes the stream with 200, closes Redis and exits 0', async () => {
    const chunks = 24;
    const cdn = heldTrickle(chunks, 150); // its last chunk only after the checks below
    upstream.on(VIDEO, cdn.handler);
    const s = await startService();
    expect(await serviceRedisClients()).to.be.greaterThan(0);
    const stream = await startStream();
    expect(stream.status).to.equal(200);
    expect(stream.keepAlive).to.equal(true);
    // A second connection, left idle, which the server must close rather than wait out.
    const health = await pool!.request({ path: '/healthz', method: 'GET' });
    await health.body.text();
    expect(health.headers.connection).to.equal('keep-alive');

    s.signal('SIGTERM');
    const shuttingDown = await s.waitFor((l) => l.msg.startsWith('shutting down'));
    expect(shuttingDown.inFlight).to.equal(1);
    // The listening socket closes on the child's next loop turn, which may come after its log line.
    expect(await eventually(() => refused(s.port), 1000), 'new connections are refused').to.equal(true);
    // Well before the 5 s keep-alive timeout would have closed it.
    expect(await eventually(() => disconnects === 1, 2000), 'the idle keep-alive connection is closed').to.equal(true);
    // Still serving the stream: not exited, Redis not yet closed.
    await sleep(300);
    expect(stream.received()).to.be.below(chunks * CHUNK);
    expect(s.child.exitCode).to.equal(null);
    expect(await serviceRedisClients()).to.be.greaterThan(0);

    cdn.release();
    const body = await stream.body;
    const finishedAt = Date.now();
    expect(body.equals(video(chunks))).to.equal(true);
    const exit = await s.exited;
    expect(exit.code).to.equal(0);
    // Well before the 5 s keep-alive timeout: the stream's connection closed once it had finished.
    expect(exit.at - finishedAt).to.be.below(2000);
    expect(s.lines.map((l) => l.msg)).to.include('stopped');
    expect(s.lines.filter((l) => l.level >= 50), 'no error lines').to.deep.equal([]);
    expect(await serviceRedisClients()).to.equal(0);
  });

  it('when nothing is in flight, SIGTERM exits 0 at once', async () => {
    const s = await startService();
    const signalled = Date.now();
    s.signal('SIGTERM');
    const exit = await s.exited;
    expect(exit.code).to.equal(0);
    expect(exit.at - signalled).to.be.below(AT_ONCE_MS);
    expect(await serviceRedisClients()).to.equal(0);
  });

  it('when the stream outlasts SHUTDOWN_GRACE_MS, cuts it and exits 1 once the grace is over', async () => {
    upstream.on(VIDEO, trickle(100, 100)); // ~10 s: far past the grace
    const s = await startService({ SHUTDOWN_GRACE_MS: '1000' });
    const stream = await startStream();
    const signalled = Date.now();
    s.signal('SIGTERM');
    const exit = await s.exited;
    expect(exit.code).to.equal(1);
    expect(exit.at - signalled).to.be.within(900, 3000);
    const error = await stream.body.then(() => undefined, (e: unknown) => e);
    expect(error).to.be.instanceOf(Error);
    expect(s.lines.find((l) => l.msg.startsWith('shutdown forced'))).to.include({ why: 'grace period over', inFlight: 1 });
  });

  it('when a second SIGTERM arrives during the grace, cuts the stream and exits 1 at once', async () => {
    upstream.on(VIDEO, trickle(100, 100));
    const s = await startService();
    const stream = await startStream();
    s.signal('SIGTERM');
    await s.waitFor((l) => l.msg.startsWith('shutting down'));
    await sleep(200);
    const second = Date.now();
    s.signal('SIGTERM');
    const exit = await s.exited;
    expect(exit.code).to.equal(1);
    expect(exit.at - second).to.be.below(AT_ONCE_MS);
    expect(await stream.body.then(() => 'complete', () => 'cut')).to.equal('cut');
    expect(s.lines.find((l) => l.msg.startsWith('shutdown forced'))).to.include({ why: 'second SIGTERM' });
  });
});

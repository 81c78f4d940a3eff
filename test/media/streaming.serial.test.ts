// GET and HEAD /v/{token} against a local HTTPS media host: Range passed through as the host
// answers it, only allowlisted headers, never Set-Cookie, media types only, streaming with
// backpressure, and a client that leaves closing the upstream request at once. Raw clients here
// are undici's: nock (loaded for every test) wraps node:http clients and reads answers whole.
import { expect } from 'chai';
import { once } from 'node:events';
import { request } from 'undici';
import { TestApp } from '../support/app.js';
import { getMedia, mediaPath } from '../support/media-client.js';
import { MediaUpstream, mediaBytes, serveBytes } from '../support/media-upstream.js';
import type { MediaTicket } from '../../src/application/ports/signer.port.js';

const SECRET = 'media-streaming-test-secret-0123456789';
const VIDEO = 'https://v16-webapp-prime.tiktok.com/video/tos/clip/?expire=1999999999&signature=abc';
const COOKIE = 'tt_chain_token=SealedChainTokenValue42';
const REFERER = 'https://www.tiktok.com/';

function ticket(url = VIDEO, overrides: Partial<MediaTicket> = {}): MediaTicket {
  return { url, headers: { cookie: COOKIE, referer: REFERER }, mimeType: 'video/mp4', platform: 'tiktok', canonicalUrl: 'https://www.tiktok.com/@i/video/7400000000000000101', ...overrides };
}

describe('media proxy: streaming', () => {
  let upstream: MediaUpstream;
  let app: TestApp;
  const body = mediaBytes(300_000);

  before(async () => {
    upstream = await MediaUpstream.start();
    app = await TestApp.start({ PROXY_SECRET: SECRET }, { mediaDispatcher: upstream.dispatcher() });
  });
  after(async () => {
    await app.close();
    await upstream.close();
  });
  beforeEach(() => upstream.reset());

  it('when asked for the whole video, streams it with the sealed headers sent upstream and only allowlisted headers back', async () => {
    upstream.on(VIDEO, serveBytes(body, { headers: { 'set-cookie': ['tt_chain_token=rotated; Domain=.tiktok.com'], 'x-tt-logid': 'internal', server: 'Tengine', 'access-control-allow-origin': '*' } }));
    const answer = await getMedia(app, mediaPath(SECRET, ticket()));
    expect(answer.status).to.equal(200);
    expect(answer.body.equals(body)).to.equal(true);
    const seen = upstream.seen(VIDEO);
    expect(seen).to.have.length(1);
    expect(seen[0]!.headers.cookie).to.equal(COOKIE);
    expect(seen[0]!.headers.referer).to.equal(REFERER);
    expect(seen[0]!.headers['accept-encoding']).to.equal('identity');
    expect(answer.headers['content-type']).to.equal('video/mp4');
    expect(answer.headers['content-length']).to.equal(String(body.length));
    expect(answer.headers['accept-ranges']).to.equal('bytes');
    expect(answer.headers['etag']).to.equal('"v1"');
    expect(answer.headers['last-modified']).to.equal('Mon, 16 Jun 2025 10:00:00 GMT');
    expect(answer.headers['cache-control']).to.match(/^private, max-age=(59\d|600)$/);
    expect(answer.headers['x-content-type-options']).to.equal('nosniff');
    expect(answer.headers['cross-origin-resource-policy']).to.equal('cross-origin');
    for (const name of ['set-cookie', 'x-tt-logid', 'server', 'access-control-allow-origin']) expect(answer.headers).not.to.have.property(name);
  });

  it('when asked for a byte range, answers 206 with the Content-Range and Accept-Ranges the media host sent', async () => {
    upstream.on(VIDEO, serveBytes(body));
    const answer = await getMedia(app, mediaPath(SECRET, ticket()), { headers: { range: 'bytes=1000-1999' } });
    expect(answer.status).to.equal(206);
    expect(answer.headers['content-range']).to.equal(`bytes 1000-1999/${body.length}`);
    expect(answer.headers['accept-ranges']).to.equal('bytes');
    expect(answer.headers['content-length']).to.equal('1000');
    expect(answer.body.equals(body.subarray(1000, 2000))).to.equal(true);
    expect(upstream.seen(VIDEO)[0]!.headers.range).to.equal('bytes=1000-1999');
  });

  it('when a range is sent with If-Range, both reach the media host', async () => {
    upstream.on(VIDEO, serveBytes(body));
    await getMedia(app, mediaPath(SECRET, ticket()), { headers: { range: 'bytes=-10', 'if-range': '"v1"' } });
    const seen = upstream.seen(VIDEO)[0]!;
    expect(seen.headers.range).to.equal('bytes=-10');
    expect(seen.headers['if-range']).to.equal('"v1"');
  });

  it('when the media host ignores Range and answers 200, the answer stays a 200 with the whole body', async () => {
    upstream.on(VIDEO, serveBytes(body, { ranges: false }));
    const answer = await getMedia(app, mediaPath(SECRET, ticket()), { headers: { range: 'bytes=0-99' } });
    expect(answer.status).to.equal(200);
    expect(answer.headers).not.to.have.property('content-range');
    expect(answer.body.length).to.equal(body.length);
  });

  it('when the range is past the end, passes the 416 through with its Content-Range and no body', async () => {
    upstream.on(VIDEO, serveBytes(body));
    const answer = await getMedia(app, mediaPath(SECRET, ticket()), { headers: { range: `bytes=${body.length + 10}-` } });
    expect(answer.status).to.equal(416);
    expect(answer.headers['content-range']).to.equal(`bytes */${body.length}`);
    expect(answer.body.length).to.equal(0);
  });

  it('when asked with HEAD, sends HEAD upstream and answers its headers without a body', async () => {
    upstream.on(VIDEO, serveBytes(body));
    const answer = await getMedia(app, mediaPath(SECRET, ticket()), { method: 'HEAD' });
    expect(answer.status).to.equal(200);
    expect(answer.headers['content-length']).to.equal(String(body.length));
    expect(answer.headers['content-type']).to.equal('video/mp4');
    expect(answer.body.length).to.equal(0);
    expect(upstream.seen(VIDEO).map((r) => r.method)).to.deep.equal(['HEAD']);
  });

  it('when HEAD asks for a range, answers 206 with the range headers', async () => {
    upstream.on(VIDEO, serveBytes(body));
    const answer = await getMedia(app, mediaPath(SECRET, ticket()), { method: 'HEAD', headers: { range: 'bytes=0-0' } });
    expect(answer.status).to.equal(206);
    expect(answer.headers['content-range']).to.equal(`bytes 0-0/${body.length}`);
  });

  it('when the client revalidates with the ETag, passes the 304 through', async () => {
    upstream.on(VIDEO, serveBytes(body));
    const answer = await getMedia(app, mediaPath(SECRET, ticket()), { headers: { 'if-none-match': '"v1"' } });
    expect(answer.status).to.equal(304);
    expect(answer.headers['etag']).to.equal('"v1"');
    expect(answer.body.length).to.equal(0);
  });

  it('when the token ends in a file extension, serves the same media', async () => {
    upstream.on(VIDEO, serveBytes(body));
    const answer = await getMedia(app, mediaPath(SECRET, ticket(), undefined, '.mp4'));
    expect(answer.status).to.equal(200);
    expect(answer.body.equals(body)).to.equal(true);
  });

  for (const type of ['audio/mp4', 'image/jpeg', 'application/dash+xml', 'video/mp2t; charset=binary']) {
    it(`when the media host labels the body ${type}, it passes`, async () => {
      upstream.on(VIDEO, serveBytes(type.includes('xml') ? Buffer.from('<?xml version="1.0"?><MPD/>') : body.subarray(0, 100), { type }));
      const answer = await getMedia(app, mediaPath(SECRET, ticket()));
      expect(answer.status).to.equal(200);
      expect(answer.headers['content-type']).to.equal(type);
    });
  }

  it('when the media host labels the body application/octet-stream, it is served as the type the token was minted for', async () => {
    upstream.on(VIDEO, serveBytes(body.subarray(0, 100), { type: 'application/octet-stream' }));
    const answer = await getMedia(app, mediaPath(SECRET, ticket()));
    expect(answer.status).to.equal(200);
    expect(answer.headers['content-type']).to.equal('video/mp4');
  });

  for (const type of ['text/html; charset=utf-8', 'application/json', 'text/javascript', 'image/svg+xml', 'image/svg+xml; charset=utf-8', 'application/octet-stream-ish']) {
    it(`when the media host answers ${type}, answers 502 and sends none of it`, async () => {
      upstream.on(VIDEO, serveBytes(Buffer.from('<script>alert(1)</script>'), { type }));
      const answer = await getMedia(app, mediaPath(SECRET, ticket()));
      expect(answer.status).to.equal(502);
      expect(answer.headers['content-type']).to.match(/^application\/json/);
      expect(answer.body.toString()).not.to.contain('script');
    });
  }

  it('when the media host compresses the body despite Accept-Encoding: identity, answers 502', async () => {
    upstream.on(VIDEO, serveBytes(body.subarray(0, 100), { headers: { 'content-encoding': 'gzip' } }));
    const answer = await getMedia(app, mediaPath(SECRET, ticket()));
    expect(answer.status).to.equal(502);
  });

  it('when the media host sends slowly, the client gets the first bytes before the host has sent the rest (no buffering)', async () => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    upstream.on(VIDEO, async (_req, res) => {
      res.writeHead(200, { 'content-type': 'video/mp4' });
      res.write(Buffer.from('first-chunk'));
      await released;
      res.end(Buffer.from('-rest'));
    });
    const res = await request(app.baseUrl + mediaPath(SECRET, ticket()));
    expect(res.statusCode).to.equal(200);
    const [first] = (await once(res.body, 'data')) as [Buffer];
    expect(first.toString()).to.equal('first-chunk');
    release();
    const chunks: Buffer[] = [first];
    for await (const chunk of res.body) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).to.equal('first-chunk-rest');
  });

  it('when the client reads slowly, the media host is held back (backpressure) and the whole body still arrives intact', async () => {
    const CHUNK = 64 * 1024;
    const TOTAL_CHUNKS = 1536; // 96 MB on offer
    let written = 0;
    const big = mediaBytes(CHUNK, 3);
    upstream.on(VIDEO, (_req, res) => {
      res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': String(CHUNK * TOTAL_CHUNKS) });
      let n = 0;
      const pump = () => {
        while (n < TOTAL_CHUNKS) {
          n++;
          written += CHUNK;
          if (!res.write(big)) return void res.once('drain', pump);
        }
        res.end();
      };
      pump();
    });
    const res = await request(app.baseUrl + mediaPath(SECRET, ticket()));
    res.body.pause();
    await new Promise((r) => setTimeout(r, 1500));
    // Only socket and stream buffers' worth went out while nobody read: far from the 96 MB on offer.
    const writtenWhilePaused = written;
    expect(writtenWhilePaused).to.be.below(32 * 1024 * 1024);
    let received = 0;
    let intact = true;
    let offset = 0;
    for await (const chunk of res.body as AsyncIterable<Buffer>) {
      for (let i = 0; i < chunk.length; i += 4093) if (chunk[i] !== big[(offset + i) % CHUNK]) intact = false;
      offset += chunk.length;
      received += chunk.length;
    }
    expect(received).to.equal(CHUNK * TOTAL_CHUNKS);
    expect(intact).to.equal(true);
  });

  it('when the client goes away mid-stream, the upstream request is closed at once', async () => {
    let upstreamClosed!: () => void;
    const closed = new Promise<void>((resolve) => (upstreamClosed = resolve));
    upstream.on(VIDEO, (_req, res) => {
      res.writeHead(200, { 'content-type': 'video/mp4' });
      res.on('close', () => upstreamClosed());
      // An endless trickle: only the client leaving can end it.
      const timer = setInterval(() => res.write(Buffer.alloc(16 * 1024, 1)), 10);
      res.on('close', () => clearInterval(timer));
    });
    const res = await request(app.baseUrl + mediaPath(SECRET, ticket()));
    await once(res.body, 'data');
    const left = performance.now();
    res.body.on('error', () => undefined);
    res.body.destroy();
    await Promise.race([closed, new Promise((_, reject) => setTimeout(() => reject(new Error('upstream still open 3 s after the client left')), 3000))]);
    expect(performance.now() - left).to.be.below(3000);
  });

  it('when the client goes away before the media host answers, the upstream request is closed too', async () => {
    let upstreamClosed!: () => void;
    const closed = new Promise<void>((resolve) => (upstreamClosed = resolve));
    let arrived!: () => void;
    const requestArrived = new Promise<void>((resolve) => (arrived = resolve));
    upstream.on(VIDEO, (req) => {
      req.socket.on('close', () => upstreamClosed());
      arrived();
    });
    const client = new AbortController();
    const pending = request(app.baseUrl + mediaPath(SECRET, ticket()), { signal: client.signal }).catch(() => undefined);
    await requestArrived;
    client.abort();
    await pending;
    await Promise.race([closed, new Promise((_, reject) => setTimeout(() => reject(new Error('upstream still open 3 s after the client left')), 3000))]);
  });
});

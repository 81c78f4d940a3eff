// A local HTTPS media host for `/v/` tests: a self-signed certificate made with openssl at test
// time, one loopback server answering for every media hostname (the test dispatcher connects any
// host to it while TLS still checks the real name), handlers per host and path, and a record of
// every request it saw. undici.request goes straight to the socket, so nock never sees these.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { once } from 'node:events';
import { createServer, type Server } from 'node:https';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent, buildConnector } from 'undici';

/** Names the certificate is valid for: the platforms' media hosts the tests use, and one host off every allowlist. */
const NAMES = ['*.tiktok.com', '*.tiktokcdn.com', 'v.redd.it', '*.vimeocdn.com', 'vod-progressive.akamaized.net', 'production.assets.clips.twitchcdn.net', 'cf-media.sndcdn.com', 'i.pximg.net', '*.bilivideo.com', 'evil.example'];

let cached: { key: string; cert: string } | undefined;

export function testTls(): { key: string; cert: string } {
  if (cached) return cached;
  const dir = mkdtempSync(join(tmpdir(), 'postlens-tls-'));
  try {
    const san = NAMES.map((n) => `DNS:${n}`).join(',');
    execFileSync('openssl', [
      'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '2',
      '-subj', '/CN=postlens test media host', '-addext', `subjectAltName=${san}`,
      '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem'),
    ], { stdio: 'pipe' });
    cached = { key: readFileSync(join(dir, 'key.pem'), 'utf8'), cert: readFileSync(join(dir, 'cert.pem'), 'utf8') };
    return cached;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export type Handler = (req: IncomingMessage, res: ServerResponse) => void | Promise<void>;

export interface SeenRequest {
  method: string;
  host: string;
  path: string;
  headers: IncomingMessage['headers'];
}

export class MediaUpstream {
  readonly requests: SeenRequest[] = [];
  private readonly handlers = new Map<string, Handler>();

  private constructor(
    private readonly server: Server,
    readonly port: number,
  ) {}

  static async start(): Promise<MediaUpstream> {
    const { key, cert } = testTls();
    let self: MediaUpstream | undefined;
    const server = createServer({ key, cert }, (req, res) => self!.handle(req, res));
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    self = new MediaUpstream(server, (server.address() as AddressInfo).port);
    return self;
  }

  /** Answers `https://{host}{path}` (path without query) with `handler`. */
  on(url: string, handler: Handler): this {
    const u = new URL(url);
    this.handlers.set(u.hostname + u.pathname, handler);
    return this;
  }

  reset(): void {
    this.handlers.clear();
    this.requests.length = 0;
  }

  /** Requests seen for one URL's host and path. */
  seen(url: string): SeenRequest[] {
    const u = new URL(url);
    return this.requests.filter((r) => r.host === u.hostname && r.path.split('?')[0] === u.pathname);
  }

  /**
   * A connection pool that sends every https request to this server whatever its host, trusting
   * the test certificate, with TLS verifying the hostname the request named.
   */
  dispatcher(): Agent {
    const connect = buildConnector({ ca: testTls().cert });
    return new Agent({
      connect: (opts, callback) => connect({ ...opts, hostname: '127.0.0.1', port: String(this.port), servername: opts.hostname }, callback),
    });
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    this.server.close();
  }

  private handle(req: IncomingMessage, res: ServerResponse): void {
    const host = (req.headers.host ?? '').replace(/:\d+$/, '');
    this.requests.push({ method: req.method ?? '', host, path: req.url ?? '', headers: req.headers });
    const handler = this.handlers.get(host + (req.url ?? '').split('?')[0]);
    if (!handler) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('no handler');
      return;
    }
    Promise.resolve(handler(req, res)).catch(() => res.destroy());
  }
}

export interface BytesOptions {
  type?: string;
  etag?: string;
  lastModified?: string;
  /** Serve byte ranges (206/416), as CDNs do. Default true. */
  ranges?: boolean;
  /** Extra response headers (e.g. ones that must never reach the client). */
  headers?: Record<string, string | string[]>;
  /** Refuse with 403 unless this request header check passes. */
  require?: (req: IncomingMessage) => boolean;
}

/** A handler serving `body` like a media CDN: Range, HEAD, If-None-Match. */
export function serveBytes(body: Buffer, options: BytesOptions = {}): Handler {
  const { type = 'video/mp4', etag = '"v1"', lastModified = 'Mon, 16 Jun 2025 10:00:00 GMT', ranges = true } = options;
  return (req, res) => {
    if (options.require && !options.require(req)) {
      res.writeHead(403, { 'content-type': 'text/html' }).end('<h1>Access denied</h1>');
      return;
    }
    const common: Record<string, string | string[]> = { 'content-type': type, etag, 'last-modified': lastModified, ...options.headers };
    if (ranges) common['accept-ranges'] = 'bytes';
    if (req.headers['if-none-match'] === etag) {
      res.writeHead(304, { etag, 'last-modified': lastModified }).end();
      return;
    }
    const range = ranges ? parseRange(req.headers.range, body.length) : undefined;
    if (range === 'unsatisfiable') {
      res.writeHead(416, { ...common, 'content-range': `bytes */${body.length}` }).end();
      return;
    }
    const [start, end] = range ?? [0, body.length - 1];
    const slice = body.subarray(start, end + 1);
    const headers = { ...common, 'content-length': String(slice.length), ...(range ? { 'content-range': `bytes ${start}-${end}/${body.length}` } : {}) };
    res.writeHead(range ? 206 : 200, headers);
    res.end(req.method === 'HEAD' ? undefined : slice);
  };
}

function parseRange(header: string | undefined, size: number): [number, number] | 'unsatisfiable' | undefined {
  const m = /^bytes=(\d*)-(\d*)$/.exec(header ?? '');
  if (!m || (m[1] === '' && m[2] === '')) return undefined;
  let start: number;
  let end: number;
  if (m[1] === '') {
    start = Math.max(0, size - Number(m[2]));
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  return start >= size || start > end ? 'unsatisfiable' : [start, end];
}

/** Deterministic bytes that are not all alike, so a wrong offset shows. */
export function mediaBytes(length: number, seed = 7): Buffer {
  const out = Buffer.alloc(length);
  let x = seed;
  for (let i = 0; i < length; i++) {
    x = (x * 1103515245 + 12345) & 0x7fffffff;
    out[i] = x >>> 16;
  }
  return out;
}

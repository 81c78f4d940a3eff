// A local HTTPS host standing in for Vimeo's CDN (skyfire.vimeocdn.com) in the media-proxy test:
// a certificate for *.vimeocdn.com made with openssl at test time, one loopback server, handlers
// per host and path, and a record of the requests it saw. test/support/media-upstream.ts does the
// same for the hosts its certificate names (TikTok's, Reddit's), which do not include Vimeo's.
import { execFileSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent, buildConnector } from 'undici';
import type { Handler, SeenRequest } from '../../support/media-upstream.js';

function vimeoCdnTls(): { key: string; cert: string } {
  const dir = mkdtempSync(join(tmpdir(), 'postlens-vimeo-tls-'));
  try {
    execFileSync('openssl', [
      'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '2',
      '-subj', '/CN=postlens test vimeo cdn', '-addext', 'subjectAltName=DNS:*.vimeocdn.com,DNS:vod-progressive.akamaized.net',
      '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem'),
    ], { stdio: 'pipe' });
    return { key: readFileSync(join(dir, 'key.pem'), 'utf8'), cert: readFileSync(join(dir, 'cert.pem'), 'utf8') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export class LocalVimeoCdn {
  readonly requests: SeenRequest[] = [];
  private readonly handlers = new Map<string, Handler>();

  private constructor(
    private readonly server: Server,
    private readonly port: number,
    private readonly cert: string,
  ) {}

  static async start(): Promise<LocalVimeoCdn> {
    const tls = vimeoCdnTls();
    let self: LocalVimeoCdn | undefined;
    const server = createServer(tls, (req, res) => self!.handle(req, res));
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    self = new LocalVimeoCdn(server, (server.address() as AddressInfo).port, tls.cert);
    return self;
  }

  /** Answers `https://{host}{path}` (path without query) with `handler`. */
  on(url: string, handler: Handler): this {
    const u = new URL(url);
    this.handlers.set(u.hostname + u.pathname, handler);
    return this;
  }

  /** Every https request goes to this server whatever its host, TLS checking the name it asked for. */
  dispatcher(): Agent {
    const connect = buildConnector({ ca: this.cert });
    return new Agent({ connect: (opts, callback) => connect({ ...opts, hostname: '127.0.0.1', port: String(this.port), servername: opts.hostname }, callback) });
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    this.server.close();
  }

  private handle(req: IncomingMessage, res: ServerResponse): void {
    const host = (req.headers.host ?? '').replace(/:\d+$/, '');
    this.requests.push({ method: req.method ?? '', host, path: req.url ?? '', headers: req.headers });
    const handler = this.handlers.get(host + (req.url ?? '').split('?')[0]);
    if (!handler) return void res.writeHead(404, { 'content-type': 'text/plain' }).end('no handler');
    Promise.resolve(handler(req, res)).catch(() => res.destroy());
  }
}

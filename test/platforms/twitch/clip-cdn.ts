// A local stand-in for Twitch's clip CDN (production.assets.clips.twitchcdn.net) for the media-proxy
// test: one loopback HTTPS server with a self-signed certificate for that name (made with openssl
// at test time), which, like the CDN, refuses a clip URL without its `sig` and `token` and serves
// one with them, Range included. undici goes straight to the socket, so nock never sees it.
import { execFileSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent, buildConnector } from 'undici';
import { serveBytes } from '../../support/media-upstream.js';

export const CLIP_CDN_HOST = 'production.assets.clips.twitchcdn.net';

function certificateFor(name: string): { key: string; cert: string } {
  const dir = mkdtempSync(join(tmpdir(), 'postlens-twitch-tls-'));
  try {
    execFileSync('openssl', [
      'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '2',
      '-subj', `/CN=${name}`, '-addext', `subjectAltName=DNS:${name}`,
      '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem'),
    ], { stdio: 'pipe' });
    return { key: readFileSync(join(dir, 'key.pem'), 'utf8'), cert: readFileSync(join(dir, 'cert.pem'), 'utf8') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Whether a request carries what the clip CDN checks: the access token's `sig` and `token`. */
function isSigned(req: IncomingMessage): boolean {
  const query = new URL(req.url ?? '/', `https://${CLIP_CDN_HOST}`).searchParams;
  return query.has('sig') && query.has('token');
}

export interface SeenClipRequest {
  path: string;
  headers: IncomingMessage['headers'];
}

export class ClipCdn {
  private constructor(
    private readonly server: Server,
    private readonly cert: string,
    private readonly port: number,
    /** Every request the CDN saw, in order. */
    readonly requests: readonly SeenClipRequest[],
  ) {}

  /** Serves `body` at `path` (any query) to signed requests; 404 elsewhere. */
  static async start(path: string, body: Buffer): Promise<ClipCdn> {
    const { key, cert } = certificateFor(CLIP_CDN_HOST);
    const serve = serveBytes(body, { require: isSigned });
    const requests: SeenClipRequest[] = [];
    const server = createServer({ key, cert }, (req, res) => {
      requests.push({ path: req.url ?? '', headers: req.headers });
      if ((req.url ?? '').split('?')[0] !== path) {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('no such clip');
        return;
      }
      Promise.resolve(serve(req, res)).catch(() => res.destroy());
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    return new ClipCdn(server, cert, (server.address() as AddressInfo).port, requests);
  }

  /** Sends every https request to this server whatever its host, TLS still checking the name asked for. */
  dispatcher(): Agent {
    const connect = buildConnector({ ca: this.cert });
    return new Agent({ connect: (opts, callback) => connect({ ...opts, hostname: '127.0.0.1', port: String(this.port), servername: opts.hostname }, callback) });
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    this.server.close();
  }
}

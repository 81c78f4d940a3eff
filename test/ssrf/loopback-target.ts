// What an SSRF attempt would hit: an HTTPS server on 127.0.0.1 (and one on ::1 where this machine
// has IPv6 loopback) that counts every TCP connection and every request it sees. The tests prove
// that no attempt reaches it, so they also need the opposite: a client that WOULD reach it if the
// guard let the request through. `loopbackPool` is that: a connection pool that sends every name to
// the target (literal IPs go where they point, which for the attempts here is this target too),
// and `nock` lets loopback through (test/setup.ts). Each suite also shows a request that does land.
import { once } from 'node:events';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { Agent } from 'undici';
import { testTls } from '../support/media-upstream.js';

export class LoopbackTarget {
  connections = 0;
  requests = 0;

  private constructor(
    private readonly servers: Server[],
    /** One port, on every loopback address listened on. */
    readonly port: number,
    /** Whether ::1 is listened on as well. */
    readonly ipv6: boolean,
  ) {}

  static async start(): Promise<LoopbackTarget> {
    let self: LoopbackTarget | undefined;
    const server = (host: string, port: number) => {
      const s = createServer(testTls(), (_req, res) => {
        self!.requests += 1;
        res.writeHead(200, { 'content-type': 'text/plain' }).end('reached the inside');
      });
      s.on('connection', () => (self!.connections += 1));
      s.listen(port, host);
      return s;
    };
    const v4 = server('127.0.0.1', 0);
    await once(v4, 'listening');
    const port = (v4.address() as AddressInfo).port;
    const servers = [v4];
    let ipv6 = false;
    const v6 = server('::1', port);
    try {
      await Promise.race([once(v6, 'listening'), once(v6, 'error').then(([e]) => Promise.reject(e as Error))]);
      servers.push(v6);
      ipv6 = true;
    } catch {
      v6.close();
    }
    self = new LoopbackTarget(servers, port, ipv6);
    return self;
  }

  get seen(): { connections: number; requests: number } {
    return { connections: this.connections, requests: this.requests };
  }

  reset(): void {
    this.connections = 0;
    this.requests = 0;
  }

  async close(): Promise<void> {
    await Promise.all(
      this.servers.map((s) => {
        s.closeAllConnections();
        return new Promise<void>((resolve) => s.close(() => resolve()));
      }),
    );
  }
}

/** A connection pool that connects every name to 127.0.0.1, trusting the target's test certificate. */
export function loopbackPool(): Agent {
  return new Agent({
    connect: {
      rejectUnauthorized: false,
      lookup: (_hostname, options, callback) => {
        if (options.all) callback(null, [{ address: '127.0.0.1', family: 4 }]);
        else callback(null, '127.0.0.1', 4);
      },
    },
  });
}

// A real HTTP proxy on loopback standing in for UPSTREAM_PROXY: it notes every CONNECT (target and
// Proxy-Authorization) and refuses it, so tests see that traffic went to the proxy and nowhere else.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordingProxy {
  url: string;
  connects: string[];
  authorizations: (string | undefined)[];
  close(): Promise<void>;
}

/** An HTTP proxy on loopback that notes every CONNECT target and answers 403 (no tunnel is made). */
export async function startRecordingProxy(): Promise<RecordingProxy> {
  const connects: string[] = [];
  const authorizations: (string | undefined)[] = [];
  const server: Server = createServer((_req, res) => res.writeHead(405).end());
  server.on('connect', (req, socket) => {
    connects.push(req.url ?? '');
    authorizations.push(req.headers['proxy-authorization']);
    socket.end('HTTP/1.1 403 Forbidden\r\ncontent-length: 0\r\n\r\n');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    connects,
    authorizations,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}


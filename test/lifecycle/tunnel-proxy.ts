// An UPSTREAM_PROXY on loopback that tunnels every CONNECT, whatever host it names, to one local
// port: a child process then reaches the local HTTPS media host under the platforms' real names
// (TLS still checks the name, against the test CA passed in NODE_EXTRA_CA_CERTS).
import { once } from 'node:events';
import { createServer } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';

export interface TunnelProxy {
  url: string;
  connects: string[];
  close(): Promise<void>;
}

export async function startTunnelProxy(targetPort: number): Promise<TunnelProxy> {
  const connects: string[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((_req, res) => res.writeHead(405).end());
  server.on('connect', (req, client: Socket) => {
    connects.push(req.url ?? '');
    const target = connect(targetPort, '127.0.0.1', () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      target.pipe(client);
      client.pipe(target);
    });
    for (const s of [client, target]) {
      sockets.add(s);
      s.on('error', () => undefined); // either side may be cut mid-stream: that is what tests do
      s.on('close', () => {
        sockets.delete(s);
        client.destroy();
        target.destroy();
      });
    }
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    connects,
    close: async () => {
      for (const s of sockets) s.destroy();
      server.close();
      await once(server, 'close');
    },
  };
}

// Baseline for P7: the least a streaming proxy can do with node:http — one https request to the
// same media host (same certificate, same connection reuse) piped to the client with `pipeline`.
import { Agent, request } from 'node:https';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pipeline } from 'node:stream';
import { serveCommands } from '../lib/worker-side.js';

const mediaPort = Number(process.env.BENCH_MEDIA_PORT);
const mediaHost = process.env.BENCH_MEDIA_HOST!;
const agent = new Agent({ keepAlive: true, ca: process.env.BENCH_TLS_CERT! });

const server = createServer((req, res) => {
  const upstream = request(
    { host: '127.0.0.1', port: mediaPort, servername: mediaHost, path: req.url, agent, headers: { host: mediaHost, 'accept-encoding': 'identity' } },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, { 'content-type': answer.headers['content-type'] ?? 'application/octet-stream', 'content-length': answer.headers['content-length'] ?? '0' });
      pipeline(answer, res, () => undefined);
    },
  );
  upstream.on('error', () => res.destroy());
  upstream.end();
});
server.listen(0, '127.0.0.1', () => serveCommands((server.address() as AddressInfo).port));

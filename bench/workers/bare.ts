// Baseline for P1–P3 and the memory figures: a bare node:http server answering the same JSON body
// postlens answers (BENCH_BODY), with nothing else on the path.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serveCommands } from '../lib/worker-side.js';

const body = Buffer.from(process.env.BENCH_BODY ?? '{}');
const headers = { 'content-type': 'application/json; charset=utf-8', 'content-length': String(body.length) };
const server = createServer((_req, res) => {
  res.writeHead(200, headers);
  res.end(body);
});
server.listen(0, '127.0.0.1', () => serveCommands((server.address() as AddressInfo).port));

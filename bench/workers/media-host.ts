// A local HTTPS media host for P7 (the bench's own certificate, BENCH_TLS_KEY/CERT): every GET
// answers BENCH_MEDIA_BYTES of video/mp4 with a Content-Length, written from one 64 KiB pattern
// with backpressure, so the host itself holds no more than a chunk per stream.
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { serveCommands } from '../lib/worker-side.js';

const size = Number(process.env.BENCH_MEDIA_BYTES ?? String(100 * 2 ** 20));
const chunk = Buffer.alloc(64 * 1024);
for (let i = 0; i < chunk.length; i++) chunk[i] = (i * 31 + 7) & 0xff;

const server = createServer({ key: process.env.BENCH_TLS_KEY!, cert: process.env.BENCH_TLS_CERT! }, (req, res) => {
  res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': String(size), 'accept-ranges': 'bytes', etag: '"bench"' });
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  let left = size;
  const pump = () => {
    while (left > 0) {
      const part = left >= chunk.length ? chunk : chunk.subarray(0, left);
      left -= part.length;
      if (!res.write(part)) {
        res.once('drain', pump);
        return;
      }
    }
    res.end();
  };
  res.on('close', () => {
    left = 0;
  });
  pump();
});
server.listen(0, '127.0.0.1', () => serveCommands((server.address() as AddressInfo).port));

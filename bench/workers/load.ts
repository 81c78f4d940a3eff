// The load generator, in a process of its own: autocannon (programmatic) for request rates and
// latencies, and a plain node:http reader for streaming downloads. Loopback only; every run is
// bounded by a duration or a request count.
import autocannon from 'autocannon';
import { get, Agent } from 'node:http';
import { randomBytes } from 'node:crypto';
import { serveCommands } from '../lib/worker-side.js';
import { percentile } from '../lib/stats.js';

export interface CannonArgs {
  url: string;
  connections: number;
  pipelining?: number;
  /** Seconds; or `amount` requests. */
  duration?: number;
  amount?: number;
  headers?: Record<string, string>;
  /** A path with `{n}`: each request gets a fresh value, so every request names a new post. */
  pathTemplate?: string;
}

export interface CannonResult {
  rps: number;
  ok: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  seconds: number;
  /** Per-response latencies (ms, from autocannon's hrtime per request). */
  p50: number;
  p99: number;
}

function assertLoopback(url: string): void {
  const host = new URL(url).hostname;
  if (host !== '127.0.0.1') throw new Error(`the bench only loads 127.0.0.1, not ${host}`);
}

async function cannon(args: CannonArgs): Promise<CannonResult> {
  assertLoopback(args.url);
  const run = randomBytes(4).toString('hex');
  let n = 0;
  const latencies: number[] = [];
  const started = performance.now();
  const instance = autocannon({
    url: args.url,
    connections: args.connections,
    pipelining: args.pipelining ?? 1,
    timeout: 30,
    ...(args.amount ? { amount: args.amount } : { duration: args.duration ?? 5 }),
    ...(args.headers ? { headers: args.headers } : {}),
    ...(args.pathTemplate
      ? { requests: [{ setupRequest: (request) => ({ ...request, path: args.pathTemplate!.replace('{n}', `${run}${(n++).toString(36)}`) }) }] }
      : {}),
  });
  instance.on('response', (_client: unknown, status: number, _bytes: number, ms: number) => {
    if (status >= 200 && status < 300) latencies.push(ms);
  });
  const result = await instance;
  const seconds = (performance.now() - started) / 1000;
  return {
    rps: result['2xx'] / seconds,
    ok: result['2xx'],
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
  };
}

export interface DownloadResult {
  bytes: number;
  ms: number;
  /** Each stream's own MB/s. */
  each: number[];
}

/** `parallel` simultaneous GETs of `url`, each read to the end and thrown away. */
async function download(args: { url: string; parallel: number }): Promise<DownloadResult> {
  assertLoopback(args.url);
  const agent = new Agent({ keepAlive: false });
  const started = performance.now();
  const one = () =>
    new Promise<{ bytes: number; ms: number }>((resolve, reject) => {
      const t0 = performance.now();
      get(args.url, { agent }, (res) => {
        let bytes = 0;
        if (res.statusCode !== 200) reject(new Error(`download answered ${res.statusCode}`));
        res.on('data', (chunk: Buffer) => (bytes += chunk.length));
        res.on('end', () => resolve({ bytes, ms: performance.now() - t0 }));
        res.on('error', reject);
      }).on('error', reject);
    });
  const all = await Promise.all(Array.from({ length: args.parallel }, one));
  const ms = performance.now() - started;
  return { bytes: all.reduce((s, r) => s + r.bytes, 0), ms, each: all.map((r) => r.bytes / 2 ** 20 / (r.ms / 1000)) };
}

serveCommands(0, { cannon, download });

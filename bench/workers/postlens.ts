// postlens as `npm start` runs it (the compiled build, configuration from the environment, the real
// composition and Koa app), with two bench-only reroutings passed to compose() — nothing bench-only lives in src/:
// - BENCH_UPSTREAM_PORT: Bluesky's AppView is the local fake (workers/upstream.ts). The adapters go
//   through the real KyHttpClient (allowlist, address guard, retry policy, manual redirects, the
//   capped body read) and send the request as to the live AppView; only the name lookup answers a
//   public address (there is no DNS here) and the connection pool's sockets are plain TCP to the
//   fake's port: no TLS, as a live upstream's handshake is per connection, not per request, on a
//   kept-alive pool.
// - BENCH_MEDIA_PORT + BENCH_TLS_CERT: the /v/ media fetcher's connection pool connects every media
//   host to the local HTTPS media host, trusting the bench certificate (as test/support does).
import 'reflect-metadata';
import { createServer } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { Agent, buildConnector } from 'undici';
import type { ContainerOptions } from '../../src/container.js';
import { serveCommands } from '../lib/worker-side.js';

// The compiled build (dist/, what `npm start` runs; bench/run.ts builds it first), or the sources
// through tsx with BENCH_FROM_SOURCE=1. Types come from the sources either way.
const root = process.env.BENCH_FROM_SOURCE === '1' ? '../../src' : '../../dist/src';
const { loadConfig } = (await import(`${root}/config/config.js`)) as typeof import('../../src/config/config.js');
const { compose, USER_AGENT } = (await import(`${root}/container.js`)) as typeof import('../../src/container.js');
const { KyHttpClient } = (await import(`${root}/infrastructure/http/ky.http.js`)) as typeof import('../../src/infrastructure/http/ky.http.js');
const { createRequestListener } = (await import(`${root}/interfaces/http/listener.js`)) as typeof import('../../src/interfaces/http/listener.js');

const config = loadConfig();
const options: ContainerOptions = {};

const upstreamPort = process.env.BENCH_UPSTREAM_PORT;
if (upstreamPort) {
  const lookup = async () => [{ address: '8.8.8.8', family: 4 }];
  const port = Number(upstreamPort);
  const dispatcher = new Agent({
    connect: (_opts, callback) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => callback(null, socket)).once('error', (error) => callback(error, null));
    },
  });
  options.wrapHttp = () => new KyHttpClient({ timeoutMs: config.upstreamTimeoutMs, maxBytes: config.upstreamMaxBytes, userAgent: USER_AGENT, lookup, dispatcher });
}

const mediaPort = process.env.BENCH_MEDIA_PORT;
if (mediaPort) options.mediaDispatcher = toLocalPort(mediaPort);

/** A connection pool that connects every host to a local port over TLS, trusting the bench certificate. */
function toLocalPort(port: string): Agent {
  const connect = buildConnector({ ca: process.env.BENCH_TLS_CERT! });
  return new Agent({ connect: (opts, callback) => connect({ ...opts, hostname: '127.0.0.1', port, servername: opts.hostname }, callback) });
}

const { container } = compose(config, options);
const server = createServer(createRequestListener(container));
server.listen(0, '127.0.0.1', () => serveCommands((server.address() as AddressInfo).port));

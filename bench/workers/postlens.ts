// postlens as `npm start` runs it (configuration from the environment, the real composition and
// Koa app), with two bench-only reroutings passed to compose() — nothing bench-only lives in src/:
// - BENCH_UPSTREAM_PORT: Bluesky's AppView is the local fake (workers/upstream.ts). The adapters
//   still go through a real KyHttpClient (allowlist, address guard, retry policy, ky, manual
//   redirects, the capped body read); only its name lookup answers a public address (there is no
//   DNS here; nothing ever connects to it) and its fetch sends https://public.api.bsky.app/… to
//   http://127.0.0.1:{port}/… (plain HTTP: a live upstream's TLS handshake is per connection, not
//   per request, on a kept-alive pool).
// - BENCH_MEDIA_PORT + BENCH_TLS_CERT: the /v/ media fetcher's connection pool connects every media
//   host to the local HTTPS media host, trusting the bench certificate (as test/support does).
import 'reflect-metadata';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Agent, buildConnector } from 'undici';
import { loadConfig } from '../../src/config.js';
import { compose, USER_AGENT, type ContainerOptions } from '../../src/container.js';
import { KyHttpClient } from '../../src/infrastructure/http/ky.http.js';
import { createRequestListener } from '../../src/interfaces/http/listener.js';
import { serveCommands } from '../lib/worker-side.js';

const config = loadConfig();
const options: ContainerOptions = {};

const upstreamPort = process.env.BENCH_UPSTREAM_PORT;
if (upstreamPort) {
  const toLocal: typeof fetch = (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    return fetch(new Request(`http://127.0.0.1:${upstreamPort}${url.pathname}${url.search}`, request));
  };
  const lookup = async () => [{ address: '8.8.8.8', family: 4 }];
  options.wrapHttp = () => new KyHttpClient({ timeoutMs: config.upstreamTimeoutMs, maxBytes: config.upstreamMaxBytes, userAgent: USER_AGENT, fetch: toLocal, lookup });
}

const mediaPort = process.env.BENCH_MEDIA_PORT;
if (mediaPort) {
  const connect = buildConnector({ ca: process.env.BENCH_TLS_CERT! });
  options.mediaDispatcher = new Agent({
    connect: (opts, callback) => connect({ ...opts, hostname: '127.0.0.1', port: mediaPort, servername: opts.hostname }, callback),
  });
}

const { container } = compose(config, options);
const server = createServer(createRequestListener(container));
server.listen(0, '127.0.0.1', () => serveCommands((server.address() as AddressInfo).port));

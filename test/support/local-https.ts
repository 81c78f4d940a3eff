// For tests of the live HTTP client against a real server: one loopback HTTPS server (the test
// certificate), a fresh connection pool per test that connects every name to 127.0.0.1, and the
// client that reaches `https://localhost:{port}` through it (localhost is a public address to the
// address guard here, as a platform's host would be).
import { once } from 'node:events';
import type { RequestListener } from 'node:http';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { Agent } from 'undici';
import type { KyHttpClient, KyHttpSettings } from '../../src/infrastructure/http/ky.http.js';
import { loopbackPool } from '../ssrf/loopback-target.js';
import { testHttpClient } from './http.js';
import { PUBLIC_ADDRESS, lookupTable } from './lookup.js';
import { testTls } from './media-upstream.js';

export interface LocalHttps {
  readonly server: Server;
  readonly port: number;
  close(): void;
}

export async function startLocalHttps(handler: RequestListener): Promise<LocalHttps> {
  const server = createServer(testTls(), handler);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    server,
    port: (server.address() as AddressInfo).port,
    close() {
      server.closeAllConnections();
      server.close();
    },
  };
}

/** Registers mocha hooks giving each test of the suite its own pool (closed after it): read `.pool`. */
export function poolPerTest(): { readonly pool: Agent } {
  let current: Agent | undefined;
  beforeEach(() => {
    current = loopbackPool();
  });
  afterEach(async () => {
    await current?.close();
  });
  return {
    get pool() {
      if (!current) throw new Error('the pool exists only while a test runs');
      return current;
    },
  };
}

/** The live client, reaching localhost through `pool`. */
export function localClient(pool: Agent, overrides: Partial<Omit<KyHttpSettings, 'userAgent'>> = {}): KyHttpClient {
  return testHttpClient({ lookup: lookupTable({ localhost: [PUBLIC_ADDRESS] }), dispatcher: pool, ...overrides });
}

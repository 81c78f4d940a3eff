// One resolve through the whole service with the fault server as every upstream: a fresh TestApp
// (real config, composition, resolve use case and budget, the adapter's real strategy chain) whose
// live HTTP client is composed as in production except that its fetch connects to the fault server.
import { loadConfig } from '../../src/config/config.js';
import { USER_AGENT } from '../../src/container.js';
import { KyHttpClient } from '../../src/infrastructure/http/ky.http.js';
import { q, TestApp, type TestResponse } from '../support/app.js';
import type { FaultHandler, FaultServer } from '../support/fault-server.js';
import { publicLookup } from '../support/lookup.js';
import type { FaultPlatform } from './platforms.js';

export const BUDGET_MS = 1500;
export const ENV = {
  RESOLVE_BUDGET_MS: String(BUDGET_MS),
  UPSTREAM_TIMEOUT_MS: '700',
  // Far above any recorded answer, far below the huge faults: reaching it takes one megabyte's read,
  // which a loaded machine still does well within the upstream timeout (at the 5 MB default the
  // read of a 50 MB body could outlast it and read as a timeout).
  UPSTREAM_MAX_BYTES: String(1024 * 1024),
  // Each case starts a fresh instance, so a breaker never carries one fault into the next case;
  // the threshold only has to outlast the requests of one resolve.
  BREAKER_THRESHOLD: '1000',
  LOG_LEVEL: 'warn',
};
const config = loadConfig({ API_KEYS: 'unused', ...ENV });

/** GET /api/v1/resolve of the platform's post while the fault server runs `handler`. */
export async function resolveThrough(server: FaultServer, platform: FaultPlatform, handler: FaultHandler): Promise<TestResponse> {
  server.use(platform.exchanges, handler);
  // Names "resolve" to a public stand-in address for the address guard (no DNS here).
  const http = new KyHttpClient({ timeoutMs: config.upstreamTimeoutMs, maxBytes: config.upstreamMaxBytes, userAgent: USER_AGENT, lookup: publicLookup, fetch: server.fetch });
  const app = await TestApp.start(ENV, { wrapHttp: () => http });
  try {
    return await app.get(`/api/v1/resolve?url=${q(platform.url)}`);
  } finally {
    await app.close();
  }
}

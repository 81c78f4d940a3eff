// One resolve through the whole service with the fault server as every upstream: one TestApp per
// platform (real config, composition, resolve use case and budget, the adapter's real strategy
// chain) whose live HTTP client is composed as in production except that its fetch connects to the
// fault server, and a second one with a shorter budget for the faults that hang (HANG_ENV). The
// platform's cases share its app, as a service's requests share one process;
// what one case leaves that would answer the next without asking the upstream is undone before it:
// the result cache's entries (a cached card, or a stale one served on error) and the bench's benched
// names (an egress benched by a fault would be skipped).
import { ACCESS_BENCH, type AccessBench } from '../../src/application/ports/access-bench.port.js';
import { CACHE, type Cache } from '../../src/application/ports/cache.port.js';
import { loadConfig } from '../../src/config/config.js';
import { USER_AGENT } from '../../src/container.js';
import { KyHttpClient } from '../../src/infrastructure/http/ky.http.js';
import { q, TestApp, type TestResponse } from '../support/app.js';
import type { FaultHandler, FaultServer } from '../support/fault-server.js';
import { publicLookup } from '../support/lookup.js';
import type { FaultPlatform } from './platforms.js';

// The budget of every fault that ends by itself: its slowest answer (a gzip bomb through a chain of
// three requests) takes about a fifth of it, which leaves room for a loaded machine.
export const BUDGET_MS = 1000;
export const ENV = {
  RESOLVE_BUDGET_MS: String(BUDGET_MS),
  UPSTREAM_TIMEOUT_MS: '450',
  // Far above any recorded answer, far below the huge faults: reaching it takes one megabyte's read,
  // which a loaded machine still does well within the upstream timeout (at the 5 MB default the
  // read of a 50 MB body could outlast it and read as a timeout).
  UPSTREAM_MAX_BYTES: String(1024 * 1024),
  // The platform's cases share one instance: its breaker must never carry one fault into the next
  // case, so the threshold is far above the failed requests of all of them together.
  BREAKER_THRESHOLD: '1000000',
  // Every case of a platform comes from the same client: the limit must not be what answers.
  RATE_LIMIT_POINTS: '1000000',
  LOG_LEVEL: 'warn',
  // `web` joins the suite (platforms.ts); every other platform's host is claimed, so this changes none of theirs.
  WEB_CARDS: 'true',
  // All of web's cases ask one host: its per-host limit must not be what answers.
  WEB_PER_HOST_PER_MIN: '100000',
};
/**
 * The instance for the faults that never end by themselves (faults.ts `hangs`): such a case costs
 * the whole upstream timeout of every strategy in the chain, up to the budget, so these run with
 * 400/200 ms. They read nothing; what this instance also answers, the recorded post after them,
 * takes a small part of either (~20 ms a request, ~50 ms a chain on a loaded machine).
 */
export const HANG_BUDGET_MS = 400;
export const HANG_ENV = { ...ENV, RESOLVE_BUDGET_MS: String(HANG_BUDGET_MS), UPSTREAM_TIMEOUT_MS: '200' };

/** The instance a platform's cases share, and what its cases wrote that the next must not see. */
export class PlatformApp {
  /** Result cache keys written since the last case. */
  private readonly cached = new Set<string>();
  /** Sessions and egresses benched since the last case, as `[platform, name]`. */
  private readonly benched = new Map<string, [Parameters<AccessBench['clear']>[0], string]>();

  private constructor(
    readonly app: TestApp,
    private readonly cache: Cache,
    private readonly bench: AccessBench,
  ) {
    // Watched through the ports' own methods, and undone through them (delete, clear).
    const set = cache.set.bind(cache);
    cache.set = (key, value, ttlSeconds) => {
      this.cached.add(key);
      return set(key, value, ttlSeconds);
    };
    const benchName = bench.bench.bind(bench);
    bench.bench = (platform, name, cause) => {
      this.benched.set(`${platform} ${name}`, [platform, name]);
      return benchName(platform, name, cause);
    };
  }

  static async start(server: FaultServer, env: typeof ENV = ENV): Promise<PlatformApp> {
    const config = loadConfig({ API_KEYS: 'unused', ...env });
    // Names "resolve" to a public stand-in address for the address guard (no DNS here).
    // Its one retry comes without the pause: the pause is the client's own test (http-retry.serial.test.ts).
    const http = new KyHttpClient({ timeoutMs: config.upstreamTimeoutMs, maxBytes: config.upstreamMaxBytes, userAgent: USER_AGENT, lookup: publicLookup, fetch: server.fetch, retryDelayMs: [0, 0] });
    const app = await TestApp.start(env, { wrapHttp: () => http });
    return new PlatformApp(app, app.container.resolve<Cache>(CACHE), app.container.resolve<AccessBench>(ACCESS_BENCH));
  }

  /** GET /api/v1/resolve of the platform's post while the fault server runs `handler`, as if it were the first. */
  async resolve(server: FaultServer, platform: FaultPlatform, handler: FaultHandler): Promise<TestResponse> {
    for (const key of this.cached) await this.cache.delete(key);
    this.cached.clear();
    for (const [id, name] of this.benched.values()) await this.bench.clear(id, name);
    this.benched.clear();
    server.use(platform.exchanges, handler);
    return this.app.get(`/api/v1/resolve?url=${q(platform.url)}`);
  }

  close(): Promise<void> {
    return this.app.close();
  }
}

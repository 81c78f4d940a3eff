// The metrics port on prom-client, in a registry of its own (never the library's global one, so
// two compositions in one process — tests — do not share counters). Counters and the latency
// histogram are kept as things happen; breaker, bulkhead and Redis state are read when scraped.
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { CacheAnswer, Metrics } from '../../application/ports/metrics.port.js';
import type { AccessCounts } from '../../application/access/access-view.js';
import type { RedisClient } from '../cache/redis-client.js';
import type { CockatielPlatformGuard } from '../resilience/cockatiel.platform-guard.js';

export interface PromMetricsSources {
  guard: CockatielPlatformGuard;
  /** The shared cache's client; absent with the in-memory cache (then no `postlens_redis_up`). */
  redis?: RedisClient;
  /** Each platform's sessions and egresses, healthy and benched, read on each scrape (docs/design.md §9 "Seen"). */
  access?: () => Promise<readonly { platform: string; counts: AccessCounts }[]>;
}

/** Upstream answers take from tens of milliseconds to the 5 s timeout and the 10 s budget. */
const UPSTREAM_BUCKETS = [0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export class PromMetrics implements Metrics {
  readonly registry = new Registry();
  private readonly requests: Counter<'route' | 'method' | 'status'>;
  private readonly resolves: Counter<'platform' | 'status' | 'reason'>;
  private readonly cache: Counter<'answer'>;
  private readonly upstream: Histogram<'platform' | 'endpoint' | 'outcome'>;
  private readonly benchings: Counter<'platform' | 'kind' | 'cause'>;
  private readonly egressRequests: Counter<'platform' | 'egress'>;
  private readonly mediaBytes: Counter;
  private readonly mediaStreams: Gauge;

  constructor(sources: PromMetricsSources) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });
    this.requests = new Counter({ name: 'postlens_http_requests_total', help: 'HTTP requests answered, by route pattern, method and status.', labelNames: ['route', 'method', 'status'], registers });
    this.resolves = new Counter({ name: 'postlens_resolves_total', help: 'Resolves answered, by platform, outcome status and degraded reason.', labelNames: ['platform', 'status', 'reason'], registers });
    this.cache = new Counter({ name: 'postlens_cache_answers_total', help: 'How the result cache answered resolves of posts: hit, miss or stale (an old entry after an upstream failure).', labelNames: ['answer'], registers });
    this.upstream = new Histogram({ name: 'postlens_upstream_request_duration_seconds', help: 'Upstream HTTP exchanges, by platform, upstream host and outcome (response or error).', labelNames: ['platform', 'endpoint', 'outcome'], buckets: UPSTREAM_BUCKETS, registers });
    this.benchings = new Counter({ name: 'postlens_access_benchings_total', help: 'Sessions and egresses benched after a refusal, by platform, kind (session or egress) and cause (blocked or rate-limited).', labelNames: ['platform', 'kind', 'cause'], registers });
    this.egressRequests = new Counter({ name: 'postlens_upstream_requests_by_egress_total', help: 'Upstream requests by platform and the egress they left through (direct, or a proxy by host:port).', labelNames: ['platform', 'egress'], registers });
    this.mediaBytes = new Counter({ name: 'postlens_media_bytes_sent_total', help: 'Body bytes the /v/ media proxy sent to clients.', registers });
    this.mediaStreams = new Gauge({ name: 'postlens_media_streams_in_flight', help: '/v/ media streams being sent now.', registers });
    // Read on each scrape: the guard holds these; nothing is copied on the request path.
    const guardStates = () => sources.guard.states();
    new Gauge({
      name: 'postlens_breaker_state',
      help: "Each platform's circuit breakers by state (closed, open, half-open): 1 for the current state of a platform's one breaker, else 0; for an open-ended platform (fediverse, web), kept per host, how many of its hosts' breakers are in each state. Platforms not called yet are absent.",
      labelNames: ['platform', 'state'],
      registers,
      collect() {
        this.reset();
        for (const { platform, breakers } of guardStates()) {
          for (const state of ['closed', 'open', 'half-open'] as const) this.set({ platform, state }, breakers[state]);
        }
      },
    });
    new Gauge({
      name: 'postlens_bulkhead_running',
      help: "Upstream calls running now in each platform's bulkhead.",
      labelNames: ['platform'],
      registers,
      collect() {
        this.reset();
        for (const { platform, running } of guardStates()) this.set({ platform }, running);
      },
    });
    new Gauge({
      name: 'postlens_bulkhead_queued',
      help: "Upstream calls waiting for a slot in each platform's bulkhead.",
      labelNames: ['platform'],
      registers,
      collect() {
        this.reset();
        for (const { platform, queued } of guardStates()) this.set({ platform }, queued);
      },
    });
    const { access } = sources;
    if (access) {
      // One read of the bench per scrape feeds both gauges (the first collect reads, the second reuses).
      let reading: Promise<readonly { platform: string; counts: AccessCounts }[]> | undefined;
      const read = () => (reading ??= access().finally(() => setImmediate(() => (reading = undefined))));
      new Gauge({
        name: 'postlens_access_sessions',
        help: "Each platform's configured sessions, by state: healthy, or benched after a refusal.",
        labelNames: ['platform', 'state'],
        registers,
        async collect() {
          this.reset();
          for (const { platform, counts } of await read()) {
            if (counts.sessions === 0) continue;
            this.set({ platform, state: 'healthy' }, counts.sessions - counts.sessionsBenched);
            this.set({ platform, state: 'benched' }, counts.sessionsBenched);
          }
        },
      });
      new Gauge({
        name: 'postlens_access_egress',
        help: "Each platform's egresses (its proxies, else UPSTREAM_PROXY, else direct), by state: healthy, or benched.",
        labelNames: ['platform', 'state'],
        registers,
        async collect() {
          this.reset();
          for (const { platform, counts } of await read()) {
            this.set({ platform, state: 'healthy' }, counts.egress - counts.egressBenched);
            this.set({ platform, state: 'benched' }, counts.egressBenched);
          }
        },
      });
    }
    const { redis } = sources;
    if (redis) {
      new Gauge({
        name: 'postlens_redis_up',
        help: 'Whether the connection to Redis is ready (1) or not (0).',
        registers,
        collect() {
          this.set(redis.status === 'ready' ? 1 : 0);
        },
      });
    }
  }

  httpRequest(route: string, method: string, status: number): void {
    this.requests.inc({ route, method, status });
  }

  resolved(platform: string, status: string, reason: string | undefined): void {
    this.resolves.inc({ platform, status, reason: reason ?? '' });
  }

  cacheAnswered(answer: CacheAnswer): void {
    this.cache.inc({ answer });
  }

  upstreamRequest(platform: string, endpoint: string, seconds: number, failed: boolean): void {
    this.upstream.observe({ platform, endpoint, outcome: failed ? 'error' : 'response' }, seconds);
  }

  accessBenched(platform: string, benched: 'session' | 'egress', cause: string): void {
    // The label keeps its name `kind` (what operators' dashboards query): session or egress.
    this.benchings.inc({ platform, kind: benched, cause });
  }

  upstreamEgress(platform: string, egress: string): void {
    this.egressRequests.inc({ platform, egress });
  }

  mediaStreamStarted(): () => void {
    this.mediaStreams.inc();
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      this.mediaStreams.dec();
    };
  }

  mediaBytesSent(bytes: number): void {
    this.mediaBytes.inc(bytes);
  }

  /** The scrape: Prometheus text exposition format. */
  scrape(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}

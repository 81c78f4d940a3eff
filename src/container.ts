// The composition root: the only place that picks adapters (memory or Redis cache, live or replay
// HTTP) and registers them with tsyringe.
import 'reflect-metadata';
import { Lifecycle, container as rootContainer, type DependencyContainer } from 'tsyringe';
import type { Dispatcher } from 'undici';
import { ACCESS_REGISTRY, AccessRegistry } from './application/access/access-registry.js';
import { AccessScope } from './application/access/access-scope.js';
import { ACCESS_TURNS, AccessTurns } from './application/access/access-turns.js';
import { ACCESS_VIEW, AccessView } from './application/access/access-view.js';
import type { PlatformId } from './domain/platforms/platform-id.js';
import { SESSION_IN_USE } from './application/access/session-in-use.js';
import type { PlatformCredentials } from './application/credentials.js';
import { INSTANCE_INFO, type InstanceInfo } from './application/instance-info.js';
import { Platforms, PLATFORMS } from './application/platforms.js';
import { CACHE, type Cache } from './application/ports/cache.port.js';
import { CLOCK } from './application/ports/clock.port.js';
import { HTTP_CLIENT, type HttpClient } from './application/ports/http.port.js';
import { LOGGER, type Logger } from './application/ports/logger.port.js';
import { METRICS } from './application/ports/metrics.port.js';
import { MEDIA_FETCHER } from './application/ports/media-fetcher.port.js';
import { PLATFORM_GUARD } from './application/ports/platform-guard.port.js';
import { API_RATE_LIMITER, PUBLIC_RATE_LIMITER } from './application/ports/rate-limiter.port.js';
import { SIGNER } from './application/ports/signer.port.js';
import { ResolveUseCase } from './application/use-cases/resolve.js';
import { FEDIVERSE_DISCOVERY, FediverseDiscovery } from './application/fediverse-discovery.js';
import { NodeInfoHttpReader } from './infrastructure/platforms/fediverse/nodeinfo.js';
import { SPEC_LIST, SETTINGS, type Settings } from './application/settings.js';
import type { Config } from './config/config.js';
import { defaultWebUserAgent } from './config/web-config.js';
import { WEB_SETTINGS, type WebSettings } from './infrastructure/platforms/web/web-settings.js';
import { createPlatformSpecs } from './domain/platforms/index.js';
import { MemoryCache } from './infrastructure/cache/memory.cache.js';
import { createRedisClient, type RedisClient } from './infrastructure/cache/redis-client.js';
import { RedisCache } from './infrastructure/cache/redis.cache.js';
import { NearCache } from './infrastructure/cache/near.cache.js';
import { SystemClock } from './infrastructure/clock/system.clock.js';
import type { HostLookup } from './infrastructure/http/address-guard.js';
import { KyHttpClient } from './infrastructure/http/ky.http.js';
import type { RetryDelay } from './infrastructure/http/retry.js';
import { UndiciMediaFetcher } from './infrastructure/http/media.fetcher.js';
import { RecordedExchangeIndex } from './infrastructure/http/recorded-exchange-index.js';
import { loadRecordedExchanges } from './infrastructure/http/recorded-exchanges.js';
import { ReplayMediaFetcher } from './infrastructure/http/replay-media.fetcher.js';
import { ReplayHttpClient } from './infrastructure/http/replay.http.js';
import { ProxyPool } from './infrastructure/http/proxy-pool.js';
import { SessionCookiesHttpClient } from './infrastructure/http/session-cookies.http.js';
import { MemoryAccessBench } from './infrastructure/access/memory.access-bench.js';
import { RedisAccessBench } from './infrastructure/access/redis.access-bench.js';
import { ACCESS_BENCH, type AccessBench } from './application/ports/access-bench.port.js';
import { AccessLog, createPino, PinoLogger } from './infrastructure/logging/pino.logger.js';
import { readBuildInfo } from './infrastructure/build-info.js';
import { MeasuredHttpClient } from './infrastructure/metrics/measured.http.js';
import { PromMetrics } from './infrastructure/metrics/prom.metrics.js';
import { PLATFORM_ADAPTERS, type AdapterClass } from './infrastructure/platforms/index.js';
import { FlexibleRateLimiter } from './infrastructure/ratelimit/flexible.rate-limiter.js';
import { CockatielPlatformGuard } from './infrastructure/resilience/cockatiel.platform-guard.js';
import { AesGcmSigner } from './infrastructure/signer/aes-gcm.signer.js';
import { APP_SETTINGS, type AppSettings } from './interfaces/http/app-settings.js';
import { HAND_OVERS, HandOvers } from './interfaces/http/hand-over.js';
import { FAILED_AUTH_GUARD, FailedAuthGuard } from './interfaces/http/middleware/failed-auth.js';

export interface ContainerOptions {
  /** Where log lines go (default: stdout). Tests pass a collector. */
  logDestination?: NodeJS.WritableStream;
  /**
   * Wraps (or replaces) the upstream HTTP client the adapters get: `npm run record` puts a
   * recorder around the live client, and checks its fixture by composing again over a replay one.
   */
  wrapHttp?: (http: HttpClient) => HttpClient;
  /** The connection pool the `/v/` media fetcher uses: tests trust their own CA and map media hosts to loopback. */
  mediaDispatcher?: Dispatcher;
  /** How the live HTTP client resolves upstream names for its address guard (default: system DNS); tests stand in for DNS. */
  upstreamLookup?: HostLookup;
  /** TLS of the targets reached through a proxy: tests trust their own CA for their local platforms. */
  proxiedTls?: { ca: string };
  /**
   * The pause before an upstream request's one retry (default: the HTTP client's own, which spreads
   * the retries of many resolves). Suites that do not test the pause itself set none: it is only waiting.
   */
  upstreamRetryDelayMs?: RetryDelay;
}

export interface Composition {
  container: DependencyContainer;
  logger: Logger;
  /** Closes what the composition opened (the Redis connection). */
  close(): Promise<void>;
  /**
   * From now on, these sessions and proxies (a credentials file read again, already validated):
   * resolves under way keep what they started with; pools of proxies no longer named are closed.
   */
  replaceCredentials(credentials: PlatformCredentials): void;
}

export const USER_AGENT = 'postlens/0.1 (+https://github.com/postlens/postlens)';

export function compose(config: Config, options: ContainerOptions = {}): Composition {
  const container = rootContainer.createChildContainer();
  const access = new AccessLog(config.logLevel, options.logDestination);
  const logger = new PinoLogger(createPino(config.logLevel, options.logDestination), access);
  const specs = createPlatformSpecs({ mastodonInstances: config.mastodonInstances, fediverseInstances: config.fediverse.instances });

  const settings: Settings = {
    maxUrlLength: config.maxUrlLength,
    maxBatch: config.maxBatch,
    resolveBudgetMs: config.resolveBudgetMs,
    cacheTtlOk: config.cacheTtlOk,
    cacheTtlDegraded: config.cacheTtlDegraded,
    disabledPlatforms: config.disabledPlatforms,
    proxyEnabled: config.proxyEnabled,
    proxyTokenTtl: config.proxyTokenTtl,
    publicBaseUrl: config.publicBaseUrl,
    webCards: config.web.cards,
    webDenyHosts: config.web.denyHosts,
  };
  const appSettings: AppSettings = {
    apiKeys: config.apiKeys,
    apiEnabled: config.apiEnabled,
    proxyEnabled: config.proxyEnabled,
    trustProxy: config.trustProxy,
    maxBodyBytes: config.maxBodyBytes,
    maxBatch: config.maxBatch,
    cacheTtlOk: config.cacheTtlOk,
    cacheTtlDegraded: config.cacheTtlDegraded,
    proxyTokenTtl: config.proxyTokenTtl,
    corsOrigins: config.corsOrigins,
    metricsEnabled: config.metricsEnabled,
  };

  // One client for the cache and the rate limits, whichever deployment (one server, Cluster, Sentinel).
  let redis: RedisClient | undefined;
  let cache: Cache;
  if (config.redis) {
    redis = createRedisClient(config.redis, logger);
    cache = new NearCache(new RedisCache({ client: redis, keyPrefix: config.redisKeyPrefix }, logger), { maxEntries: config.cacheMaxEntries });
  } else {
    cache = new MemoryCache({ maxEntries: config.cacheMaxEntries });
  }

  // Sessions and egresses (docs/design.md §9): the registry of what is configured, the scope that carries a
  // resolve's choice to its requests, the bench where refused ones are benched, and the turns that choose.
  const clock = new SystemClock();
  const accessRegistry = new AccessRegistry(config.platformCredentials, config.upstreamProxy, (platform) => specs[platform].upstreamHosts);
  // Outside a resolve's grant a request leaves as UPSTREAM_PROXY says.
  const defaultEgress = accessRegistry.defaultEgress;
  const accessScope = new AccessScope(defaultEgress);
  const ownBench = new MemoryAccessBench(config.benchS * 1000, clock);
  // With Redis the bench is shared by every instance (this one's own still answers while Redis does not).
  const accessBench: AccessBench = redis ? new RedisAccessBench({ client: redis, keyPrefix: config.redisKeyPrefix, benchMs: config.benchS * 1000, local: ownBench }, logger) : ownBench;
  const proxyPool = new ProxyPool(accessRegistry.proxyUrls(), options.proxiedTls ? { requestTls: options.proxiedTls } : {});
  const egressInUse = () => accessScope.grant()?.egress ?? defaultEgress;

  // Replay: one index of the recorded exchanges (loaded and checked once) serves both ports.
  const recorded = config.upstreamReplayDir ? new RecordedExchangeIndex(loadRecordedExchanges(config.upstreamReplayDir), logger) : undefined;
  const configuredHttp: HttpClient = recorded
    ? new ReplayHttpClient(recorded, logger)
    : new KyHttpClient({
        timeoutMs: config.upstreamTimeoutMs,
        maxBytes: config.upstreamMaxBytes,
        userAgent: USER_AGENT,
        egress: egressInUse,
        proxies: proxyPool,
        ...(options.upstreamLookup ? { lookup: options.upstreamLookup } : {}),
        ...(options.upstreamRetryDelayMs ? { retryDelayMs: options.upstreamRetryDelayMs } : {}),
      });
  // One breaker and bulkhead per platform for the whole process: every route's resolves count.
  const guard = new CockatielPlatformGuard({ threshold: config.breakerThreshold, cooldownMs: config.breakerCooldownS * 1000 }, logger);
  const accessView = new AccessView(accessRegistry, accessBench);
  const platformIds = Object.keys(specs) as PlatformId[];
  const accessCounts = () => Promise.all(platformIds.map(async (platform) => ({ platform, counts: await accessView.counts(platform) })));
  const metrics = new PromMetrics({ guard, redis, access: accessCounts });
  const platformOfHost = new Map(Object.values(specs).flatMap((spec) => spec.upstreamHosts.map((host) => [host, spec.id] as const)).reverse());
  const wrappedHttp = options.wrapHttp ? options.wrapHttp(configuredHttp) : configuredHttp;
  const refreshing = new SessionCookiesHttpClient(wrappedHttp, accessScope);
  const http = new MeasuredHttpClient(refreshing, metrics, (host) => platformOfHost.get(host), () => egressInUse().name);
  const mediaFetcher = recorded
    ? new ReplayMediaFetcher(recorded, logger)
    : new UndiciMediaFetcher({
        timeoutMs: config.upstreamTimeoutMs,
        userAgent: USER_AGENT,
        proxies: proxyPool,
        ...(options.mediaDispatcher ? { dispatcher: options.mediaDispatcher } : {}),
        ...(options.upstreamLookup ? { lookup: options.upstreamLookup } : {}),
      });

  const limiter = (name: string, points: number, durationSeconds = config.rateLimitDuration) =>
    new FlexibleRateLimiter({ points, durationSeconds, name, keyPrefix: config.redisKeyPrefix, redis }, logger);

  container.register(LOGGER, { useValue: logger });
  container.register(CLOCK, { useValue: clock });
  container.register(CACHE, { useValue: cache });
  container.register(HTTP_CLIENT, { useValue: http });
  container.register(MEDIA_FETCHER, { useValue: mediaFetcher });
  container.register(SPEC_LIST, { useValue: Object.values(specs) });
  container.register(SESSION_IN_USE, { useValue: accessScope });
  container.register(ACCESS_REGISTRY, { useValue: accessRegistry });
  container.register(ACCESS_VIEW, { useValue: accessView });
  // Resolved by nothing in the service; tests that share one instance between cases reach its benches.
  container.register(ACCESS_BENCH, { useValue: accessBench });
  container.register(ACCESS_TURNS, { useValue: new AccessTurns(accessRegistry, accessBench, accessScope, logger, metrics) });
  container.register(SETTINGS, { useValue: settings });
  container.register(SIGNER, { useValue: new AesGcmSigner({ current: config.proxySecret, previous: config.proxySecretPrevious }) });
  container.register(APP_SETTINGS, { useValue: appSettings });
  container.register(API_RATE_LIMITER, { useValue: limiter('api', config.rateLimitPoints) });
  container.register(PUBLIC_RATE_LIMITER, { useValue: limiter('public', config.publicRateLimitPoints) });
  // Failed authentications per client IP: docs/design.md §6 fixes the window at a minute.
  container.register(FAILED_AUTH_GUARD, { useValue: new FailedAuthGuard(limiter('auth-fail', config.authFailPoints, 60)) });
  // The hot path hands a resolve it could not answer to Koa's route with the plan it made.
  container.register(HAND_OVERS, { useValue: new HandOvers() });
  container.register(PLATFORM_GUARD, { useValue: guard });
  container.register(METRICS, { useValue: metrics });
  // NodeInfo through the same guarded HTTP client as every upstream request (docs/design.md §3: 3 s, 64 KB).
  const discovery = new FediverseDiscovery(new NodeInfoHttpReader(http), cache, new SystemClock(), logger, {
    enabled: config.fediverse.discovery,
    perMinute: config.fediverse.discoveryPerMinute,
    timeoutMs: 3000,
  });
  container.register(FEDIVERSE_DISCOVERY, { useValue: discovery });
  const build = readBuildInfo(config.commit);
  const webSettings: WebSettings = {
    userAgent: config.web.userAgent ?? defaultWebUserAgent(build.version, config.publicBaseUrl),
    maxBytes: config.web.maxBytes,
    perHostPerMinute: config.web.perHostPerMinute,
  };
  container.register(WEB_SETTINGS, { useValue: webSettings });
  const info: InstanceInfo = {
    ...build,
    startedAt: new Date(),
    platforms: Object.keys(specs).filter((id) => !config.disabledPlatforms.includes(id as (typeof config.disabledPlatforms)[number]) && (id !== 'web' || config.web.cards)),
    cacheBackend: !config.redis ? 'memory' : config.redis.mode === 'standalone' ? 'redis' : `redis-${config.redis.mode}`,
  };
  container.register(INSTANCE_INFO, { useValue: info });
  // One resolve use case per composition: the API routes, the public oEmbed route, batches and the
  // media proxy's refresh share its single-flight, so one post is fetched once whoever asks.
  container.register(ResolveUseCase, { useClass: ResolveUseCase }, { lifecycle: Lifecycle.Singleton });
  // One instance per adapter for the whole process, made here: guest and OAuth tokens they hold are
  // shared by every route and request.
  const adapters = Object.fromEntries(Object.entries<AdapterClass>(PLATFORM_ADAPTERS).map(([id, adapter]) => [id, container.resolve(adapter)]));
  container.register(PLATFORMS, { useValue: new Platforms(specs, adapters) });

  return {
    container,
    logger,
    replaceCredentials: (credentials) => {
      accessRegistry.replace(credentials);
      proxyPool.retain(accessRegistry.proxyUrls());
    },
    close: async () => {
      access.flush();
      await cache.close();
      await proxyPool.close();
    },
  };
}

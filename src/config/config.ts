// The one reader of process.env: every setting of docs/design.md §10, validated at start-up. A bad
// value stops start-up with a message naming each variable that is wrong.
import { readFileSync } from 'node:fs';
import type { PlatformCredentials } from '../application/credentials.js';
import { readCredentialsFile } from './credentials-file.js';
import { replayFolderProblem } from './replay-folder.js';
import { parseCorsOrigins, type CorsOrigins } from './cors-origins.js';
import * as v from 'valibot';
import { isPlatformId, type PlatformId } from '../domain/platforms/platform-id.js';
import { redisTarget, type RedisTarget } from './redis-target.js';
import { fediverseConfig, type FediverseConfig } from './fediverse-config.js';
import { webConfig, type WebConfig } from './web-config.js';

export type { HostPort, RedisTarget } from './redis-target.js';

const int = (fallback: number, min: number, max = Number.MAX_SAFE_INTEGER) =>
  v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.regex(/^\d+$/, 'must be a whole number'),
      v.transform(Number),
      v.minValue(min, `must be at least ${min}`),
      v.maxValue(max, `must be at most ${max}`),
    ),
    String(fallback),
  );

const bool = (fallback: boolean) =>
  v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.toLowerCase(),
      v.picklist(['true', 'false', '1', '0', 'yes', 'no'], 'must be true or false'),
      v.transform((s) => s === 'true' || s === '1' || s === 'yes'),
    ),
    String(fallback),
  );

const optionalText = v.optional(v.pipe(v.string(), v.trim(), v.transform((s) => (s === '' ? undefined : s))));

const list = v.optional(
  v.pipe(
    v.string(),
    v.transform((s) => s.split(',').map((x) => x.trim()).filter((x) => x !== '')),
  ),
  '',
);

const url = (protocols: readonly string[]) =>
  v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.check((s) => s === '' || (URL.canParse(s) && protocols.includes(new URL(s).protocol)), `must be a URL (${protocols.join(' or ')})`),
      v.transform((s) => (s === '' ? undefined : s.replace(/\/+$/, ''))),
    ),
  );

const EnvSchema = v.object({
  PORT: int(8080, 0, 65535),
  HOST: v.optional(v.pipe(v.string(), v.trim(), v.nonEmpty()), '0.0.0.0'),
  PUBLIC_BASE_URL: url(['http:', 'https:']),
  NODE_ENV: v.optional(v.string(), 'development'),
  LOG_LEVEL: v.optional(v.picklist(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], 'must be a pino level'), 'info'),
  TRUST_PROXY: bool(false),
  API_KEYS: list,
  API_KEYS_FILE: optionalText,
  API_ENABLED: bool(true),
  REDIS_URL: url(['redis:', 'rediss:']),
  REDIS_KEY_PREFIX: v.optional(v.string(), 'postlens:'),
  CACHE_TTL_OK: int(3600, 1),
  CACHE_TTL_DEGRADED: int(60, 1),
  CACHE_MAX_ENTRIES: int(10000, 1),
  RATE_LIMIT_POINTS: int(120, 1),
  RATE_LIMIT_DURATION: int(60, 1),
  PUBLIC_RATE_LIMIT_POINTS: int(300, 1),
  MAX_BATCH: int(50, 1, 1000),
  MAX_BODY_BYTES: int(65536, 256),
  MAX_URL_LENGTH: int(2048, 32, 65536),
  UPSTREAM_TIMEOUT_MS: int(5000, 50),
  RESOLVE_BUDGET_MS: int(10000, 100),
  UPSTREAM_MAX_BYTES: int(5242880, 1024),
  BREAKER_THRESHOLD: int(5, 1),
  BREAKER_COOLDOWN_S: int(30, 1),
  SESSION_COOLDOWN_S: int(300, 1, 3600),
  PROXY_ENABLED: bool(true),
  PROXY_SECRET: optionalText,
  PROXY_SECRET_PREVIOUS: optionalText,
  PROXY_TOKEN_TTL: int(3600, 10),
  UPSTREAM_PROXY: url(['http:', 'https:']),
  UPSTREAM_REPLAY_DIR: optionalText,
  PLATFORM_CREDENTIALS_FILE: optionalText,
  DISABLED_PLATFORMS: list,
  MASTODON_INSTANCES: list,
  FEDIVERSE_INSTANCES: list,
  FEDIVERSE_DISCOVERY: bool(true),
  FEDIVERSE_DISCOVERY_PER_MIN: int(60, 0, 100_000),
  SHUTDOWN_GRACE_MS: int(10000, 0, 600000),
  MAX_CONNECTIONS: int(8000, 1, 1_000_000),
  MAX_CONNECTIONS_PER_IP: v.optional(int(256, 0, 1_000_000)),
  HEADERS_TIMEOUT_MS: int(10000, 100, 600000),
  REQUEST_TIMEOUT_MS: int(30000, 100, 3_600_000),
  AUTH_FAIL_POINTS: int(30, 1),
  REDIS_CLUSTER_NODES: list,
  REDIS_SENTINELS: list,
  REDIS_SENTINEL_NAME: optionalText,
  CORS_ORIGINS: optionalText,
  METRICS_ENABLED: bool(true),
  POSTLENS_COMMIT: optionalText,
});

export interface Config {
  port: number;
  host: string;
  publicBaseUrl: string;
  production: boolean;
  logLevel: string;
  trustProxy: boolean;
  apiKeys: readonly string[];
  /** True when no key was configured and one was generated for this process (development only). */
  apiKeyGenerated: boolean;
  apiEnabled: boolean;
  redisKeyPrefix: string;
  cacheTtlOk: number;
  cacheTtlDegraded: number;
  cacheMaxEntries: number;
  rateLimitPoints: number;
  rateLimitDuration: number;
  publicRateLimitPoints: number;
  maxBatch: number;
  maxBodyBytes: number;
  maxUrlLength: number;
  upstreamTimeoutMs: number;
  resolveBudgetMs: number;
  upstreamMaxBytes: number;
  breakerThreshold: number;
  breakerCooldownS: number;
  /** How long a refused session or way out first rests (doubled on repeats, at most an hour). */
  sessionCooldownS: number;
  proxyEnabled: boolean;
  proxySecret: string;
  proxySecretPrevious?: string;
  proxyTokenTtl: number;
  upstreamProxy?: string;
  upstreamReplayDir?: string;
  /** From PLATFORM_CREDENTIALS_FILE; empty when unset. Secret. */
  platformCredentials: PlatformCredentials;
  /** PLATFORM_CREDENTIALS_FILE itself: read again on SIGHUP. */
  platformCredentialsFile?: string;
  disabledPlatforms: readonly PlatformId[];
  mastodonInstances: readonly string[];
  /** FEDIVERSE_INSTANCES, FEDIVERSE_DISCOVERY, FEDIVERSE_DISCOVERY_PER_MIN. */
  fediverse: FediverseConfig;
  /** WEB_CARDS, WEB_USER_AGENT, WEB_MAX_BYTES, WEB_PER_HOST_PER_MIN, WEB_DENY_HOSTS (web-config.ts). */
  web: WebConfig;
  /** How long a SIGTERM waits for requests in flight before cutting them. */
  shutdownGraceMs: number;
  /** Connections the server holds open at once; more are refused (docs/design.md §6). */
  maxConnections: number;
  /** Connections one client address may hold open; 0: no per-address cap. */
  maxConnectionsPerIp: number;
  /** A request's headers must arrive within this. */
  headersTimeoutMs: number;
  /** A whole request (headers and body) must arrive within this; response streams are not bound by it. */
  requestTimeoutMs: number;
  /** Failed authentications one client address may make per RATE_LIMIT_DURATION before it gets 429. */
  authFailPoints: number;
  /** Who may call from a browser page on another origin; undefined: no CORS headers at all. */
  corsOrigins?: CorsOrigins;
  /** Where the shared cache and rate-limit store lives; undefined: in process memory. */
  redis?: RedisTarget;
  /** GET /metrics answers (with an API key); false: 404 like any closed namespace. */
  metricsEnabled: boolean;
  /** The git commit of this build as the deployment states it; else read from the checkout, if any. */
  commit?: string;
}

export class ConfigError extends Error {
  override name = 'ConfigError' as const;
}

type Env = Readonly<Record<string, string | undefined>>;

/** Reads and validates the configuration; throws ConfigError listing every problem. */
export function loadConfig(env: Env = process.env, randomKey: () => string = defaultRandomKey): Config {
  const parsed = v.safeParse(EnvSchema, pickDefined(env));
  const problems: string[] = [];
  if (!parsed.success) {
    for (const issue of parsed.issues) {
      const name = issue.path?.map((p) => String(p.key)).join('.') ?? '?';
      problems.push(`${name} ${issue.message}`);
    }
    throw new ConfigError(`invalid configuration: ${problems.join('; ')}`);
  }
  const e = parsed.output;
  const production = e.NODE_ENV === 'production';

  const unknownPlatforms = e.DISABLED_PLATFORMS.filter((p) => !isPlatformId(p));
  if (unknownPlatforms.length) problems.push(`DISABLED_PLATFORMS names unknown platforms: ${unknownPlatforms.join(', ')}`);

  let apiKeys = [...e.API_KEYS];
  if (e.API_KEYS_FILE) {
    try {
      apiKeys.push(...parseKeysFile(readFileSync(e.API_KEYS_FILE, 'utf8')));
    } catch (error) {
      problems.push(`API_KEYS_FILE cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
    }
  }
  apiKeys = [...new Set(apiKeys)];
  let apiKeyGenerated = false;
  if (apiKeys.length === 0) {
    if (production) problems.push('API_KEYS or API_KEYS_FILE must name at least one key in production');
    else {
      apiKeys = [randomKey()];
      apiKeyGenerated = true;
    }
  }
  let proxySecret = e.PROXY_SECRET;
  if (!proxySecret) {
    if (production && e.PROXY_ENABLED) problems.push('PROXY_SECRET must be set in production while PROXY_ENABLED is true');
    proxySecret = randomKey();
  } else if (proxySecret.length < 32) {
    problems.push('PROXY_SECRET must be at least 32 characters');
  }
  let platformCredentials: PlatformCredentials = {};
  if (e.PLATFORM_CREDENTIALS_FILE) {
    const read = readCredentialsFile(e.PLATFORM_CREDENTIALS_FILE);
    if (read.ok) platformCredentials = read.credentials;
    else problems.push(...read.problems);
  }
  if (e.UPSTREAM_REPLAY_DIR) {
    const problem = replayFolderProblem(e.UPSTREAM_REPLAY_DIR);
    if (problem) problems.push(problem);
  }
  if (e.RESOLVE_BUDGET_MS < e.UPSTREAM_TIMEOUT_MS) {
    problems.push('RESOLVE_BUDGET_MS must be at least UPSTREAM_TIMEOUT_MS');
  }
  const fediverse = fediverseConfig(e, problems);
  const web = webConfig(env, problems);
  const redis = redisTarget(e, problems);
  const cors = parseCorsOrigins(e.CORS_ORIGINS);
  if (cors.problem) problems.push(cors.problem);
  if (problems.length) throw new ConfigError(`invalid configuration: ${problems.join('; ')}`);

  return {
    port: e.PORT,
    host: e.HOST,
    publicBaseUrl: e.PUBLIC_BASE_URL ?? `http://localhost:${e.PORT}`,
    production,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    apiKeys,
    apiKeyGenerated,
    apiEnabled: e.API_ENABLED,
    redis,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    cacheTtlOk: e.CACHE_TTL_OK,
    cacheTtlDegraded: e.CACHE_TTL_DEGRADED,
    cacheMaxEntries: e.CACHE_MAX_ENTRIES,
    rateLimitPoints: e.RATE_LIMIT_POINTS,
    rateLimitDuration: e.RATE_LIMIT_DURATION,
    publicRateLimitPoints: e.PUBLIC_RATE_LIMIT_POINTS,
    maxBatch: e.MAX_BATCH,
    maxBodyBytes: e.MAX_BODY_BYTES,
    maxUrlLength: e.MAX_URL_LENGTH,
    upstreamTimeoutMs: e.UPSTREAM_TIMEOUT_MS,
    resolveBudgetMs: e.RESOLVE_BUDGET_MS,
    upstreamMaxBytes: e.UPSTREAM_MAX_BYTES,
    breakerThreshold: e.BREAKER_THRESHOLD,
    breakerCooldownS: e.BREAKER_COOLDOWN_S,
    sessionCooldownS: e.SESSION_COOLDOWN_S,
    proxyEnabled: e.PROXY_ENABLED,
    proxySecret,
    proxySecretPrevious: e.PROXY_SECRET_PREVIOUS,
    proxyTokenTtl: e.PROXY_TOKEN_TTL,
    upstreamProxy: e.UPSTREAM_PROXY,
    upstreamReplayDir: e.UPSTREAM_REPLAY_DIR,
    platformCredentials,
    platformCredentialsFile: e.PLATFORM_CREDENTIALS_FILE,
    disabledPlatforms: e.DISABLED_PLATFORMS.filter(isPlatformId),
    mastodonInstances: e.MASTODON_INSTANCES.map((h) => h.toLowerCase()),
    fediverse,
    web,
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    maxConnections: e.MAX_CONNECTIONS,
    // Behind a balancer every connection comes from the balancer's address: no per-address cap
    // unless one is asked for.
    maxConnectionsPerIp: e.MAX_CONNECTIONS_PER_IP ?? (e.TRUST_PROXY ? 0 : 256),
    headersTimeoutMs: e.HEADERS_TIMEOUT_MS,
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    authFailPoints: e.AUTH_FAIL_POINTS,
    corsOrigins: cors.origins,
    metricsEnabled: e.METRICS_ENABLED,
    commit: e.POSTLENS_COMMIT,
  };
}

/** One key per line; blank lines and `#` comments ignored. */
export function parseKeysFile(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.replace(/#.*$/, '').trim())
    .filter((line) => line !== '');
}

function pickDefined(env: Env): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of Object.keys(EnvSchema.entries)) {
    const value = env[key];
    if (value !== undefined) out[key] = value;
  }
  return out;
}

function defaultRandomKey(): string {
  return `pl_dev_${globalThis.crypto.randomUUID().replaceAll('-', '')}`;
}

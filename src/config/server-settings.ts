// The listening server's settings of docs/design.md §10: where it listens and what it calls itself,
// how it logs, how many connections it holds and for how long, browsers on other origins, metrics.
import * as v from 'valibot';
import { parseCorsOrigins, type CorsOrigins } from './cors-origins.js';
import { bool, int, optionalText, url } from './env-values.js';

export const SERVER_ENV = v.object({
  PORT: int(8080, 0, 65535),
  HOST: v.optional(v.pipe(v.string(), v.trim(), v.nonEmpty()), '0.0.0.0'),
  PUBLIC_BASE_URL: url(['http:', 'https:']),
  NODE_ENV: v.optional(v.string(), 'development'),
  LOG_LEVEL: v.optional(v.picklist(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], 'must be a pino level'), 'info'),
  TRUST_PROXY: bool(false),
  SHUTDOWN_GRACE_MS: int(10000, 0, 600000),
  MAX_CONNECTIONS: int(8000, 1, 1_000_000),
  MAX_CONNECTIONS_PER_IP: v.optional(int(256, 0, 1_000_000)),
  HEADERS_TIMEOUT_MS: int(10000, 100, 600000),
  REQUEST_TIMEOUT_MS: int(30000, 100, 3_600_000),
  CORS_ORIGINS: optionalText,
  METRICS_ENABLED: bool(true),
  POSTLENS_COMMIT: optionalText,
});

export interface ServerSettings {
  port: number;
  host: string;
  publicBaseUrl: string;
  production: boolean;
  logLevel: string;
  trustProxy: boolean;
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
  /** Who may call from a browser page on another origin; undefined: no CORS headers at all. */
  corsOrigins?: CorsOrigins;
  /** GET /metrics answers (with an API key); false: 404 like any closed namespace. */
  metricsEnabled: boolean;
  /** The git commit of this build as the deployment states it; else read from the checkout, if any. */
  commit?: string;
}

export function serverSettings(e: v.InferOutput<typeof SERVER_ENV>, problems: string[]): ServerSettings {
  const cors = parseCorsOrigins(e.CORS_ORIGINS);
  if (cors.problem) problems.push(cors.problem);
  return {
    port: e.PORT,
    host: e.HOST,
    publicBaseUrl: e.PUBLIC_BASE_URL ?? `http://localhost:${e.PORT}`,
    production: e.NODE_ENV === 'production',
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    maxConnections: e.MAX_CONNECTIONS,
    // Behind a balancer every connection comes from the balancer's address: no per-address cap
    // unless one is asked for.
    maxConnectionsPerIp: e.MAX_CONNECTIONS_PER_IP ?? (e.TRUST_PROXY ? 0 : 256),
    headersTimeoutMs: e.HEADERS_TIMEOUT_MS,
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    corsOrigins: cors.origins,
    metricsEnabled: e.METRICS_ENABLED,
    commit: e.POSTLENS_COMMIT,
  };
}

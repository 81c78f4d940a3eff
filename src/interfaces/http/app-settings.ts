// What the HTTP interface needs from the configuration.
import type { CorsOrigins } from '../../config/cors-origins.js';

export interface AppSettings {
  apiKeys: readonly string[];
  apiEnabled: boolean;
  proxyEnabled: boolean;
  trustProxy: boolean;
  maxBodyBytes: number;
  maxBatch: number;
  cacheTtlOk: number;
  cacheTtlDegraded: number;
  /** PROXY_TOKEN_TTL: how long a minted playableUrl works, in seconds. */
  proxyTokenTtl: number;
  /** CORS_ORIGINS; undefined: no CORS headers. */
  corsOrigins?: CorsOrigins;
  metricsEnabled: boolean;
}

export const APP_SETTINGS = Symbol('AppSettings');

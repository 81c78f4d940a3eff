// The cache's settings of docs/design.md §8, §10: where the shared store lives (one Redis server,
// a Cluster or Sentinel; none: process memory), its key prefix, how long answers stay, how many.
import * as v from 'valibot';
import type { RedisDeployment } from '../infrastructure/cache/redis-client.js';
import { int, list, optionalText, url } from './env-values.js';
import { redisDeployment } from './redis-deployment.js';

export const CACHE_ENV = v.object({
  REDIS_URL: url(['redis:', 'rediss:']),
  REDIS_CLUSTER_NODES: list,
  REDIS_SENTINELS: list,
  REDIS_SENTINEL_NAME: optionalText,
  REDIS_KEY_PREFIX: v.optional(v.string(), 'postlens:'),
  CACHE_TTL_OK: int(3600, 1),
  CACHE_TTL_DEGRADED: int(60, 1),
  CACHE_MAX_ENTRIES: int(10000, 1),
});

export interface CacheSettings {
  /** Where the shared cache and rate-limit store lives; undefined: in process memory. */
  redis?: RedisDeployment;
  redisKeyPrefix: string;
  cacheTtlOk: number;
  cacheTtlDegraded: number;
  cacheMaxEntries: number;
}

export function cacheSettings(e: v.InferOutput<typeof CACHE_ENV>, problems: string[]): CacheSettings {
  return {
    redis: redisDeployment(e, problems),
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    cacheTtlOk: e.CACHE_TTL_OK,
    cacheTtlDegraded: e.CACHE_TTL_DEGRADED,
    cacheMaxEntries: e.CACHE_MAX_ENTRIES,
  };
}

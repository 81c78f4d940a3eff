// Which Redis deployment the settings name (docs/design.md §8): one server, a Cluster or Sentinel — read
// from the environment's already validated values by cache-settings.ts, which reports the problems.
import type { RedisAddress } from '../infrastructure/cache/redis-address.js';
import type { RedisDeployment } from '../infrastructure/cache/redis-client.js';

/** The Redis settings as the schema has read them (lists split, text trimmed). */
export interface RedisSettings {
  REDIS_URL?: string;
  REDIS_CLUSTER_NODES: readonly string[];
  REDIS_SENTINELS: readonly string[];
  REDIS_SENTINEL_NAME?: string;
}

/**
 * Which Redis deployment is configured (docs/design.md §8): REDIS_URL, REDIS_CLUSTER_NODES, or
 * REDIS_SENTINELS with REDIS_SENTINEL_NAME; never two. A URL may not carry client options in its
 * query string: they would silently override the tuned ones (command timeout, offline queue).
 */
export function redisDeployment(e: RedisSettings, problems: string[]): RedisDeployment | undefined {
  const set = [e.REDIS_URL && 'REDIS_URL', e.REDIS_CLUSTER_NODES.length && 'REDIS_CLUSTER_NODES', e.REDIS_SENTINELS.length && 'REDIS_SENTINELS'].filter(Boolean);
  if (set.length > 1) {
    problems.push(`only one of REDIS_URL, REDIS_CLUSTER_NODES and REDIS_SENTINELS may be set (found ${set.join(', ')})`);
    return undefined;
  }
  if (e.REDIS_SENTINEL_NAME && !e.REDIS_SENTINELS.length) problems.push('REDIS_SENTINEL_NAME needs REDIS_SENTINELS');
  if (e.REDIS_URL) {
    if (new URL(e.REDIS_URL).search !== '') {
      problems.push('REDIS_URL must not carry options in its query string (postlens sets the client options itself)');
      return undefined;
    }
    return { mode: 'standalone', url: e.REDIS_URL };
  }
  if (e.REDIS_CLUSTER_NODES.length) {
    const nodes = hostPorts('REDIS_CLUSTER_NODES', e.REDIS_CLUSTER_NODES, problems);
    return nodes && { mode: 'cluster', nodes };
  }
  if (e.REDIS_SENTINELS.length) {
    if (!e.REDIS_SENTINEL_NAME) {
      problems.push('REDIS_SENTINELS needs REDIS_SENTINEL_NAME (the name of the master the sentinels watch)');
      return undefined;
    }
    const sentinels = hostPorts('REDIS_SENTINELS', e.REDIS_SENTINELS, problems);
    return sentinels && { mode: 'sentinel', sentinels, name: e.REDIS_SENTINEL_NAME };
  }
  return undefined;
}

/** `host:port` items (an IPv6 host in brackets); undefined after noting the first bad one. */
function hostPorts(name: string, items: readonly string[], problems: string[]): RedisAddress[] | undefined {
  const out: RedisAddress[] = [];
  for (const item of items) {
    const match = /^(?:\[([0-9a-fA-F:.]+)\]|([^:\s\[\]]+)):(\d{1,5})$/.exec(item);
    const port = match ? Number(match[3]) : 0;
    if (!match || port < 1 || port > 65535) {
      problems.push(`${name} must list host:port items (got "${item}")`);
      return undefined;
    }
    out.push({ host: (match[1] ?? match[2])!, port });
  }
  return out;
}

// The one reader of process.env: every setting of docs/design.md §10, validated at start-up. A bad
// value stops start-up with a message naming each variable that is wrong. Each group of settings is
// read by its own module (server, access, cache, media proxy, upstream, platforms, web); this joins them.
import * as v from 'valibot';
import { ACCESS_ENV, accessSettings, type AccessSettings } from './access-settings.js';
import { CACHE_ENV, cacheSettings, type CacheSettings } from './cache-settings.js';
import { MEDIA_PROXY_ENV, mediaProxySettings, type MediaProxySettings } from './media-proxy-settings.js';
import { PLATFORM_ENV, platformSettings, type PlatformSettings } from './platform-settings.js';
import { SERVER_ENV, serverSettings, type ServerSettings } from './server-settings.js';
import { UPSTREAM_ENV, upstreamSettings, type UpstreamSettings } from './upstream-settings.js';
import { webConfig, type WebConfig } from './web-config.js';

export type { RedisAddress } from '../infrastructure/cache/redis-address.js';
export type { RedisDeployment } from '../infrastructure/cache/redis-client.js';
export { parseKeysFile } from './access-settings.js';

const EnvSchema = v.object({
  ...SERVER_ENV.entries,
  ...ACCESS_ENV.entries,
  ...CACHE_ENV.entries,
  ...UPSTREAM_ENV.entries,
  ...MEDIA_PROXY_ENV.entries,
  ...PLATFORM_ENV.entries,
});

export interface Config extends ServerSettings, AccessSettings, CacheSettings, UpstreamSettings, MediaProxySettings, PlatformSettings {
  /** WEB_CARDS, WEB_USER_AGENT, WEB_MAX_BYTES, WEB_PER_HOST_PER_MIN, WEB_DENY_HOSTS (web-config.ts). */
  web: WebConfig;
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
  const config: Config = {
    ...platformSettings(e, problems),
    web: webConfig(env, problems),
    ...accessSettings(e, production, randomKey, problems),
    ...mediaProxySettings(e, production, randomKey, problems),
    ...upstreamSettings(e, problems),
    ...cacheSettings(e, problems),
    ...serverSettings(e, problems),
  };
  if (problems.length) throw new ConfigError(`invalid configuration: ${problems.join('; ')}`);
  return config;
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

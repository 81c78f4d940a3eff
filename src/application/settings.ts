// What the use cases need to know from the configuration (the composition root passes the config).
import type { PlatformId } from '../domain/platforms/platform-id.js';
import type { RegisteredSpec } from '../domain/platforms/registered-spec.js';

export interface Settings {
  maxUrlLength: number;
  maxBatch: number;
  resolveBudgetMs: number;
  cacheTtlOk: number;
  cacheTtlDegraded: number;
  disabledPlatforms: readonly PlatformId[];
  /** PROXY_ENABLED: whether `playableUrl`s are minted at all (and `/v/` is open). */
  proxyEnabled: boolean;
  /** PROXY_TOKEN_TTL, seconds: the longest a `playableUrl` lives. */
  proxyTokenTtl: number;
  /** PUBLIC_BASE_URL: where clients reach this service; `playableUrl` = `{publicBaseUrl}/v/{token}`. */
  publicBaseUrl: string;
  /** Seconds an expired `ok` entry is kept to answer when the upstream fails (default: the cache policy's STALE_IF_ERROR_SECONDS). */
  staleIfErrorSeconds?: number;
  /** WEB_CARDS: a URL on a host no platform (nor fediverse discovery) claims resolves as `web` (docs/design.md §3); absent: off. */
  webCards?: boolean;
  /** WEB_DENY_HOSTS: host suffixes the open web answers `disabled` for, without a request. */
  webDenyHosts?: readonly string[];
}

export const SETTINGS = Symbol('Settings');
/**
 * The platform specs in force (Mastodon's with the configured instances), in registry order: the
 * list URL matching runs over. The use cases read it as `Platforms.specs`; this token is for the
 * adapters, which `Platforms` holds and so cannot be handed.
 */
export const SPEC_LIST = Symbol('SpecList');
export type SpecList = readonly RegisteredSpec[];

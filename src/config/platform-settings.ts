// Which platforms answer (docs/design.md §3, §10): those switched off, the Mastodon servers named
// beyond the built-in list, and the fediverse settings (fediverse-config.ts).
import * as v from 'valibot';
import { isPlatformId, type PlatformId } from '../domain/platforms/platform-id.js';
import { bool, int, list } from './env-values.js';
import { fediverseConfig, type FediverseConfig } from './fediverse-config.js';

export const PLATFORM_ENV = v.object({
  DISABLED_PLATFORMS: list,
  MASTODON_INSTANCES: list,
  FEDIVERSE_INSTANCES: list,
  FEDIVERSE_DISCOVERY: bool(true),
  FEDIVERSE_DISCOVERY_PER_MIN: int(60, 0, 100_000),
});

export interface PlatformSettings {
  disabledPlatforms: readonly PlatformId[];
  mastodonInstances: readonly string[];
  /** FEDIVERSE_INSTANCES, FEDIVERSE_DISCOVERY, FEDIVERSE_DISCOVERY_PER_MIN. */
  fediverse: FediverseConfig;
}

export function platformSettings(e: v.InferOutput<typeof PLATFORM_ENV>, problems: string[]): PlatformSettings {
  const unknownPlatforms = e.DISABLED_PLATFORMS.filter((p) => !isPlatformId(p));
  if (unknownPlatforms.length) problems.push(`DISABLED_PLATFORMS names unknown platforms: ${unknownPlatforms.join(', ')}`);
  return {
    disabledPlatforms: e.DISABLED_PLATFORMS.filter(isPlatformId),
    mastodonInstances: e.MASTODON_INSTANCES.map((h) => h.toLowerCase()),
    fediverse: fediverseConfig(e, problems),
  };
}

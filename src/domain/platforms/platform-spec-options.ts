// What the configuration adds to the registry's specs: servers of the fediverse families beyond
// their default lists. The generated registry (`index.ts`) hands each family its extra servers.
import { instancesOf, type FediverseInstance } from './fediverse-instances.js';
import type { FediverseId } from './fediverse-software.js';

export interface PlatformSpecOptions {
  /** Extra Mastodon instances (MASTODON_INSTANCES), recognised beside the default list. */
  mastodonInstances?: readonly string[];
  /** Extra fediverse servers by family (FEDIVERSE_INSTANCES), recognised beside each default list. */
  fediverseInstances?: readonly FediverseInstance[];
}

/** Each family's configured servers; undefined when none is configured (the registry is used as it is). */
export function extraInstancesOf(options: PlatformSpecOptions): ((family: FediverseId) => readonly string[]) | undefined {
  const configured = options.fediverseInstances ?? [];
  const mastodon = options.mastodonInstances ?? [];
  if (mastodon.length === 0 && configured.length === 0) return undefined;
  return (family) => [...(family === 'mastodon' ? mastodon : []), ...instancesOf(configured, family)];
}

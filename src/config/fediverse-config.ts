// The fediverse settings of docs/design.md §10 (FEDIVERSE_INSTANCES, FEDIVERSE_DISCOVERY,
// FEDIVERSE_DISCOVERY_PER_MIN) as the composition root uses them. config.ts reads and validates the
// variables; this turns the servers list into platform ids and names every entry it cannot use.
import { parseFediverseInstances, type FediverseInstance } from '../domain/platforms/fediverse-instances.js';

export interface FediverseConfig {
  /** Servers recognised without a fetch, beyond each family's built-in list. */
  instances: readonly FediverseInstance[];
  /** Whether an unknown host whose path looks like a fediverse post is asked for its NodeInfo. */
  discovery: boolean;
  /** New hosts this instance may ask in any minute (a sliding window), one client a quarter of them; past it, an unknown host is `no-adapter` without a request. */
  discoveryPerMinute: number;
}

export function fediverseConfig(env: { FEDIVERSE_INSTANCES: readonly string[]; FEDIVERSE_DISCOVERY: boolean; FEDIVERSE_DISCOVERY_PER_MIN: number }, problems: string[]): FediverseConfig {
  const parsed = parseFediverseInstances(env.FEDIVERSE_INSTANCES);
  problems.push(...parsed.problems);
  return { instances: parsed.instances, discovery: env.FEDIVERSE_DISCOVERY, discoveryPerMinute: env.FEDIVERSE_DISCOVERY_PER_MIN };
}

// FEDIVERSE_INSTANCES (`host=software,…`): servers recognised without a fetch, each under the
// platform id of its software family. Pure: the configuration reads it at start-up and names every
// entry it cannot use.
import { FEDIVERSE_IDS, familyOfSoftware, type FediverseId } from './fediverse-software.js';
import { instanceHost } from './fediverse-spec.js';

export interface FediverseInstance {
  host: string;
  id: FediverseId;
}

export function parseFediverseInstances(entries: readonly string[]): { instances: FediverseInstance[]; problems: string[] } {
  const instances: FediverseInstance[] = [];
  const problems: string[] = [];
  for (const entry of entries) {
    const [host, software, ...rest] = entry.split('=').map((part) => part.trim());
    const [normalised] = host ? instanceHost(host) : [];
    const id = familyOfSoftware(software);
    if (rest.length || !normalised || !normalised.includes('.') || !id) {
      problems.push(
        `FEDIVERSE_INSTANCES entry "${entry}" must be host=software, software one of ${FEDIVERSE_IDS.join(', ')} (or a fork such as akkoma, sharkey, firefish, iceshrimp, hometown)`,
      );
      continue;
    }
    instances.push({ host: normalised, id });
  }
  return { instances, problems };
}

/** The configured servers of one family. */
export function instancesOf(instances: readonly FediverseInstance[], id: FediverseId): string[] {
  return instances.filter((instance) => instance.id === id).map((instance) => instance.host);
}

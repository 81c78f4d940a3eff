// The check behind /healthz's `redis` (docs/design.md §8): true only while Redis takes writes and answers
// reads on every server that holds the service's keys. A PING proves too little: a master demoted
// by a failover still answers it, and reads, while it refuses every cache write and rate-limit
// count (READONLY), and a server out of memory or failing to persist (OOM, MISCONF) refuses writes
// alike. A probe key written with a short expiry and read back costs the server what two PINGs do
// (one round trip: the client pipelines them), and nothing accumulates.
import { Cluster, Command } from 'ioredis';
import type { RedisClient } from './redis-client.js';

/** A probe key outlives the check that wrote it by this much, then expires on its own. */
export const PROBE_TTL_MS = 10_000;

/** A bound on the search for one probe key per cluster master (a handful of tries is the norm). */
const MAX_CANDIDATES = 65_536;

export class WriteProbe {
  private readonly base: string;
  /** Whether every key under the prefix hashes to one slot (the prefix holds a hash tag). */
  private readonly oneSlot: boolean;
  /** The cluster's probe keys, for the slot map as last read; undefined: to be chosen again. */
  private clusterKeys: readonly string[] | undefined;

  constructor(
    private readonly client: RedisClient,
    keyPrefix: string,
  ) {
    this.base = `${keyPrefix}health-probe`;
    this.oneSlot = hasHashTag(keyPrefix);
    // The slot map is read again every second (and after a MOVED); the keys are chosen for the new one.
    if (client instanceof Cluster) client.on('refresh', () => (this.clusterKeys = undefined));
  }

  /** Writes the probe key(s) and reads them back; true when all went through. A refused write rejects. */
  async run(): Promise<boolean> {
    const keys = this.client instanceof Cluster && !this.oneSlot ? this.keysPerMaster(this.client) : [this.base];
    if (keys.length === 0) return false; // a cluster without a slot map yet
    const probes = keys.map(async (key) => {
      const [written, read] = await Promise.all([this.client.set(key, '1', 'PX', PROBE_TTL_MS), this.client.get(key)]);
      return written === 'OK' && read === '1';
    });
    return (await Promise.all(probes)).every(Boolean);
  }

  /**
   * One probe key on each master that owns slots (the slot map names a master that is down too). The
   * candidates carry their own hash tag (`{n}`), so they spread over the slots; the first to land on
   * each master is taken.
   */
  private keysPerMaster(cluster: Cluster): readonly string[] {
    if (this.clusterKeys) return this.clusterKeys;
    const masters = new Set<string>();
    for (const nodes of cluster.slots) if (nodes?.[0] !== undefined) masters.add(nodes[0]);
    const keys: string[] = [];
    for (let n = 0; masters.size > 0 && n < MAX_CANDIDATES; n++) {
      const key = `${this.base}:{${n}}`;
      const owner = ownerOf(cluster, key);
      if (owner !== undefined && masters.delete(owner)) keys.push(key);
    }
    if (keys.length > 0) this.clusterKeys = keys;
    return keys;
  }
}

/** The master holding `key`'s slot, by the slot ioredis itself routes the key to. */
function ownerOf(cluster: Cluster, key: string): string | undefined {
  return cluster.slots[new Command('set', [key]).getSlot()]?.[0];
}

/**
 * Redis hashes only the part between the first `{` and the next `}` when it is not empty: a prefix
 * holding such a tag puts every key of the service in one slot, on one master, and one probe key
 * there is the whole check.
 */
function hasHashTag(prefix: string): boolean {
  const open = prefix.indexOf('{');
  return open !== -1 && prefix.indexOf('}', open + 1) > open + 1;
}

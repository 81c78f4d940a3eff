// What GET /api/v1/info tells about this instance: which build runs, since when, with what. Made
// once by the composition root; nothing in it is secret (no hosts, no keys).

export interface InstanceInfo {
  /** package.json's version. */
  version: string;
  /** The git commit built, when known (POSTLENS_COMMIT, or the checkout's HEAD at start). */
  commit?: string;
  startedAt: Date;
  /** The platforms this instance resolves or links (known, not disabled), in registry order. */
  platforms: readonly string[];
  cacheBackend: 'memory' | 'redis' | 'redis-cluster' | 'redis-sentinel';
}

export const INSTANCE_INFO = Symbol('InstanceInfo');

// Key-value store for resolve results and short-link expansions. Implementations fail open: a
// broken store behaves as a miss, never as an error.
export interface Cache {
  /** 'memory' caches in-process; 'redis' is shared between instances. */
  readonly kind: 'memory' | 'redis';
  get(key: string): Promise<unknown>;
  set(key: string, value: unknown, ttlSeconds: number): Promise<void>;
  delete(key: string): Promise<void>;
  /** Whether the store answers right now; settles within about a second even if it hangs. */
  isReachable(): Promise<boolean>;
  close(): Promise<void>;
}

export const CACHE = Symbol('Cache');

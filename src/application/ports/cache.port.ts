// Key-value store for resolve results and short-link expansions. Implementations fail open: a
// broken store behaves as a miss, never as an error.
export interface Cache {
  /** 'memory' caches in-process; 'redis' is shared between instances. */
  readonly backend: 'memory' | 'redis';
  /**
   * The value stored under `key`, or undefined. An in-process store may give a deep-frozen value,
   * the same object on every read while it holds it: a reader may keep what it makes of one.
   */
  get(key: string): Promise<unknown>;
  /**
   * The value this process already holds for `key` (the memory cache, a near copy of a shared
   * entry), without waiting; undefined when it holds none, and then `get` tells. Lets a cached
   * answer be given within the request's own turn of the event loop.
   */
  peek?(key: string): unknown;
  /**
   * Resolves true when the store kept the value (a later `get` may find it), false when it did not:
   * a failing store fails open with false, and a value without a JSON form is never stored.
   */
  set(key: string, value: unknown, ttlSeconds: number): Promise<boolean>;
  delete(key: string): Promise<void>;
  /** Whether the store answers right now; settles within about a second even if it hangs. */
  isReachable(): Promise<boolean>;
  close(): Promise<void>;
}

export const CACHE = Symbol('Cache');

// A way out to a platform (DESIGN §9 "Access: sessions and egress"): a proxy, or the machine's own
// connection ("direct"). Its name is what logs, metrics, answers, bench keys and media tokens carry;
// the proxy URL, which may hold a password, stays in memory and in the connection pool.
export interface Egress {
  /** `direct`, or the proxy's `host:port` (with `#n` when one platform has two of the same). */
  readonly name: string;
  /** `http(s)://[user:pass@]host:port`; absent for direct. Secret. */
  readonly proxyUrl?: string;
}

export const DIRECT: Egress = { name: 'direct' };

/** Each proxy with its public name: host and port only, told apart by `#n` when they repeat. */
export function namedProxies(proxyUrls: readonly string[]): Egress[] {
  const seen = new Map<string, number>();
  return proxyUrls.map((proxyUrl) => {
    const url = new URL(proxyUrl);
    const base = `${url.hostname}:${url.port || (url.protocol === 'https:' ? '443' : '80')}`;
    const count = (seen.get(base) ?? 0) + 1;
    seen.set(base, count);
    return { name: count === 1 ? base : `${base}#${count}`, proxyUrl };
  });
}

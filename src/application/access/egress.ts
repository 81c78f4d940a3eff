// An egress to a platform (docs/design.md §9 "Access: sessions and egress"): a proxy, or the machine's own
// connection ("direct"). Its name is what logs, metrics, answers, bench keys and media tokens carry;
// the proxy URL, which may hold a password, stays in memory and in the connection pool.
import { scryptSync } from 'node:crypto';

export interface Egress {
  /** `direct`, or the proxy's `host:port`, with `~` and a digest of its whole URL when that URL holds credentials. */
  readonly name: string;
  /** `http(s)://[user:pass@]host:port`; absent for direct. Secret. */
  readonly proxyUrl?: string;
}

export const DIRECT: Egress = { name: 'direct' };

/**
 * The proxy with its public name. A plain `http://host:port` is named `host:port`. Any other (a
 * user or password, https:) adds `~` and 8 hex digits of a digest of the whole URL: two residential
 * gateways on one `host:port` that differ only by their user are two names, and a name depends on
 * the URL alone, so it stays the same when a reload reorders the proxies (tokens and bench entries
 * sealed with it keep meaning that proxy). The digest is scrypt's, cut to 32 bits: a name shown in
 * a log or a metric is no cheap oracle for guessing the password it was made from.
 */
export function proxyEgress(proxyUrl: string): Egress {
  const url = new URL(proxyUrl);
  const base = `${url.hostname}:${url.port || (url.protocol === 'https:' ? '443' : '80')}`;
  if (!url.username && !url.password && url.protocol === 'http:') return { name: base, proxyUrl };
  const digest = scryptSync(url.href, 'postlens egress name', 4, { N: 2 ** 12 }).toString('hex');
  return { name: `${base}~${digest}`, proxyUrl };
}

/**
 * The names of the proxies configured now, each worked out once (the digest costs milliseconds):
 * made at start and on a reload, never on a request's path.
 */
export class EgressNames {
  private named = new Map<string, Egress>();

  constructor(proxyUrls: Iterable<string> = []) {
    this.keep(proxyUrls);
  }

  of(proxyUrl: string): Egress {
    let egress = this.named.get(proxyUrl);
    if (!egress) this.named.set(proxyUrl, (egress = proxyEgress(proxyUrl)));
    return egress;
  }

  /** Names exactly these proxies from now on (reusing the names already worked out). */
  keep(proxyUrls: Iterable<string>): void {
    const before = this.named;
    this.named = new Map();
    for (const url of proxyUrls) this.named.set(url, before.get(url) ?? proxyEgress(url));
  }
}

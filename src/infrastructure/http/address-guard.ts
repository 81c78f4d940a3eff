// The upstream address guard (DESIGN.md §9, §13). The host allowlist says which names an adapter
// may ask for; this says which machines those names may lead to: only public unicast addresses.
// Node's fetch takes no http.Agent and never consults a lookup hook for a literal IP, so the check
// is made here, on the target itself, before every hop: a literal IP is judged as it stands (WHATWG
// URL parsing has already turned 0x7f.1, 2130706433 and 127.1 into 127.0.0.1), a name by EVERY
// address it resolves to. The answer is then pinned: `connectLookup`, the lookup of the connection
// pool, hands the socket those same checked addresses, so a name cannot resolve to a public address
// for the check and to an inner one for the connection (DNS rebinding).
import type { LookupAddress } from 'node:dns';
import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP, type LookupFunction } from 'node:net';
import { LRUCache } from 'lru-cache';
import { UpstreamError } from '../../application/errors.js';
import { addressRange, RefusedAddressError } from './public-address.js';

/** Every address a name resolves to. Live: the system resolver; tests stand in for DNS. */
export type HostLookup = (hostname: string) => Promise<readonly LookupAddress[]>;

export const systemLookup: HostLookup = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

export interface AddressGuardOptions {
  /**
   * How long a checked answer is reused, for later checks and for the connections they lead to
   * (one DNS query per host and period instead of two per request). Short, so a platform moving
   * its addresses is followed soon; default 10 s; 0 resolves every time (and the connection then
   * re-checks its own, fresh answer).
   */
  cacheMs?: number;
}

export class AddressGuard {
  private readonly checked: LRUCache<string, readonly LookupAddress[]> | undefined;

  constructor(
    private readonly lookup: HostLookup = systemLookup,
    options: AddressGuardOptions = {},
  ) {
    const cacheMs = options.cacheMs ?? 10_000;
    // lru-cache reads a ttl of 0 as "forever": no caching at all is spelled as no cache.
    this.checked = cacheMs > 0 ? new LRUCache({ max: 1000, ttl: cacheMs }) : undefined;
  }

  /**
   * Throws UPSTREAM_HOST_REFUSED unless every address the URL's host stands for is public;
   * UPSTREAM_NETWORK when the name does not resolve; the signal's reason when it aborts first.
   */
  async assertPublic(url: URL, signal?: AbortSignal): Promise<void> {
    const literal = literalAddress(url.hostname);
    if (literal === undefined) await this.addressesOf(url.hostname, signal);
    else if (addressRange(literal) !== 'unicast') throw refusal(url.hostname, addressRange(literal));
  }

  /**
   * The check of a target reached through a proxy, which resolves the name itself: no lookup here
   * (the service may have no DNS of its own), but a literal address must still be public.
   */
  assertLiteralPublic(url: URL): void {
    const literal = literalAddress(url.hostname);
    if (literal !== undefined && addressRange(literal) !== 'unicast') throw refusal(url.hostname, addressRange(literal));
  }

  /** The checked (all public) addresses of a name, resolved afresh unless checked moments ago. */
  async addressesOf(hostname: string, signal?: AbortSignal): Promise<readonly LookupAddress[]> {
    const name = hostname.toLowerCase();
    const cached = this.checked?.get(name);
    if (cached) return cached;
    let addresses: readonly LookupAddress[];
    try {
      addresses = await abortable(this.lookup(name), signal);
    } catch (error) {
      if (signal?.aborted) throw error;
      throw new UpstreamError('UPSTREAM_NETWORK', `could not resolve ${name}`, { cause: error });
    }
    if (addresses.length === 0) throw new UpstreamError('UPSTREAM_NETWORK', `${name} resolves to no address`);
    // ANY inner address refuses the name: a client picks among them, so one is enough to reach in.
    for (const { address } of addresses) {
      const range = addressRange(address);
      if (range !== 'unicast') throw refusal(name, range);
    }
    this.checked?.set(name, addresses);
    return addresses;
  }

  /**
   * A `dns.lookup`-shaped function for the connection pool (undici's `connect.lookup`): the socket
   * connects only to addresses this guard checked. A refusal fails the connection with the
   * UpstreamError itself, which fetch passes on as the cause of its own error.
   */
  readonly connectLookup: LookupFunction = (hostname, options, callback) => {
    const family = options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : options.family;
    this.addressesOf(hostname).then(
      (all) => {
        const wanted = family === 4 || family === 6 ? all.filter((a) => a.family === family) : all;
        if (wanted.length === 0) return callback(new RefusedAddressError(`${hostname} has no checked IPv${family} address`), []);
        if (options.all) return callback(null, [...wanted]);
        callback(null, wanted[0]!.address, wanted[0]!.family);
      },
      (error: unknown) => callback(error instanceof Error ? error : new RefusedAddressError(`${hostname} was refused`), []),
    );
  };
}

/** The address a URL host names literally (`127.0.0.1`, `[::1]`), or undefined for a DNS name. */
function literalAddress(hostname: string): string | undefined {
  const bare = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  return isIP(bare) ? bare : undefined;
}

function refusal(host: string, range: string): UpstreamError {
  return new UpstreamError('UPSTREAM_HOST_REFUSED', `refused ${host}: it leads to a ${range} address`);
}

/** The promise, or the signal's reason as soon as it aborts (a resolver cannot be cancelled). */
function abortable<T>(promise: Promise<T>, signal?: AbortSignal): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error as Error);
      },
    );
  });
}

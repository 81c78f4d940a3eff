// The upstream address guard (docs/design.md §9, §13). The host allowlist says which names an adapter
// may ask for; this says which machines those names may lead to: only public unicast addresses.
// Node's fetch takes no http.Agent and never consults a lookup hook for a literal IP, so the check
// is made here, on the target itself, before every hop: a literal IP is judged as it stands (WHATWG
// URL parsing has already turned 0x7f.1, 2130706433 and 127.1 into 127.0.0.1), a name by EVERY
// address it resolves to. The answer is then pinned: `connectLookup`, the lookup of the connection
// pool, hands the socket those same checked addresses, so a name cannot resolve to a public address
// for the check and to an inner one for the connection (DNS rebinding). Through a proxy, which
// resolves the name again itself, the name is still looked up here when this machine can answer,
// and refused before the proxy is asked when any address is not public (`assertProxiedTarget`).
import type { LookupAddress } from 'node:dns';
import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP, type LookupFunction } from 'node:net';
import { LRUCache } from 'lru-cache';
import { UpstreamError } from '../../application/errors.js';
import { addressRange, RefusedAddressError } from './public-address.js';

/** Every address a name resolves to. Live: the system resolver; tests stand in for DNS. */
export type HostLookup = (hostname: string) => Promise<readonly LookupAddress[]>;

export const systemLookup: HostLookup = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

/** How long a lookup for a proxied target may take before the name goes to the proxy unchecked (docs/design.md §9). */
export const PROXIED_LOOKUP_MS = 500;

/**
 * The lookup failures that say this machine cannot answer for the name (no DNS behind a proxy, a
 * resolver that refuses or fails), not that the name leads somewhere: the proxy may still know it.
 */
const CANNOT_ANSWER: ReadonlySet<string> = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_FAIL', 'EAI_NONAME', 'EAI_NODATA', 'ENODATA', 'ESERVFAIL', 'ETIMEOUT', 'ECONNREFUSED', 'ENONAME', 'EREFUSED', 'ECANCELLED', 'EBADRESP', 'ECONNRESET']);

export interface AddressGuardOptions {
  /**
   * How long a checked answer is reused, for later checks and for the connections they lead to
   * (one DNS query per host and period instead of two per request). Short, so a platform moving
   * its addresses is followed soon; default 10 s; 0 resolves every time (and the connection then
   * re-checks its own, fresh answer).
   */
  cacheMs?: number;
  /** The wait for a proxied target's lookup before its name goes to the proxy unchecked; default PROXIED_LOOKUP_MS. */
  proxiedLookupMs?: number;
}

export class AddressGuard {
  private readonly checked: LRUCache<string, readonly LookupAddress[]> | undefined;
  /** Names the lookup could not answer moments ago: handed to the proxy at once, not after another wait. */
  private readonly unanswered: LRUCache<string, true> | undefined;
  /** Lookups of proxied targets under way, one per name, however many requests wait on it. */
  private readonly pending = new Map<string, Promise<'checked' | 'unanswered'>>();

  constructor(
    private readonly lookup: HostLookup = systemLookup,
    options: AddressGuardOptions = {},
  ) {
    const cacheMs = options.cacheMs ?? 10_000;
    // lru-cache reads a ttl of 0 as "forever": no caching at all is spelled as no cache.
    this.checked = cacheMs > 0 ? new LRUCache({ max: 1000, ttl: cacheMs }) : undefined;
    this.unanswered = cacheMs > 0 ? new LRUCache({ max: 1000, ttl: cacheMs }) : undefined;
    this.proxiedLookupMs = options.proxiedLookupMs ?? PROXIED_LOOKUP_MS;
  }

  private readonly proxiedLookupMs: number;

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
   * The check of a target reached through a proxy (docs/design.md §9): a literal address must be public; a
   * name is looked up here and refused (UPSTREAM_HOST_REFUSED) when any address it has is not
   * public. Only when this machine cannot answer for it — a lookup failure that means no DNS here,
   * or no answer within `proxiedLookupMs` — does the name go to the proxy unchecked (returns
   * `unchecked`), and the proxy must then enforce its own egress rules.
   */
  async assertProxiedTarget(url: URL, signal?: AbortSignal): Promise<'checked' | 'unchecked'> {
    const literal = literalAddress(url.hostname);
    if (literal !== undefined) {
      if (addressRange(literal) !== 'unicast') throw refusal(url.hostname, addressRange(literal));
      return 'checked';
    }
    const name = url.hostname.toLowerCase();
    if (this.checked?.has(name)) return 'checked';
    if (this.unanswered?.has(name)) return 'unchecked';
    let lookup = this.pending.get(name);
    if (!lookup) {
      lookup = this.proxiedLookup(name).finally(() => this.pending.delete(name));
      this.pending.set(name, lookup);
    }
    let timer: NodeJS.Timeout | undefined;
    const waited = new Promise<'timeout'>((resolve) => (timer = setTimeout(resolve, this.proxiedLookupMs, 'timeout')));
    try {
      const verdict = await abortable(Promise.race([lookup, waited]), signal);
      if (verdict === 'timeout') this.unanswered?.set(name, true);
      return verdict === 'checked' ? 'checked' : 'unchecked';
    } finally {
      clearTimeout(timer);
    }
  }

  /** One lookup of a proxied target's name: `checked` (all public), `unanswered`, or the refusal. */
  private async proxiedLookup(name: string): Promise<'checked' | 'unanswered'> {
    let addresses: readonly LookupAddress[];
    try {
      addresses = await this.lookup(name);
    } catch (error) {
      if (!CANNOT_ANSWER.has(String((error as NodeJS.ErrnoException | null)?.code))) throw new UpstreamError('UPSTREAM_NETWORK', `could not resolve ${name}`, { cause: error });
      this.unanswered?.set(name, true);
      return 'unanswered';
    }
    if (addresses.length === 0) return 'unanswered';
    this.unanswered?.delete(name);
    for (const { address } of addresses) {
      const range = addressRange(address);
      if (range !== 'unicast') throw refusal(name, range);
    }
    this.checked?.set(name, addresses);
    return 'checked';
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

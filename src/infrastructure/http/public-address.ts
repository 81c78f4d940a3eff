// Which IP addresses an upstream request may connect to (docs/design.md §9): only globally routable
// unicast. The ranges come from ipaddr.js (maintained against the IANA special-purpose registries)
// rather than a hand-kept CIDR table; IPv4-mapped IPv6 is unwrapped first, so `::ffff:127.0.0.1`
// is judged as 127.0.0.1. Used by the media fetcher's sockets and by the upstream address guard.
import { lookup as dnsLookup, type LookupAddress, type LookupAllOptions } from 'node:dns';
import ipaddr from 'ipaddr.js';

/** The error a refused address fails the connection with; the fetchers map it by its code. */
export class RefusedAddressError extends Error {
  override name = 'RefusedAddressError' as const;
  readonly code = 'POSTLENS_ADDRESS_REFUSED' as const;
}

/**
 * The range an address falls in: `unicast` for a public one, otherwise ipaddr.js's name for it
 * (`loopback`, `private`, `linkLocal`, `carrierGradeNat`, `multicast`, `reserved`, `unspecified`,
 * `uniqueLocal`, `rfc6052`, `6to4`, `teredo`, …), `ipv4Compatible`, or `invalid`.
 */
export function addressRange(address: string): string {
  // Zone ids (fe80::1%eth0) only ever qualify link-local addresses; the range is the address's.
  const text = address.replace(/%.*$/, '');
  // Only canonical forms count: inet_aton spellings (0x7f.1, 2130706433) never come out of a
  // resolver, and a URL's host is already normalised by WHATWG parsing before it gets here.
  if (!ipaddr.IPv4.isValidFourPartDecimal(text) && !ipaddr.IPv6.isValid(text)) return 'invalid';
  const parsed = ipaddr.process(text); // unwraps ::ffff:a.b.c.d to IPv4
  const range = parsed.range();
  // ipaddr.js calls the rest of the deprecated IPv4-compatible block ::/96 (`::7f00:1`, which is
  // ::127.0.0.1) unicast; no upstream has such an address, and some stacks route it to the IPv4 one.
  if (range === 'unicast' && parsed.kind() === 'ipv6' && parsed.match(IPV4_COMPATIBLE)) return 'ipv4Compatible';
  return range;
}

const IPV4_COMPATIBLE = ipaddr.parseCIDR('::/96');

export function isPublicAddress(address: string): boolean {
  return addressRange(address) === 'unicast';
}

type LookupCallback = (err: Error | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A DNS lookup for the media fetcher's sockets, same contract as `dns.lookup` as net/tls call it
 * (with or without `all`): a name with any non-public address fails with RefusedAddressError, so
 * an allowlisted media host whose DNS points inwards cannot make the proxy reach this network.
 */
export function publicOnlyLookup(hostname: string, options: { family?: number; all?: boolean; hints?: number }, callback: LookupCallback): void {
  const wanted: LookupAllOptions = { all: true, ...(options.family ? { family: options.family } : {}), ...(options.hints ? { hints: options.hints } : {}) };
  dnsLookup(hostname, wanted, (err, addresses) => {
    if (err) return callback(err, []);
    const refused = addresses.find((a) => !isPublicAddress(a.address));
    if (refused || addresses.length === 0) return callback(new RefusedAddressError(`${hostname} resolves to a non-public address`), []);
    if (options.all) return callback(null, addresses);
    callback(null, addresses[0]!.address, addresses[0]!.family);
  });
}

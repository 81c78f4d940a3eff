// A DNS lookup for the media fetcher's sockets that refuses names resolving to loopback, private,
// link-local, multicast or reserved addresses (IPv4-mapped IPv6 unwrapped first), so an allowlisted
// media host whose DNS points inwards cannot make the proxy reach this machine's network (§9).
import { lookup as dnsLookup, type LookupAddress, type LookupAllOptions } from 'node:dns';
import { BlockList, isIP } from 'node:net';

const BLOCKED = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24], ['203.0.113.0', 24],
  ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) BLOCKED.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 127], ['64:ff9b::', 96], ['100::', 64], ['2001::', 32], ['2001:db8::', 32], ['2002::', 16], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8],
] as const) BLOCKED.addSubnet(net, prefix, 'ipv6');

/** The error a refused address fails the connection with; the fetcher maps it by its code. */
export class RefusedAddressError extends Error {
  override name = 'RefusedAddressError' as const;
  readonly code = 'POSTLENS_ADDRESS_REFUSED' as const;
}

export function isPublicAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  const ip = mapped ? mapped[1]! : address;
  const family = isIP(ip);
  if (family === 0) return false;
  return !BLOCKED.check(ip, family === 4 ? 'ipv4' : 'ipv6');
}

type LookupCallback = (err: Error | null, address: string | LookupAddress[], family?: number) => void;

/** Same contract as `dns.lookup` as net/tls call it (with or without `all`). */
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

// The address classifier the guard rests on: only public unicast passes. One row per kind of
// address an attacker could point a name at, IPv4 and IPv6, the mapped and embedded forms too.
import { expect } from 'chai';
import { addressRange, isPublicAddress } from '../../src/infrastructure/http/public-address.js';

const ROWS: [address: string, range: string][] = [
  // Public: what the platforms' names resolve to.
  ['93.184.215.14', 'unicast'],
  ['8.8.8.8', 'unicast'],
  ['2606:4700:4700::1111', 'unicast'],
  ['2a03:2880:f12f:83:face:b00c:0:25de', 'unicast'],
  ['::ffff:8.8.8.8', 'unicast'],
  // Loopback.
  ['127.0.0.1', 'loopback'],
  ['127.255.0.9', 'loopback'],
  ['::1', 'loopback'],
  // Private (RFC 1918) and IPv6 unique local.
  ['10.0.0.5', 'private'],
  ['172.16.0.1', 'private'],
  ['172.31.255.255', 'private'],
  ['192.168.1.1', 'private'],
  ['fc00::1', 'uniqueLocal'],
  ['fd12:3456:789a::1', 'uniqueLocal'],
  // Link-local, the cloud metadata address among them.
  ['169.254.169.254', 'linkLocal'],
  ['fe80::1', 'linkLocal'],
  ['fe80::1%eth0', 'linkLocal'],
  // Carrier-grade NAT (100.64.0.0/10), both ends.
  ['100.64.0.1', 'carrierGradeNat'],
  ['100.127.255.254', 'carrierGradeNat'],
  // Multicast and broadcast.
  ['224.0.0.1', 'multicast'],
  ['239.255.255.250', 'multicast'],
  ['ff02::1', 'multicast'],
  ['255.255.255.255', 'broadcast'],
  // Unspecified ("this host": connecting to 0.0.0.0 reaches loopback on Linux).
  ['0.0.0.0', 'unspecified'],
  ['0.1.2.3', 'unspecified'],
  ['::', 'unspecified'],
  // Reserved: documentation, benchmarking, IETF protocol assignments, class E, IPv6 documentation.
  ['192.0.2.1', 'reserved'],
  ['198.51.100.1', 'reserved'],
  ['203.0.113.1', 'reserved'],
  ['198.18.0.1', 'reserved'],
  ['192.0.0.8', 'reserved'],
  ['240.0.0.1', 'reserved'],
  ['2001:db8::1', 'reserved'],
  // IPv4-mapped IPv6 is judged by the IPv4 address inside it.
  ['::ffff:127.0.0.1', 'loopback'],
  ['::ffff:7f00:1', 'loopback'],
  ['0:0:0:0:0:ffff:7f00:1', 'loopback'],
  ['::ffff:10.0.0.5', 'private'],
  ['::ffff:169.254.169.254', 'linkLocal'],
  // IPv4-compatible (deprecated ::a.b.c.d), IPv4-translated, NAT64, 6to4, Teredo: IPv4 inside, refused whole.
  ['::127.0.0.1', 'loopback'], // ipaddr.js reads the dotted tail as the IPv4 address itself
  ['::7f00:1', 'ipv4Compatible'],
  ['::a00:5', 'ipv4Compatible'],
  ['::808:808', 'ipv4Compatible'],
  ['::ffff:0:7f00:1', 'rfc6145'],
  ['64:ff9b::7f00:1', 'rfc6052'],
  ['2002:7f00:1::1', '6to4'],
  ['2001::1', 'teredo'],
  // Not an address as a resolver writes one: inet_aton spellings and names are never "public".
  ['0x7f.1', 'invalid'],
  ['2130706433', 'invalid'],
  ['127.1', 'invalid'],
  ['0177.0.0.1', 'invalid'],
  ['localhost', 'invalid'],
  ['', 'invalid'],
];

describe('address classifier', () => {
  for (const [address, range] of ROWS) {
    it(`when the address is ${address || '(empty)'}, classifies it as ${range} and ${range === 'unicast' ? 'lets it through' : 'refuses it'}`, () => {
      expect(addressRange(address)).to.equal(range);
      expect(isPublicAddress(address)).to.equal(range === 'unicast');
    });
  }
});

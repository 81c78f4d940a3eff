// Stand-ins for DNS in tests. The live HTTP client resolves every upstream name and refuses it
// unless all its addresses are public (address-guard.ts); tests have no DNS (and must not use it),
// so they say what each name resolves to.
import type { LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import type { HostLookup } from '../../src/infrastructure/http/address-guard.js';

/** A public unicast address (it never receives anything: nock answers, or nothing does). */
export const PUBLIC_ADDRESS = '93.184.215.14';

/** Every name resolves to PUBLIC_ADDRESS: what the platforms' real names do, as far as the guard can tell. */
export const publicLookup: HostLookup = async () => [{ address: PUBLIC_ADDRESS, family: 4 }];

/** Names resolve as the table says (every address listed); any other name as `fallback` does. */
export function lookupTable(table: Readonly<Record<string, readonly string[]>>, fallback: HostLookup = publicLookup): HostLookup & { asked: string[] } {
  const asked: string[] = [];
  const lookup = async (hostname: string): Promise<readonly LookupAddress[]> => {
    asked.push(hostname);
    const addresses = table[hostname];
    if (!addresses) return fallback(hostname);
    return addresses.map((address) => ({ address, family: isIP(address) }));
  };
  return Object.assign(lookup, { asked });
}

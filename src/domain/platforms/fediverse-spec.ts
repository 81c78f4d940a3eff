// What every fediverse platform's spec shares: its hosts are a list of servers (built in, plus the
// configured ones), each server answers its own API (upstream hosts = the servers), a post's
// canonical URL stays on the server the URL names, and media hosts vary per server, so none is
// proxied (none needs it: docs/design.md §3).
import { normalisedHost } from '../accept-url.js';
import type { FediverseId } from './fediverse-software.js';
import type { Route } from './route.js';
import type { PlatformSpec } from './platform-spec.js';
import type { Kind } from '../kind.js';

export interface FediverseBrand<Id extends FediverseId> {
  id: Id;
  name: string;
  themeColor: string;
  kinds: readonly Kind[];
  audio?: boolean;
  routes: readonly Route[];
}

/** A fediverse platform's spec over a list of servers (duplicates and unreadable entries dropped). */
export function fediverseSpec<Id extends FediverseId>(brand: FediverseBrand<Id>, instances: readonly string[]): PlatformSpec<Id> {
  const hosts = [...new Set(instances.flatMap(instanceHost))];
  return {
    ...brand,
    hosts,
    subdomains: ['www'],
    // Each server answers its own API; a server not listed (nor discovered) is never called.
    upstreamHosts: hosts,
    mediaHosts: [],
    mediaNeedProxy: false,
    nsfw: true,
    // Anyone can make the service call a server they run (discovery): guarded per host (docs/design.md §9).
    openEnded: true,
  };
}

/** A server as configured ("Social.Example.", an IDN, even a pasted https://… URL) as a compared host; none when unreadable. */
export function instanceHost(instance: string): string[] {
  const text = instance.trim();
  if (text === '') return [];
  try {
    return [normalisedHost(new URL(/^https?:\/\//i.test(text) ? text : `https://${text}`))];
  } catch {
    return [];
  }
}

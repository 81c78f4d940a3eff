// Which fediverse families a URL on a host no platform lists could be a post of: the families whose
// post routes its path matches (docs/design.md §3 "Any other host, discovered"). Pure: nothing is fetched;
// a URL no family's route reads is never worth a NodeInfo request.
import { normalisedHost } from '../accept-url.js';
import { FEDIVERSE_IDS, type FediverseId } from './fediverse-software.js';
import { matchPlatform } from './match-platform.js';
import type { RegisteredSpec } from './registered-spec.js';
import type { RouteMatch } from './route.js';

/** A family's spec for one server: its routes, that host alone, that host alone called. */
export function specOnHost(spec: RegisteredSpec, host: string): RegisteredSpec {
  return { ...spec, hosts: [host], subdomains: [], upstreamHosts: [host] };
}

/** The post a URL names on `spec`'s routes, as if its host were one of the family's servers. */
export function postOnHost(spec: RegisteredSpec, url: URL): RouteMatch | undefined {
  const match = matchPlatform([specOnHost(spec, normalisedHost(url))], url);
  return match?.denotes === 'post' ? { canonicalUrl: match.canonicalUrl, contentId: match.contentId, ids: match.ids } : undefined;
}

/** The families (in registry order) one of whose post shapes the URL's path has. */
export function fediverseCandidates(specs: readonly RegisteredSpec[], url: URL): FediverseId[] {
  return specs.filter((spec): spec is RegisteredSpec & { id: FediverseId } => (FEDIVERSE_IDS as readonly string[]).includes(spec.id) && postOnHost(spec, url) !== undefined).map((spec) => spec.id);
}

// Which fediverse families a URL on a host no platform lists could be a post of: the families whose
// post routes its path matches (docs/design.md §3 "Any other host, discovered"). Pure: nothing is fetched;
// a URL no family's route reads is never worth a NodeInfo request.
import { normalisedHost } from '../accept-url.js';
import { FEDIVERSE_IDS, type FediverseId } from './fediverse-software.js';
import { matchPlatform } from './match-platform.js';
import type { PlatformRule, RouteMatch } from './platform-rule.js';

/** A family's rule for one server: its routes, that host alone, that host alone called. */
export function ruleOnHost(rule: PlatformRule, host: string): PlatformRule {
  return { ...rule, hosts: [host], subdomains: [], upstreamHosts: [host] };
}

/** The post a URL names on `rule`'s routes, as if its host were one of the family's servers. */
export function postOnHost(rule: PlatformRule, url: URL): RouteMatch | undefined {
  const match = matchPlatform([ruleOnHost(rule, normalisedHost(url))], url);
  return match?.kind === 'post' ? { canonicalUrl: match.canonicalUrl, contentId: match.contentId, ids: match.ids } : undefined;
}

/** The families (in registry order) one of whose post shapes the URL's path has. */
export function fediverseCandidates(rules: readonly PlatformRule[], url: URL): FediverseId[] {
  return rules.filter((rule): rule is PlatformRule & { id: FediverseId } => (FEDIVERSE_IDS as readonly string[]).includes(rule.id) && postOnHost(rule, url) !== undefined).map((rule) => rule.id);
}

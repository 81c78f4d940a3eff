// URL rules of a platform, declared as data: hosts, routes with named, length-bounded groups, and
// a pure function from the extracted ids to the canonical URL. Matching is in `match-platform.ts`.
import type { PlatformId } from './platform-id.js';
import type { Kind } from '../card.js';

export type Ids = Readonly<Record<string, string>>;

export interface RouteMatch {
  canonicalUrl: string;
  /** Identifies the post on its platform; with the platform id it is the cache key. */
  contentId: string;
  ids: Ids;
}

export interface Route {
  /**
   * `post` resolves directly; `short` is a short link that `/resolve` expands by reading its
   * redirect (and `/canonical` only normalises).
   */
  kind: 'post' | 'short';
  /** When set, the route applies only on these exact hosts (after normalisation). */
  hosts?: readonly string[];
  /** Matched against the URL's pathname; named groups become the ids. */
  path: RegExp;
  /** Query parameters the route needs, each matched in full; their values join the ids. */
  query?: Readonly<Record<string, RegExp>>;
  build(ids: Ids, url: URL): RouteMatch;
}

export interface PlatformRule {
  id: PlatformId;
  /** Display name (`siteName` of every card). */
  name: string;
  themeColor: string;
  /** Host where canonical URLs of this platform live, e.g. `www.youtube.com`; absent: the input's host (Mastodon). */
  canonicalHost?: string;
  /** Input hosts matched exactly, or with one of `subdomains` in front. */
  hosts: readonly string[];
  subdomains: readonly string[];
  /**
   * Hosts whose paths mean nothing on `canonicalHost` (short-link and player hosts such as t.co,
   * youtu.be, fb.watch): a page on them that is not a post keeps its own host.
   */
  ownPathHosts?: readonly string[];
  /**
   * Query parameters that identify a page which is not a post (`profile.php?id=`, `playlist?list=`);
   * `pageUrl` keeps them, in this order, and drops every other parameter.
   */
  pageQuery?: readonly string[];
  routes: readonly Route[];
  /** The kinds of card this platform can produce (for `/platforms`). */
  kinds: readonly Kind[];
}

/** Groups a route pattern captured, with undefined ones left out. */
export function groupsOf(match: RegExpExecArray): Record<string, string> {
  const out: Record<string, string> = {};
  const groups = match.groups;
  // for…in over the groups object (it has no prototype): no array of entries per match.
  for (const name in groups) {
    const value = groups[name];
    if (value !== undefined) out[name] = value;
  }
  return out;
}

/** Every host a list of base hosts stands for, with and without each subdomain, for `Route.hosts`. */
export function hostVariants(hosts: readonly string[], subdomains: readonly string[]): string[] {
  return hosts.flatMap((host) => [host, ...subdomains.map((sub) => `${sub}.${host}`)]);
}

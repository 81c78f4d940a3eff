// A platform's URL routes: path patterns with named, length-bounded groups, and a pure
// function from the extracted ids to the canonical URL. Matching is in `match-platform.ts`. Nothing
// here names a platform id, so the platform specs can import it while `PlatformId` is derived from
// their registry.
export type Ids = Readonly<Record<string, string>>;

export interface RouteMatch {
  canonicalUrl: string;
  /** Identifies the post on its platform; with the platform id it is the cache key. */
  contentId: string;
  ids: Ids;
}

export interface Route {
  /**
   * What a URL on this route denotes (a card's `kind` is another thing): `post` resolves directly;
   * `short` is a short link that `/resolve` expands by reading its redirect (and `/canonical` only
   * normalises).
   */
  denotes: 'post' | 'short';
  /** When set, the route applies only on these exact hosts (after normalisation). */
  hosts?: readonly string[];
  /** The route applies only on the spec's account hosts (`accountHosts`), and only such routes do. */
  onAccountHost?: boolean;
  /** Matched against the URL's pathname; named groups become the ids. */
  path: RegExp;
  /** Query parameters the route needs, each matched in full; their values join the ids. */
  query?: Readonly<Record<string, RegExp>>;
  /**
   * `host` is the listed host the URL's host stands for: without the subdomain it came through
   * (`www.mastodon.social` → `mastodon.social`), else the URL's own (a listed `www.` host, a
   * discovered one, an account host), so a server is named as its list or its discoverer names it.
   */
  build(ids: Ids, url: URL, host: string): RouteMatch;
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

// Finds the platform and route a URL belongs to. Pure; no network.
import { asUri, normalisedHost, uriEscaped } from '../accept-url.js';
import type { RegisteredSpec } from './registered-spec.js';
import { groupsOf, type RouteMatch } from './route.js';

export type PlatformMatch =
  | ({ spec: RegisteredSpec; denotes: 'post' | 'short' } & RouteMatch)
  | { spec: RegisteredSpec; denotes: 'page'; canonicalUrl: string };

export function specForHost(specs: readonly RegisteredSpec[], host: string): RegisteredSpec | undefined {
  return hostIndex(specs).get(host)?.spec ?? accountHostOf(specs, host)?.spec;
}

/** The platform whose account host `host` is (`{label}.{accountHosts.host}`), with the label. */
function accountHostOf(specs: readonly RegisteredSpec[], host: string): { spec: RegisteredSpec; label: string } | undefined {
  const dot = host.indexOf('.');
  if (dot < 1) return undefined;
  const base = host.slice(dot + 1);
  const label = host.slice(0, dot);
  const spec = specs.find((candidate) => candidate.accountHosts?.host === base);
  const pattern = spec?.accountHosts?.label;
  if (!spec || !pattern) return undefined;
  const m = pattern.exec(label);
  return m && m[0] === label ? { spec, label } : undefined;
}

/** A recognised host's spec, and the listed host it stands for (itself, or its base without the subdomain). */
interface IndexedHost {
  spec: RegisteredSpec;
  listed: string;
}

// Every host a spec list recognises (each base host, and each with one of its subdomains in
// front), to the first spec naming it: one lookup per URL instead of a scan of every spec's hosts.
const hostIndexes = new WeakMap<readonly RegisteredSpec[], ReadonlyMap<string, IndexedHost>>();

function hostIndex(specs: readonly RegisteredSpec[]): ReadonlyMap<string, IndexedHost> {
  let index = hostIndexes.get(specs);
  if (index) return index;
  const built = new Map<string, IndexedHost>();
  for (const spec of specs) {
    // Base hosts first: a listed `www.x.social` stands for itself, not for `x.social`.
    for (const listed of spec.hosts) if (!built.has(listed)) built.set(listed, { spec, listed });
    for (const listed of spec.hosts) {
      for (const sub of spec.subdomains) if (!built.has(`${sub}.${listed}`)) built.set(`${sub}.${listed}`, { spec, listed });
    }
  }
  hostIndexes.set(specs, (index = built));
  return index;
}

export function matchPlatform(specs: readonly RegisteredSpec[], url: URL): PlatformMatch | undefined {
  const host = normalisedHost(url);
  const exact = hostIndex(specs).get(host);
  // Only a host no spec names exactly can be an account's (www.tumblr.com is not a blog).
  const account = exact ? undefined : accountHostOf(specs, host);
  const spec = exact?.spec ?? account?.spec;
  const listed = exact?.listed ?? host;
  if (!spec) return undefined;
  // Trailing slashes read as one: `pageUrl` drops them, so `/jack/status/20//` would otherwise be
  // a page whose canonical URL is a post.
  const path = comparablePath(url).replace(/\/{2,}$/, '/');
  for (const route of spec.routes) {
    if (route.hosts && !route.hosts.includes(host)) continue;
    if ((route.onAccountHost ?? false) !== (account !== undefined)) continue;
    const m = route.path.exec(path);
    if (!m) continue;
    const ids = groupsOf(m);
    if (account) ids[spec.accountHosts!.id] = account.label;
    let queryOk = true;
    for (const [name, pattern] of route.query ? Object.entries(route.query) : []) {
      const value = url.searchParams.get(name);
      const q = value === null ? null : pattern.exec(value);
      if (!q || q[0] !== value) {
        queryOk = false;
        break;
      }
      ids[name] = value as string;
    }
    if (!queryOk) continue;
    return { spec, denotes: route.denotes, ...route.build(ids, url, listed) };
  }
  return { spec, denotes: 'page', canonicalUrl: pageUrl(spec, url, account !== undefined) };
}

/**
 * A known platform's page that is not a post (a profile, a home page): the platform's canonical
 * host (or the input's own, on short-link hosts) and the path without a trailing slash; query and
 * fragment dropped, since on these pages they only carry tracking, except the parameters that name
 * the page (`RegisteredSpec.pageQuery`).
 */
export function pageUrl(spec: RegisteredSpec, url: URL, onAccountHost = false): string {
  const host = normalisedHost(url);
  const path = comparablePath(url).replace(/\/+$/, '') || '/';
  const keepsHost = onAccountHost || spec.ownPathHosts?.includes(host);
  const base = `https://${keepsHost ? host : (spec.canonicalHost ?? host)}${path}`;
  const kept = new URLSearchParams();
  for (const name of spec.pageQuery ?? []) {
    const value = url.searchParams.get(name);
    if (value !== null) kept.set(name, value);
  }
  const query = kept.toString();
  return asUri(query === '' ? base : `${base}?${query}`);
}

// Unreserved characters, `/` and the sub-delimiters and `:` `@` RFC 3986 allows in a path, no `%`.
const PLAIN_PATH = /^[A-Za-z0-9\-._~/!$&'()*+,;=:@]*$/;

/**
 * The path as routes read it and canonical URLs carry it, so that a URL and its canonical form
 * are read alike: RFC 3986 normalised (§6.2.2: an escaped unreserved character is that character,
 * so `/jack/%73tatus/%32%30` is `/jack/status/20`; other escapes in upper case) and a valid URI
 * (a stray `%` as `%25`, as `asUri` writes it).
 */
function comparablePath(url: URL): string {
  // Most paths hold nothing to escape or unescape: they are read as they are.
  if (PLAIN_PATH.test(url.pathname)) return url.pathname;
  return uriEscaped(url.pathname).replace(/%([0-9A-Fa-f]{2})/g, (escape, hex: string) => {
    const c = String.fromCharCode(parseInt(hex, 16));
    return /[A-Za-z0-9\-._~]/.test(c) ? c : escape.toUpperCase();
  });
}

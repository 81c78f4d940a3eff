// Finds the platform and route a URL belongs to. Pure; no network.
import { asUri, normalisedHost, uriEscaped } from '../accept-url.js';
import { groupsOf, type PlatformRule, type RouteMatch } from './platform-rule.js';

export type PlatformMatch =
  | ({ rule: PlatformRule; kind: 'post' | 'short' } & RouteMatch)
  | { rule: PlatformRule; kind: 'page'; canonicalUrl: string };

export function ruleForHost(rules: readonly PlatformRule[], host: string): PlatformRule | undefined {
  return hostIndex(rules).get(host)?.rule ?? accountHostOf(rules, host)?.rule;
}

/** The platform whose account host `host` is (`{label}.{accountHosts.host}`), with the label. */
function accountHostOf(rules: readonly PlatformRule[], host: string): { rule: PlatformRule; label: string } | undefined {
  const dot = host.indexOf('.');
  if (dot < 1) return undefined;
  const base = host.slice(dot + 1);
  const label = host.slice(0, dot);
  const rule = rules.find((r) => r.accountHosts?.host === base);
  const pattern = rule?.accountHosts?.label;
  if (!rule || !pattern) return undefined;
  const m = pattern.exec(label);
  return m && m[0] === label ? { rule, label } : undefined;
}

/** A recognised host's rule, and the listed host it stands for (itself, or its base without the subdomain). */
interface IndexedHost {
  rule: PlatformRule;
  listed: string;
}

// Every host a rule list recognises (each base host, and each with one of its subdomains in
// front), to the first rule naming it: one lookup per URL instead of a scan of every rule's hosts.
const hostIndexes = new WeakMap<readonly PlatformRule[], ReadonlyMap<string, IndexedHost>>();

function hostIndex(rules: readonly PlatformRule[]): ReadonlyMap<string, IndexedHost> {
  let index = hostIndexes.get(rules);
  if (index) return index;
  const built = new Map<string, IndexedHost>();
  for (const rule of rules) {
    // Base hosts first: a listed `www.x.social` stands for itself, not for `x.social`.
    for (const listed of rule.hosts) if (!built.has(listed)) built.set(listed, { rule, listed });
    for (const listed of rule.hosts) {
      for (const sub of rule.subdomains) if (!built.has(`${sub}.${listed}`)) built.set(`${sub}.${listed}`, { rule, listed });
    }
  }
  hostIndexes.set(rules, (index = built));
  return index;
}

export function matchPlatform(rules: readonly PlatformRule[], url: URL): PlatformMatch | undefined {
  const host = normalisedHost(url);
  const exact = hostIndex(rules).get(host);
  // Only a host no rule names exactly can be an account's (www.tumblr.com is not a blog).
  const account = exact ? undefined : accountHostOf(rules, host);
  const rule = exact?.rule ?? account?.rule;
  const listed = exact?.listed ?? host;
  if (!rule) return undefined;
  // Trailing slashes read as one: `pageUrl` drops them, so `/jack/status/20//` would otherwise be
  // a page whose canonical URL is a post.
  const path = comparablePath(url).replace(/\/{2,}$/, '/');
  for (const route of rule.routes) {
    if (route.hosts && !route.hosts.includes(host)) continue;
    if ((route.onAccountHost ?? false) !== (account !== undefined)) continue;
    const m = route.path.exec(path);
    if (!m) continue;
    const ids = groupsOf(m);
    if (account) ids[rule.accountHosts!.id] = account.label;
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
    return { rule, kind: route.kind, ...route.build(ids, url, listed) };
  }
  return { rule, kind: 'page', canonicalUrl: pageUrl(rule, url, account !== undefined) };
}

/**
 * A known platform's page that is not a post (a profile, a home page): the platform's canonical
 * host (or the input's own, on short-link hosts) and the path without a trailing slash; query and
 * fragment dropped, since on these pages they only carry tracking, except the parameters that name
 * the page (`PlatformRule.pageQuery`).
 */
export function pageUrl(rule: PlatformRule, url: URL, onAccountHost = false): string {
  const host = normalisedHost(url);
  const path = comparablePath(url).replace(/\/+$/, '') || '/';
  const keepsHost = onAccountHost || rule.ownPathHosts?.includes(host);
  const base = `https://${keepsHost ? host : (rule.canonicalHost ?? host)}${path}`;
  const kept = new URLSearchParams();
  for (const name of rule.pageQuery ?? []) {
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

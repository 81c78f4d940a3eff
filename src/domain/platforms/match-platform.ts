// Finds the platform and route a URL belongs to. Pure; no network.
import { asUri, normalisedHost } from '../accept-url.js';
import { groupsOf, type PlatformRule, type RouteMatch } from './platform-rule.js';

export type PlatformMatch =
  | ({ rule: PlatformRule; kind: 'post' | 'short' } & RouteMatch)
  | { rule: PlatformRule; kind: 'page'; canonicalUrl: string };

export function ruleForHost(rules: readonly PlatformRule[], host: string): PlatformRule | undefined {
  for (const rule of rules) {
    for (const base of rule.hosts) {
      if (host === base) return rule;
      if (host.endsWith(`.${base}`)) {
        const sub = host.slice(0, -base.length - 1);
        if (rule.subdomains.includes(sub)) return rule;
      }
    }
  }
  return undefined;
}

export function matchPlatform(rules: readonly PlatformRule[], url: URL): PlatformMatch | undefined {
  const host = normalisedHost(url);
  const rule = ruleForHost(rules, host);
  if (!rule) return undefined;
  for (const route of rule.routes) {
    if (route.hosts && !route.hosts.includes(host)) continue;
    const m = route.path.exec(url.pathname);
    if (!m) continue;
    const ids = groupsOf(m);
    let queryOk = true;
    for (const [name, pattern] of Object.entries(route.query ?? {})) {
      const value = url.searchParams.get(name);
      const q = value === null ? null : pattern.exec(value);
      if (!q || q[0] !== value) {
        queryOk = false;
        break;
      }
      ids[name] = value as string;
    }
    if (!queryOk) continue;
    return { rule, kind: route.kind, ...route.build(ids, url) };
  }
  return { rule, kind: 'page', canonicalUrl: pageUrl(rule, url) };
}

/**
 * A known platform's page that is not a post (a profile, a home page): the platform's canonical
 * host (or the input's own, on short-link hosts) and the path without a trailing slash; query and
 * fragment dropped, since on these pages they only carry tracking, except the parameters that name
 * the page (`PlatformRule.pageQuery`).
 */
export function pageUrl(rule: PlatformRule, url: URL): string {
  const host = normalisedHost(url);
  const path = url.pathname.replace(/\/+$/, '') || '/';
  const base = `https://${rule.ownPathHosts?.includes(host) ? host : (rule.canonicalHost ?? host)}${path}`;
  const kept = new URLSearchParams();
  for (const name of rule.pageQuery ?? []) {
    const value = url.searchParams.get(name);
    if (value !== null) kept.set(name, value);
  }
  const query = kept.toString();
  return asUri(query === '' ? base : `${base}?${query}`);
}

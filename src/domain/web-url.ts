// The open web's canonical URL (docs/design.md §3 "The open web": canonical, no fetch): the page's URL with
// what never names a different page taken out — userinfo, a default port, the fragment, and the
// tracking parameters link shorteners and mailers add — the rest of the query kept as written, in
// its order. It is the `web` cache key, so two links to one page share one entry.
import { asUri, normalisedHost } from './accept-url.js';

/** Parameter names that only track a click (docs/design.md §3), beside every `utm_*`. */
const TRACKING = new Set(['fbclid', 'gclid', 'dclid', 'gbraid', 'wbraid', 'msclkid', 'yclid', 'twclid', 'ttclid', 'mc_cid', 'mc_eid', '_hsenc', '_hsmi', 'igshid']);

export function isTrackingParameter(name: string): boolean {
  const lower = name.toLowerCase();
  return lower.startsWith('utm_') || TRACKING.has(lower);
}

/** The canonical form of an http(s) page URL (WHATWG already lower-cased and punycoded the host and dropped a default port). */
export function webCanonicalUrl(url: URL): string {
  const copy = new URL(url.href);
  copy.username = '';
  copy.password = '';
  copy.hash = '';
  copy.hostname = normalisedHost(url);
  // Split by hand: URLSearchParams would re-encode what it keeps (`%20` → `+`), changing the URL.
  const kept = copy.search
    .slice(1)
    .split('&')
    .filter((pair) => pair !== '' && !isTrackingParameter(parameterName(pair)));
  copy.search = kept.length ? `?${kept.join('&')}` : '';
  return asUri(copy.href);
}

/** Whether `host` is one of `suffixes` or under one (`example.com` covers `a.example.com`). */
export function isDeniedHost(host: string, suffixes: readonly string[]): boolean {
  return suffixes.some((suffix) => host === suffix || host.endsWith(`.${suffix}`));
}

function parameterName(pair: string): string {
  const name = pair.split('=', 1)[0]!;
  try {
    return decodeURIComponent(name.replace(/\+/g, ' '));
  } catch {
    return name;
  }
}

// The open web (docs/design.md §3 "The open web: a card for any page"): not a platform with hosts of its
// own but the answer for any http(s) page on a host no platform claims, when WEB_CARDS is on. Its
// spec claims no host (URL matching never lands on it) and calls whatever public host the page is
// on, for that resolve only; it is open-ended (docs/design.md §9): one host's trouble stays with that host.
import type { PlatformSpec } from './platform-spec.js';

export const web: PlatformSpec<'web'> = {
  id: 'web',
  name: 'Web',
  // docs/design.md §3: a page without a usable `theme-color` gets this neutral grey.
  themeColor: '#5f6368',
  hosts: [],
  subdomains: [],
  routes: [],
  kinds: ['link', 'image', 'video', 'gallery'],
  audio: true,
  // None listed: each request names the page's own hosts (the HTTP port's open-web mode).
  upstreamHosts: [],
  // Never proxied: a page's media may be on any host, and the proxy is no open relay.
  mediaHosts: [],
  mediaNeedProxy: false,
  // The RTA label, `rating` adult/mature and `og:restrictions:age` 18+ (docs/design.md §3).
  nsfw: true,
  // Any host: one host's failures open that host's breaker only (docs/design.md §9).
  openEnded: true,
};

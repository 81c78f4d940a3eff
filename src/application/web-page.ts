// What a URL on a host no platform claims is when WEB_CARDS is on (docs/design.md §3 "The open web"): a
// `web` page under its canonical URL (the cache key), or `disabled` — the id switched off, or the
// host in WEB_DENY_HOSTS — without a request. Off (or no `web` adapter): undefined, and the URL
// stays `no-adapter` as the contract says.
import { normalisedHost } from '../domain/accept-url.js';
import type { RegisteredSpec } from '../domain/platforms/registered-spec.js';
import { isDeniedHost, webCanonicalUrl } from '../domain/web-url.js';
import type { PostRef } from './ports/platform-adapter.port.js';
import type { Settings } from './settings.js';

export type WebPage = { spec: RegisteredSpec; post: PostRef } | { spec: RegisteredSpec; disabled: string };

export function webPageOf(specs: readonly RegisteredSpec[], settings: Settings, url: URL): WebPage | undefined {
  if (!settings.webCards) return undefined;
  const spec = specs.find((candidate) => candidate.id === 'web');
  if (!spec) return undefined;
  const canonicalUrl = webCanonicalUrl(url);
  const host = normalisedHost(url);
  if (settings.disabledPlatforms.includes('web') || isDeniedHost(host, settings.webDenyHosts ?? [])) return { spec, disabled: canonicalUrl };
  // The page's host is a discovered host (docs/design.md §9): its breaker, bulkhead and refusals are its own.
  return { spec, post: { platform: 'web', canonicalUrl, contentId: canonicalUrl, ids: {}, discoveredHost: host } };
}

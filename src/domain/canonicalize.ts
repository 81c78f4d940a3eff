// Canonicalisation: from an accepted URL to its platform and canonical form, without any fetch.
import { normalisedUrl } from './accept-url.js';
import { matchPlatform, type PlatformMatch } from './platforms/match-platform.js';
import type { RegisteredSpec } from './platforms/registered-spec.js';
import type { PlatformId } from './platforms/platform-id.js';

export type Canonical =
  | { platform: 'none'; canonicalUrl: string }
  | { platform: PlatformId; canonicalUrl: string; match: PlatformMatch };

export function canonicalize(specs: readonly RegisteredSpec[], url: URL): Canonical {
  const match = matchPlatform(specs, url);
  if (!match) return { platform: 'none', canonicalUrl: normalisedUrl(url) };
  return { platform: match.spec.id, canonicalUrl: match.canonicalUrl, match };
}

/** Cache key of a post: the same post under any URL variant is one entry (docs/design.md §8). */
export function resultCacheKey(platform: PlatformId, contentId: string): string {
  return `r1:${platform}:${contentId}`;
}

/** Cache key of a short link's expansion. */
export function shortLinkCacheKey(platform: PlatformId, shortUrl: string): string {
  return `l1:${platform}:${shortUrl}`;
}

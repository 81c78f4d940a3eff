// Which guard an upstream call runs under (docs/design.md §9 "Open-ended platforms: one host's trouble stays
// with that host"): the platform's own, or, for an open-ended platform, its host's. The one place
// the key is derived, so the resolve, its short links and /platforms agree on it.
import { normalisedHost } from '../domain/accept-url.js';
import type { RegisteredSpec } from '../domain/platforms/registered-spec.js';
import type { PostRef } from './ports/platform-adapter.port.js';
import type { GuardScope } from './ports/platform-guard.port.js';

/**
 * The scope of a call for `post` on `spec`: a closed platform's id; for an open-ended one
 * `{id}@{host}`, the host being the one discovery found (`post.discoveredHost`, which every post
 * on a host no operator listed carries) or else the canonical URL's. Without a post (a short
 * link's expansion) the platform's own.
 */
export function guardScopeOf(spec: Pick<RegisteredSpec, 'id' | 'openEnded'>, post?: Pick<PostRef, 'canonicalUrl' | 'discoveredHost'>): GuardScope {
  if (!spec.openEnded || !post) return { key: spec.id, platform: spec.id, unlisted: false };
  const host = post.discoveredHost ?? normalisedHost(new URL(post.canonicalUrl));
  return { key: `${spec.id}@${host}`, platform: spec.id, host, unlisted: post.discoveredHost !== undefined };
}

// What a URL to resolve is, decided from the URL alone — no cache, no upstream (docs/design.md §2, §3):
// a post of a platform; a short link that platform's adapter expands first; a post-shaped URL on a
// host no list names, which its server's NodeInfo decides (discovered-post.ts); or an answer the URL
// alone decides — no adapter, a platform switched off here, a page of a platform that is not a post.
// With WEB_CARDS on, what no platform claims is a page of the open web.
import { acceptUrl } from '../domain/accept-url.js';
import { canonicalize, resultCacheKey, shortLinkCacheKey } from '../domain/canonicalize.js';
import type { DegradedOutcome, NoAdapterOutcome } from '../domain/outcome.js';
import { fediverseCandidates } from '../domain/platforms/fediverse-shapes.js';
import type { FediverseId } from '../domain/platforms/fediverse-software.js';
import type { RegisteredSpec } from '../domain/platforms/registered-spec.js';
import type { FediverseDiscovery } from './fediverse-discovery.js';
import { degraded } from './outcome-of-card.js';
import type { Platforms } from './platforms.js';
import type { PlatformAdapter, PostRef } from './ports/platform-adapter.port.js';
import type { Settings } from './settings.js';
import type { PostMatch } from './short-links.js';
import { webPageOf } from './web-page.js';

/** A post to resolve, or a short link to expand into one; `key` identifies it in the cache. */
export type PostTarget = { is: 'post'; key: string; spec: RegisteredSpec; adapter: PlatformAdapter; post: PostRef };
export type ShortLinkTarget = { is: 'short'; key: string; spec: RegisteredSpec; adapter: PlatformAdapter; shortUrl: string };
/** An answer made without asking anyone. */
export type AnswerTarget = { is: 'answer'; key: string; result: NoAdapterOutcome | (DegradedOutcome & { cacheHit: boolean }) };
/** A post-shaped URL on a host no list names: its server's NodeInfo decides (docs/design.md §3). */
export type DiscoverTarget = { is: 'discover'; key: string; url: URL; candidates: readonly FediverseId[]; answer: NoAdapterOutcome; web?: PostTarget | AnswerTarget };

/**
 * What a URL is, as its canonical form tells (`is`; a card's `kind` is another thing): an answer
 * already, a post, a short link, or a host to discover.
 */
export type ResolveTarget = AnswerTarget | DiscoverTarget | PostTarget | ShortLinkTarget;

export class ResolveTargets {
  constructor(
    private readonly platforms: Platforms,
    private readonly settings: Settings,
    /** Absent or off: hosts no list names are `no-adapter` (or web pages), never discovered. */
    private readonly discovery?: Pick<FediverseDiscovery, 'settings'>,
  ) {}

  /** What `input` is, or why it is not a URL this service accepts. */
  of(input: unknown): ResolveTarget | { ok: false; error: string } {
    const accepted = acceptUrl(input, this.settings.maxUrlLength);
    if (!accepted.ok) return accepted;
    const canonical = canonicalize(this.platforms.specs, accepted.url);
    const url = canonical.canonicalUrl;
    if (canonical.platform === 'none') {
      const answer: NoAdapterOutcome = { status: 'no-adapter', platform: 'none', canonicalUrl: url };
      const candidates = this.discovery?.settings.enabled ? fediverseCandidates(this.platforms.specs, accepted.url) : [];
      // With WEB_CARDS on, what discovery does not claim is a page of the open web (docs/design.md §3).
      const web = this.webTarget(accepted.url);
      if (candidates.length) return { is: 'discover', key: `none:${url}`, url: accepted.url, candidates, answer, ...(web ? { web } : {}) };
      return web ?? { is: 'answer', key: `none:${url}`, result: answer };
    }
    const { match } = canonical;
    const { spec } = match;
    if (this.settings.disabledPlatforms.includes(spec.id)) return refusedTarget(spec, url, 'disabled');
    const adapter = this.platforms.adapter(spec.id);
    // Short links are expanded only by platforms whose adapters do so; other pages are not posts.
    if (adapter && match.denotes === 'short' && adapter.readShortLink) return { is: 'short', key: shortLinkCacheKey(spec.id, url), spec, adapter, shortUrl: url };
    if (!adapter || match.denotes !== 'post') return refusedTarget(spec, url, 'unsupported');
    return { is: 'post', key: resultCacheKey(spec.id, match.contentId), spec, adapter, post: postRef(match as PostMatch) };
  }

  /** A page of the open web when WEB_CARDS is on (or its `disabled` answer); undefined when off. */
  private webTarget(url: URL): PostTarget | AnswerTarget | undefined {
    const page = webPageOf(this.platforms.specs, this.settings, url);
    const adapter = page && this.platforms.adapter('web');
    if (!page || !adapter) return undefined;
    if ('disabled' in page) return refusedTarget(page.spec, page.disabled, 'disabled');
    return { is: 'post', key: resultCacheKey('web', page.post.contentId), spec: page.spec, adapter, post: page.post };
  }
}

/** A known platform's answer made without asking it: switched off here, or not a post it resolves. */
export function refusedTarget(spec: RegisteredSpec, url: string, reason: 'disabled' | 'unsupported'): AnswerTarget {
  return { is: 'answer', key: `${reason}:${url}`, result: { ...degraded(spec, url, reason), cacheHit: false } };
}

/** The post a matched URL names, as an adapter is asked for it. */
export function postRef(match: PostMatch): PostRef {
  return { platform: match.spec.id, canonicalUrl: match.canonicalUrl, contentId: match.contentId, ids: match.ids };
}

// A post-shaped URL on a host no list names, once its server's family is known (docs/design.md §3
// "Any other host, discovered"): a post of that family on that server, whose adapter may call that
// host for this post only; else what the URL was without discovery — a page of the open web with
// WEB_CARDS on, otherwise `no-adapter`. The family itself comes from fediverse-discovery.ts.
import { normalisedHost } from '../domain/accept-url.js';
import { resultCacheKey } from '../domain/canonicalize.js';
import { postOnHost, specOnHost } from '../domain/platforms/fediverse-shapes.js';
import type { FediverseDiscovery } from './fediverse-discovery.js';
import type { Platforms } from './platforms.js';
import { postRef, refusedTarget, type AnswerTarget, type DiscoverTarget, type PostTarget } from './resolve-target.js';
import type { Settings } from './settings.js';

export class DiscoveredPosts {
  constructor(
    private readonly platforms: Platforms,
    private readonly settings: Settings,
    private readonly discovery: FediverseDiscovery,
  ) {}

  /**
   * What `target` is once its host has answered: a post on it, `disabled` when its family is
   * switched off here, or the target's answer without discovery. `client` is counted against its
   * share of the minute's new hosts.
   */
  async targetOf(target: DiscoverTarget, client?: string): Promise<PostTarget | AnswerTarget> {
    const none = target.web ?? { is: 'answer' as const, key: target.key, result: target.answer };
    const host = normalisedHost(target.url);
    const id = await this.discovery.familyOf(host, client);
    const family = id && target.candidates.includes(id) ? this.platforms.spec(id) : undefined;
    const match = family && postOnHost(family, target.url);
    if (!family || !match) return none;
    const spec = specOnHost(family, host);
    const url = match.canonicalUrl;
    if (this.settings.disabledPlatforms.includes(spec.id)) return refusedTarget(spec, url, 'disabled');
    const adapter = this.platforms.adapter(spec.id);
    if (!adapter) return none;
    const post = { ...postRef({ ...match, spec, denotes: 'post' }), discoveredHost: host };
    return { is: 'post', key: resultCacheKey(spec.id, match.contentId), spec, adapter, post };
  }
}

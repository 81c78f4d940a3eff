// A post-shaped URL on a host no list names, once its server's family is known (docs/design.md §3
// "Any other host, discovered"): a post of that family on that server, whose adapter may call that
// host for this post only; else what the URL was without discovery — a page of the open web with
// WEB_CARDS on, otherwise `no-adapter`. The family itself comes from fediverse-discovery.ts.
import { normalisedHost } from '../domain/accept-url.js';
import { resultCacheKey } from '../domain/canonicalize.js';
import { postOnHost, ruleOnHost } from '../domain/platforms/fediverse-shapes.js';
import type { PlatformRule } from '../domain/platforms/platform-rule.js';
import type { FediverseDiscovery } from './fediverse-discovery.js';
import type { Platforms } from './platforms.js';
import { postRef, refusedTarget, type AnswerTarget, type DiscoverTarget, type PostTarget } from './resolve-target.js';
import type { Settings } from './settings.js';

export class DiscoveredPosts {
  constructor(
    private readonly rules: readonly PlatformRule[],
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
    const none = target.web ?? { kind: 'answer' as const, key: target.key, result: target.answer };
    const host = normalisedHost(target.url);
    const id = await this.discovery.familyOf(host, client);
    const family = id && target.candidates.includes(id) ? this.rules.find((rule) => rule.id === id) : undefined;
    const match = family && postOnHost(family, target.url);
    if (!family || !match) return none;
    const rule = ruleOnHost(family, host);
    const url = match.canonicalUrl;
    if (this.settings.disabledPlatforms.includes(rule.id)) return refusedTarget(rule, url, 'disabled');
    const adapter = this.platforms.adapter(rule.id);
    if (!adapter) return none;
    const post = { ...postRef({ ...match, rule, kind: 'post' }), discoveredHost: host };
    return { kind: 'post', key: resultCacheKey(rule.id, match.contentId), rule, adapter, post };
  }
}

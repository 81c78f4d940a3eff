// One upstream resolve of a post (docs/design.md §1): the adapter asked through the platform's guard
// within the budget, with the session and egress access gives it; its outcome made safe and
// stored, or, when the upstream fails in a way an older answer may cover, the stale entry kept to
// answer instead. The caller runs it once per post at a time (single-flight).
import type { DegradedOutcome, OkOutcome } from '../domain/outcome.js';
import type { RegisteredSpec } from '../domain/platforms/registered-spec.js';
import { safeCard } from '../domain/safe-card.js';
import { staleMayAnswer } from '../domain/upstream-failure.js';
import type { CachedResult } from './cached-result.js';
import { guardScopeOf } from './guard-scope.js';
import { degraded, okOutcome } from './outcome-of-card.js';
import type { PlatformAdapter, PostRef } from './ports/platform-adapter.port.js';
import type { Hit, ResultCache } from './result-cache.js';
import type { AccessRun } from './short-links.js';
import type { UpstreamCall } from './upstream-call.js';

/** What a fetch stored (or would have), and the stale entry that answers if it failed. */
export type Fetched = { entry: CachedResult; stale?: Hit };

export class PostFetcher {
  constructor(
    private readonly upstream: UpstreamCall,
    /** Upstream work with the platform's next healthy session and egress, or as it is without access turns. */
    private readonly access: AccessRun,
    private readonly results: ResultCache,
  ) {}

  /** The post resolved upstream under `key`, its outcome made safe and stored (or the stale entry kept instead). */
  async fetch(spec: RegisteredSpec, adapter: PlatformAdapter, post: PostRef, key: string, budgetMs: number, requestId: string | undefined): Promise<Fetched> {
    // The egress the answer came through (its name): the post's media are fetched the same way.
    let egress: string | undefined;
    const resolveVia = (signal: AbortSignal) => (way: string | undefined) => {
      egress = way;
      return adapter.resolve(post, signal);
    };
    const result = await this.upstream.run(guardScopeOf(spec, post), budgetMs, (signal) => this.access(post.platform, signal, resolveVia(signal), requestId, post.discoveredHost), requestId);
    // Made safe here, before it is cached, so a fresh answer and a cached one are the same (docs/design.md §4).
    const outcome: OkOutcome | DegradedOutcome = safeCard(
      result.ok
        ? okOutcome(spec, result.canonicalUrl ?? post.canonicalUrl, result.card)
        : { ...degraded(spec, post.canonicalUrl, result.reason), ...('partial' in result ? result.partial : undefined) },
    );
    const entry: CachedResult = { outcome };
    if (result.ok && result.canonicalUrl !== undefined) entry.canonicalFromPlatform = true;
    if (result.ok && result.mediaExpiresAt !== undefined) entry.mediaExpiresAt = result.mediaExpiresAt;
    if (result.ok && result.mediaHeaders) entry.mediaHeaders = result.mediaHeaders;
    if (result.ok && egress !== undefined) entry.egress = egress;
    if (!result.ok && 'handOff' in result && result.handOff !== undefined) entry.handOff = result.handOff;
    if (outcome.status === 'degraded' && staleMayAnswer(outcome.reason)) {
      const stale = await this.results.stale(key, requestId);
      if (stale) return { entry, stale };
    }
    // A refusal of the guard says nothing about the post (circuit-open is not cached anyway; a full
    // bulkhead is this instance's load of the moment): never stored.
    if (!('refused' in result)) this.results.store(key, entry);
    return { entry };
  }
}

// Resolve one URL (docs/design.md §1): plan it — a post, a short link to expand first, a host to
// discover, or an answer the URL alone decides (resolve-target.ts, discovered-post.ts) — then a fresh
// cache hit, else one flight per post through the guarded upstream call, its outcome made safe and
// cached, or a stale `ok` entry when the upstream fails (post-fetcher.ts), and, per response and
// never cached, a `playableUrl` (request-answer.ts). With post-fetcher.ts, the one place where an
// adapter's failure becomes a `degraded` outcome.
import { inject, injectable } from 'tsyringe';
import { resultCacheKey } from '../../domain/canonicalize.js';
import { isProxiableVideo, type MediaMode } from '../../domain/media-token-policy.js';
import type { DegradedOutcome } from '../../domain/outcome.js';
import { ACCESS_TURNS, type AccessTurns } from '../access/access-turns.js';
import { DiscoveredPosts } from '../discovered-post.js';
import { FEDIVERSE_DISCOVERY, type FediverseDiscovery } from '../fediverse-discovery.js';
import { degraded } from '../outcome-of-card.js';
import { PLATFORMS, type Platforms } from '../platforms.js';
import { PlayableUrls, ticketFor } from '../playable-url.js';
import { CACHE, type Cache } from '../ports/cache.port.js';
import { CLOCK, type Clock } from '../ports/clock.port.js';
import { LOGGER, type Logger } from '../ports/logger.port.js';
import { METRICS, type Metrics } from '../ports/metrics.port.js';
import { PLATFORM_GUARD, type PlatformGuard } from '../ports/platform-guard.port.js';
import { SIGNER, type MediaTicket, type Signer } from '../ports/signer.port.js';
import { PostFetcher, type Fetched } from '../post-fetcher.js';
import { RequestAnswers, type Found, type ResolveResult } from '../request-answer.js';
import { forRequest } from '../request-log.js';
import { postRef, ResolveTargets, type PostTarget, type ResolveTarget, type ShortLinkTarget } from '../resolve-target.js';
import { ResultCache } from '../result-cache.js';
import { SETTINGS, type Settings } from '../settings.js';
import { ShortLinks, type AccessRun } from '../short-links.js';
import { SingleFlight } from '../single-flight.js';
import { UpstreamCall } from '../upstream-call.js';

export type { OkResult, ResolveResult } from '../request-answer.js';

export interface ResolveOptions {
  /** Health checks and media refreshes resolve for real: no cache read (the fresh result is still written). */
  skipCacheRead?: boolean;
  /** `proxied` asks for a `playableUrl` on the video, the sound and pictures that need the proxy (default `raw`). */
  media?: MediaMode;
  /** The request this work is for: its id goes on every line logged for it. */
  requestId?: string;
  /** Who asks (`api:{caller}`, `ip:{address}`): a new fediverse host is counted against its share of discovery. */
  client?: string;
}

/** An accepted URL and what answering it takes; made per request, it reads the cache at most once. */
export interface ResolvePlan {
  ok: true;
  /** Identifies what is resolved: the same post under any URL variant has one key. */
  key: string;
  /**
   * The answer that needs no upstream request — one the URL alone decides (no adapter, disabled,
   * unsupported) or a fresh cache hit — at once when this process holds it; else undefined, and
   * `run` then does not read the cache again.
   */
  cached(options?: Pick<ResolveOptions, 'media' | 'requestId'>): ResolveResult | undefined | Promise<ResolveResult | undefined>;
  run(options?: ResolveOptions): Promise<ResolveResult>;
}

/** An answer, and when its media URLs expire (epoch ms) if they do. */
export interface Settled {
  result: ResolveResult;
  mediaExpiresAt?: number;
}

export type Plan = ResolvePlan | { ok: false; error: string };

@injectable()
export class ResolveUseCase {
  private readonly results: ResultCache;
  private readonly targets: ResolveTargets;
  /** Absent: hosts no list names are `no-adapter` (use-case tests built by hand). */
  private readonly discovered?: DiscoveredPosts;
  private readonly shortLinks: ShortLinks;
  private readonly fetcher: PostFetcher;
  private readonly answers: RequestAnswers;
  /** One fetch per post at a time; what it fetched, and the stale entry that answers if it failed. */
  private readonly flights = new SingleFlight<Fetched>();

  constructor(
    @inject(PLATFORMS) private readonly platforms: Platforms,
    @inject(CACHE) cache: Cache,
    @inject(CLOCK) private readonly clock: Clock,
    @inject(LOGGER) private readonly logger: Logger,
    @inject(SETTINGS) private readonly settings: Settings,
    @inject(SIGNER) signer: Signer,
    @inject(PLATFORM_GUARD) guard: PlatformGuard,
    // Optional for use-case tests that build this by hand; the composition always gives one.
    @inject(METRICS) private readonly metrics?: Metrics,
    @inject(ACCESS_TURNS) turns?: AccessTurns,
    @inject(FEDIVERSE_DISCOVERY) discovery?: FediverseDiscovery,
  ) {
    // Upstream work with the platform's next healthy session and egress, or as it is without access turns.
    const access: AccessRun = turns ? (platform, signal, work, requestId, host) => turns.run(platform, signal, work, requestId, host) : (_platform, _signal, work) => work(undefined);
    const upstream = new UpstreamCall(guard, logger);
    this.results = new ResultCache(cache, clock, logger, settings);
    this.targets = new ResolveTargets(platforms, settings, discovery);
    this.discovered = discovery && new DiscoveredPosts(platforms, settings, discovery);
    this.shortLinks = new ShortLinks(platforms.specs, cache, upstream, access);
    this.fetcher = new PostFetcher(upstream, access, this.results);
    this.answers = new RequestAnswers(new PlayableUrls(settings, clock, signer, logger), platforms);
  }

  /**
   * Resolves one URL; `mediaExpiresAt` (epoch ms) is when the answer's media URLs stop working, for
   * callers that say how long an answer may be kept (oEmbed's `cache_age`).
   */
  async execute(input: unknown, options: ResolveOptions = {}): Promise<({ ok: true } & Settled) | { ok: false; error: string }> {
    const target = this.targets.of(input);
    if ('error' in target) return target;
    return { ok: true, ...(await this.settle(target, options)) };
  }

  plan(input: unknown): Plan {
    const target = this.targets.of(input);
    if ('error' in target) return target;
    let cacheMissed = false;
    return {
      ok: true,
      key: target.key,
      cached: (options = {}) => {
        if (target.is !== 'post') return target.is === 'answer' ? this.counted(target.result) : undefined;
        const asked = target.post.canonicalUrl;
        const held = this.results.held(target.key, options.requestId);
        // A page handed to a platform is answered by `run`, which follows it.
        if (held) return held.entry.handOff ? undefined : this.counted(this.answers.of(this.hit({ ...held, asked }), options));
        return this.results.fresh(target.key, options.requestId).then((hit) => {
          cacheMissed = !hit;
          return hit && !hit.entry.handOff ? this.counted(this.answers.of(this.hit({ ...hit, asked }), options)) : undefined;
        });
      },
      run: async (options = {}) => (await this.settle(target, options, cacheMissed)).result,
    };
  }

  /** The answer for a target, from the cache or the upstream, with its media's expiry. */
  private async settle(target: ResolveTarget, options: ResolveOptions, cacheMissed = false, budgetMs = this.settings.resolveBudgetMs): Promise<Settled> {
    if (target.is === 'answer') return { result: this.counted(target.result) };
    if (target.is === 'discover') {
      // Discovery's time comes out of the resolve's budget: the whole answer stays within it.
      const started = this.clock.now();
      const discovered = await this.discovered!.targetOf(target, options.client);
      return this.settle(discovered, options, cacheMissed, Math.max(0, budgetMs - (this.clock.now() - started)));
    }
    const started = this.clock.now();
    const found = await this.find(target, options, cacheMissed, budgetMs);
    if (!('entry' in found)) return { result: this.counted(found) };
    const handedTo = found.entry.handOff === undefined ? undefined : this.targets.of(found.entry.handOff);
    // A web page whose redirects led to a platform's URL (docs/design.md §3): that platform answers, within what is left of the budget.
    if (handedTo && !('error' in handedTo) && handedTo.is !== 'discover' && !(handedTo.is === 'post' && handedTo.spec.id === 'web')) {
      return this.settle(handedTo, options, false, Math.max(0, budgetMs - (this.clock.now() - started)));
    }
    const result = this.counted(this.answers.of(found, options));
    const { mediaExpiresAt } = found.entry;
    return mediaExpiresAt === undefined ? { result } : { result, mediaExpiresAt };
  }

  /**
   * The media proxy's refresh: resolves the post again without reading the cache (the fresh result
   * is cached as usual) and returns a ticket for its video, or `undefined` when the post no longer
   * has a video the proxy may fetch (degraded, no video, or a URL off the platform's allowlist).
   */
  async freshMediaTicket(canonicalUrl: string, requestId?: string): Promise<MediaTicket | undefined> {
    const named = this.targets.of(canonicalUrl);
    const target = 'error' in named || named.is !== 'discover' ? named : await this.discovered!.targetOf(named);
    if ('error' in target || target.is === 'answer') return undefined;
    const found = await this.find(target, { skipCacheRead: true, requestId });
    if (!('entry' in found) || found.result.status !== 'ok') return undefined;
    const { result } = found;
    // The post's playable file: its video, or its sound when it has none.
    const file = result.video ?? result.audio;
    return file && isProxiableVideo(file, this.platforms.spec(result.platform).mediaHosts) ? ticketFor(result, file, found.entry.mediaHeaders, found.entry.egress) : undefined;
  }

  /**
   * The post's entry: a fresh hit unless the plan's cache read missed already (or none is wanted),
   * else from the post's flight. A short link is expanded first, the whole within one budget.
   */
  private async find(target: PostTarget | ShortLinkTarget, options: ResolveOptions, cacheMissed = false, budgetMs = this.settings.resolveBudgetMs): Promise<Found | ResolveResult> {
    const { spec, adapter } = target;
    const { requestId } = options;
    if (target.is === 'short') {
      const deadline = this.clock.now() + budgetMs;
      const expanded = await this.shortLinks.postOf(spec, adapter, target.shortUrl, target.key, { ...options, budgetMs });
      if (!expanded.ok) return { ...degraded(spec, target.shortUrl, expanded.reason), cacheHit: false };
      const post = postRef(expanded.post);
      return this.find({ is: 'post', key: resultCacheKey(spec.id, post.contentId), spec, adapter, post }, options, false, deadline - this.clock.now());
    }
    const { key, post } = target;
    if (!options.skipCacheRead && !cacheMissed) {
      const hit = await this.results.fresh(key, requestId);
      if (hit) return this.hit({ ...hit, asked: post.canonicalUrl });
    }
    // Fresh reads (health checks, media refreshes) share a flight only with each other, so they
    // never reuse a cached answer, stale ones included: they exist to see the upstream as it is.
    const flightKey = options.skipCacheRead ? `fresh:${key}` : key;
    // The flight's lines carry the id of the request that started it.
    const fetched = await this.flights.run(flightKey, () => this.fetcher.fetch(spec, adapter, post, key, budgetMs, requestId));
    if (fetched.stale && !options.skipCacheRead) {
      const fields = { platform: spec.id, reason: (fetched.entry.outcome as DegradedOutcome).reason };
      this.logger.debug(forRequest(requestId, fields), 'upstream failed; answered from a stale cache entry');
      this.metrics?.cacheAnswered('stale');
      return { ...fetched.stale, asked: post.canonicalUrl };
    }
    if (!options.skipCacheRead) this.metrics?.cacheAnswered('miss');
    return { entry: fetched.entry, result: { ...fetched.entry.outcome, cacheHit: false }, asked: post.canonicalUrl };
  }

  /** Counts a fresh cache hit on its way to the answer. */
  private hit(found: Found): Found {
    this.metrics?.cacheAnswered('hit');
    return found;
  }

  /** Counts an answered resolve by platform, status and reason. */
  private counted<R extends ResolveResult>(result: R): R {
    this.metrics?.resolved(result.platform, result.status, result.status === 'degraded' ? result.reason : undefined);
    return result;
  }
}

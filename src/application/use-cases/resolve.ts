// Resolve one URL (docs/design.md §1): plan it — a post, a short link to expand first, or an answer the URL
// alone decides — then a fresh cache hit, else one flight per post through the guarded upstream
// call, its outcome made safe and cached (or a stale `ok` entry when the upstream fails), and, per
// response and never cached, a `playableUrl`. The one place where an adapter's failure becomes a
// `degraded` outcome.
import { inject, injectable } from 'tsyringe';
import { acceptUrl } from '../../domain/accept-url.js';
import type { ServedImage } from '../../domain/card.js';
import { canonicalize, resultCacheKey, shortLinkCacheKey } from '../../domain/canonicalize.js';
import { isProxiableVideo, type MediaMode } from '../../domain/media-token-policy.js';
import type { DegradedOutcome, NoAdapterOutcome, OkOutcome } from '../../domain/outcome.js';
import type { PlatformRule } from '../../domain/platforms/platform-rule.js';
import { safeCard } from '../../domain/safe-card.js';
import { staleMayAnswer } from '../../domain/upstream-failure.js';
import type { CachedResult } from '../cached-result.js';
import { PlayableUrls, ticketFor, type AnsweredImage, type AnsweredVideo } from '../playable-url.js';
import { CACHE, type Cache } from '../ports/cache.port.js';
import { CLOCK, type Clock } from '../ports/clock.port.js';
import { LOGGER, type Logger } from '../ports/logger.port.js';
import { METRICS, type Metrics } from '../ports/metrics.port.js';
import { PLATFORMS, type Platforms } from '../platforms.js';
import type { PlatformAdapter, PostRef } from '../ports/platform-adapter.port.js';
import { PLATFORM_GUARD, type PlatformGuard } from '../ports/platform-guard.port.js';
import { SIGNER, type MediaTicket, type Signer } from '../ports/signer.port.js';
import { forRequest } from '../request-log.js';
import { ResultCache, type Hit } from '../result-cache.js';
import { PLATFORM_RULES, SETTINGS, type PlatformRules, type Settings } from '../settings.js';
import { ShortLinks, type PostMatch } from '../short-links.js';
import { SingleFlight } from '../single-flight.js';
import { UpstreamCall } from '../upstream-call.js';
import { guardScopeOf } from '../guard-scope.js';
import { ACCESS_TURNS, type AccessTurns } from '../access/access-turns.js';
import type { AccessRun } from '../short-links.js';
import { degraded, okOutcome } from '../outcome-of-card.js';
import { FEDIVERSE_DISCOVERY, type FediverseDiscovery } from '../fediverse-discovery.js';
import { fediverseCandidates, postOnHost, ruleOnHost } from '../../domain/platforms/fediverse-shapes.js';
import type { FediverseId } from '../../domain/platforms/fediverse-software.js';
import { normalisedHost } from '../../domain/accept-url.js';
import { webPageOf } from '../web-page.js';

export type OkResult = Omit<OkOutcome, 'video' | 'audio' | 'image' | 'images'> & {
  video?: AnsweredVideo;
  audio?: NonNullable<OkOutcome['audio']> & { playableUrl?: string };
  image?: AnsweredImage;
  images?: AnsweredImage[];
};
export type ResolveResult = ((OkResult | DegradedOutcome) & { cacheHit: boolean }) | NoAdapterOutcome;

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

/** What a URL is, as its canonical form tells: an answer already, a post, or a short link. */
type Target =
  | { kind: 'answer'; key: string; result: ResolveResult }
  /** A post-shaped URL on a host no list names: its server's NodeInfo decides (docs/design.md §3). */
  | { kind: 'discover'; key: string; url: URL; candidates: readonly FediverseId[]; answer: NoAdapterOutcome; web?: Target }
  | { kind: 'post'; key: string; rule: PlatformRule; adapter: PlatformAdapter; post: PostRef }
  | { kind: 'short'; key: string; rule: PlatformRule; adapter: PlatformAdapter; shortUrl: string };

/**
 * An entry and its outcome as answered (a hit, or what a flight fetched), and the canonical URL of
 * the post as this request named it: one entry serves every spelling of a post.
 */
type Found = Pick<Hit, 'entry'> & { result: (OkOutcome | DegradedOutcome) & { cacheHit: boolean }; asked: string };

@injectable()
export class ResolveUseCase {
  private readonly results: ResultCache;
  private readonly upstream: UpstreamCall;
  private readonly shortLinks: ShortLinks;
  private readonly playable: PlayableUrls;
  /** Upstream work with the platform's next healthy session and way out, or as it is without access turns. */
  private readonly access: AccessRun;
  /** One fetch per post at a time; what it fetched, and the stale entry that answers if it failed. */
  private readonly flights = new SingleFlight<{ entry: CachedResult; stale?: Hit }>();

  constructor(
    @inject(PLATFORM_RULES) private readonly rules: PlatformRules,
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
    // Absent: hosts no list names are `no-adapter` (use-case tests built by hand).
    @inject(FEDIVERSE_DISCOVERY) private readonly discovery?: FediverseDiscovery,
  ) {
    this.access = turns ? (platform, signal, work, requestId, host) => turns.run(platform, signal, work, requestId, host) : (_platform, _signal, work) => work(undefined);
    this.results = new ResultCache(cache, clock, logger, settings);
    this.upstream = new UpstreamCall(guard, logger);
    this.shortLinks = new ShortLinks(rules, cache, this.upstream, this.access);
    this.playable = new PlayableUrls(settings, clock, signer, logger);
  }

  /**
   * Resolves one URL; `mediaExpiresAt` (epoch ms) is when the answer's media URLs stop working, for
   * callers that say how long an answer may be kept (oEmbed's `cache_age`).
   */
  async execute(input: unknown, options: ResolveOptions = {}): Promise<({ ok: true } & Settled) | { ok: false; error: string }> {
    const target = this.target(input);
    if ('error' in target) return target;
    return { ok: true, ...(await this.settle(target, options)) };
  }

  plan(input: unknown): Plan {
    const target = this.target(input);
    if ('error' in target) return target;
    let cacheMissed = false;
    return {
      ok: true,
      key: target.key,
      cached: (options = {}) => {
        if (target.kind !== 'post') return target.kind === 'answer' ? this.counted(target.result) : undefined;
        const asked = target.post.canonicalUrl;
        const held = this.results.held(target.key, options.requestId);
        // A page handed to a platform is answered by `run`, which follows it.
        if (held) return held.entry.handOff ? undefined : this.counted(this.answer(this.hit({ ...held, asked }), options));
        return this.results.fresh(target.key, options.requestId).then((hit) => {
          cacheMissed = !hit;
          return hit && !hit.entry.handOff ? this.counted(this.answer(this.hit({ ...hit, asked }), options)) : undefined;
        });
      },
      run: async (options = {}) => (await this.settle(target, options, cacheMissed)).result,
    };
  }

  /** The answer for a target, from the cache or the upstream, with its media's expiry. */
  private async settle(target: Target, options: ResolveOptions, cacheMissed = false, budgetMs = this.settings.resolveBudgetMs): Promise<Settled> {
    if (target.kind === 'answer') return { result: this.counted(target.result) };
    if (target.kind === 'discover') {
      // Discovery's time comes out of the resolve's budget: the whole answer stays within it.
      const started = this.clock.now();
      const discovered = await this.discovered(target, options.client);
      return this.settle(discovered, options, cacheMissed, Math.max(0, budgetMs - (this.clock.now() - started)));
    }
    const started = this.clock.now();
    const found = await this.find(target, options, cacheMissed, budgetMs);
    if (!('entry' in found)) return { result: this.counted(found) };
    const handedTo = found.entry.handOff === undefined ? undefined : this.target(found.entry.handOff);
    // A web page whose redirects led to a platform's URL (docs/design.md §3): that platform answers, within what is left of the budget.
    if (handedTo && !('error' in handedTo) && handedTo.kind !== 'discover' && !(handedTo.kind === 'post' && handedTo.rule.id === 'web')) {
      return this.settle(handedTo, options, false, Math.max(0, budgetMs - (this.clock.now() - started)));
    }
    const result = this.counted(this.answer(found, options));
    const { mediaExpiresAt } = found.entry;
    return mediaExpiresAt === undefined ? { result } : { result, mediaExpiresAt };
  }

  /**
   * The media proxy's refresh: resolves the post again without reading the cache (the fresh result
   * is cached as usual) and returns a ticket for its video, or `undefined` when the post no longer
   * has a video the proxy may fetch (degraded, no video, or a URL off the platform's allowlist).
   */
  async freshMediaTicket(canonicalUrl: string, requestId?: string): Promise<MediaTicket | undefined> {
    const named = this.target(canonicalUrl);
    const target = 'error' in named || named.kind !== 'discover' ? named : await this.discovered(named);
    if ('error' in target || target.kind === 'answer') return undefined;
    const found = await this.find(target, { skipCacheRead: true, requestId });
    if (!('entry' in found) || found.result.status !== 'ok') return undefined;
    const { result } = found;
    // The post's playable file: its video, or its sound when it has none.
    const file = result.video ?? result.audio;
    return file && isProxiableVideo(file, this.platforms.spec(result.platform).mediaHosts) ? ticketFor(result, file, found.entry.mediaHeaders, found.entry.egress) : undefined;
  }

  /** What the URL is, decided from the URL alone (no cache, no upstream). */
  private target(input: unknown): Target | { ok: false; error: string } {
    const accepted = acceptUrl(input, this.settings.maxUrlLength);
    if (!accepted.ok) return accepted;
    const canonical = canonicalize(this.rules, accepted.url);
    const url = canonical.canonicalUrl;
    if (canonical.platform === 'none') {
      const answer: NoAdapterOutcome = { status: 'no-adapter', platform: 'none', canonicalUrl: url };
      const candidates = this.discovery?.settings.enabled ? fediverseCandidates(this.rules, accepted.url) : [];
      // With WEB_CARDS on, what discovery does not claim is a page of the open web (docs/design.md §3).
      const web = this.webTarget(accepted.url);
      if (candidates.length) return { kind: 'discover', key: `none:${url}`, url: accepted.url, candidates, answer, ...(web ? { web } : {}) };
      return web ?? { kind: 'answer', key: `none:${url}`, result: answer };
    }
    const { match } = canonical;
    const { rule } = match;
    if (this.settings.disabledPlatforms.includes(rule.id)) return refusedTarget(rule, url, 'disabled');
    const adapter = this.platforms.adapter(rule.id);
    // Short links are expanded only by platforms whose adapters do so; other pages are not posts.
    if (adapter && match.kind === 'short' && adapter.readShortLink) return { kind: 'short', key: shortLinkCacheKey(rule.id, url), rule, adapter, shortUrl: url };
    if (!adapter || match.kind !== 'post') return refusedTarget(rule, url, 'unsupported');
    return { kind: 'post', key: resultCacheKey(rule.id, match.contentId), rule, adapter, post: postRef(match as PostMatch) };
  }

  /** A page of the open web when WEB_CARDS is on (or its `disabled` answer); undefined when off. */
  private webTarget(url: URL): Extract<Target, { kind: 'post' | 'answer' }> | undefined {
    const page = webPageOf(this.rules, this.settings, url);
    const adapter = page && this.platforms.adapter('web');
    if (!page || !adapter) return undefined;
    if ('disabled' in page) return refusedTarget(page.rule, page.disabled, 'disabled');
    return { kind: 'post', key: resultCacheKey('web', page.post.contentId), rule: page.rule, adapter, post: page.post };
  }

  /**
   * What a URL on an unlisted host is once its server's family is known: a post of that family on
   * that server (its adapter may call that host, for this post only), or `no-adapter`.
   */
  private async discovered(target: Extract<Target, { kind: 'discover' }>, client?: string): Promise<Exclude<Target, { kind: 'discover' }>> {
    const none = (target.web as Exclude<Target, { kind: 'discover' }> | undefined) ?? { kind: 'answer' as const, key: target.key, result: target.answer };
    const host = normalisedHost(target.url);
    const id = await this.discovery!.familyOf(host, client);
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

  /**
   * The post's entry: a fresh hit unless the plan's cache read missed already (or none is wanted),
   * else from the post's flight. A short link is expanded first, the whole within one budget.
   */
  private async find(target: Extract<Target, { kind: 'post' | 'short' }>, options: ResolveOptions, cacheMissed = false, budgetMs = this.settings.resolveBudgetMs): Promise<Found | ResolveResult> {
    const { rule, adapter } = target;
    const { requestId } = options;
    if (target.kind === 'short') {
      const deadline = this.clock.now() + budgetMs;
      const expanded = await this.shortLinks.postOf(rule, adapter, target.shortUrl, target.key, { ...options, budgetMs });
      if (!expanded.ok) return { ...degraded(rule, target.shortUrl, expanded.reason), cacheHit: false };
      const post = postRef(expanded.post);
      return this.find({ kind: 'post', key: resultCacheKey(rule.id, post.contentId), rule, adapter, post }, options, false, deadline - this.clock.now());
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
    const fetched = await this.flights.run(flightKey, () => this.fetch(rule, adapter, post, key, budgetMs, requestId));
    if (fetched.stale && !options.skipCacheRead) {
      const fields = { platform: rule.id, reason: (fetched.entry.outcome as DegradedOutcome).reason };
      this.logger.debug(forRequest(requestId, fields), 'upstream failed; answered from a stale cache entry');
      this.metrics?.cacheAnswered('stale');
      return { ...fetched.stale, asked: post.canonicalUrl };
    }
    if (!options.skipCacheRead) this.metrics?.cacheAnswered('miss');
    return { entry: fetched.entry, result: { ...fetched.entry.outcome, cacheHit: false }, asked: post.canonicalUrl };
  }

  /** One upstream resolve of the post, its outcome made safe and stored (or the stale entry kept instead). */
  private async fetch(rule: PlatformRule, adapter: PlatformAdapter, post: PostRef, key: string, budgetMs: number, requestId: string | undefined): Promise<{ entry: CachedResult; stale?: Hit }> {
    // The way out the answer came through (its name): the post's media are fetched the same way.
    let egress: string | undefined;
    const resolveVia = (signal: AbortSignal) => (way: string | undefined) => {
      egress = way;
      return adapter.resolve(post, signal);
    };
    const result = await this.upstream.run(guardScopeOf(rule, post), budgetMs, (signal) => this.access(post.platform, signal, resolveVia(signal), requestId, post.discoveredHost), requestId);
    // Made safe here, before it is cached, so a fresh answer and a cached one are the same (docs/design.md §4).
    const outcome: OkOutcome | DegradedOutcome = safeCard(
      result.ok
        ? okOutcome(rule, result.canonicalUrl ?? post.canonicalUrl, result.card)
        : { ...degraded(rule, post.canonicalUrl, result.reason), ...('partial' in result ? result.partial : undefined) },
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

  /**
   * The result as this request gets it: under the canonical URL it asked for, unless the platform
   * spelled the post's URL itself (docs/design.md §3: the handle as the platform writes it) — the entry may
   * have been stored by another spelling of the same post; with a `playableUrl` when asked for and
   * allowed, on its video and sound and on each picture that needs the proxy.
   */
  private answer(found: Found, { media = 'raw', requestId }: Pick<ResolveOptions, 'media' | 'requestId'>): ResolveResult {
    const { entry, asked } = found;
    // A copy only when the spelling differs: the common answer stays the shared, frozen one.
    const result = found.result.canonicalUrl === asked || entry.canonicalFromPlatform ? found.result : { ...found.result, canonicalUrl: asked };
    if (result.status !== 'ok' || media !== 'proxied') return result;
    const proxiedPictures = result.image?.needsProxy === true || result.images?.some((image) => image.needsProxy) === true;
    if (!(result.video || result.audio || proxiedPictures)) return result;
    const mediaHosts = this.platforms.spec(result.platform).mediaHosts;
    const mint = (file: { url: string; mimeType: string }) => this.playable.mint(result, file, entry, mediaHosts, media, requestId);
    const videoUrl = result.video && mint(result.video);
    const audioUrl = result.audio && mint(result.audio);
    const picture = (image: ServedImage) => this.playable.picture(result, image, entry, mediaHosts, media, requestId);
    const image = proxiedPictures && result.image ? picture(result.image) : result.image;
    const images = proxiedPictures ? result.images?.map(picture) : result.images;
    const pictured = image !== result.image || images?.some((item, i) => item !== result.images![i]) === true;
    if (videoUrl === undefined && audioUrl === undefined && !pictured) return result;
    // New media objects: the ones in `result` may be shared (a flight's callers, a hit's answer).
    const answered: OkResult & { cacheHit: boolean } = { ...result };
    if (videoUrl !== undefined) answered.video = { ...result.video!, playableUrl: videoUrl };
    if (audioUrl !== undefined) answered.audio = { ...result.audio!, playableUrl: audioUrl };
    if (image) answered.image = image;
    if (images) answered.images = images;
    return answered;
  }
}

/** A known platform's answer made without asking it: switched off here, or not a post it resolves. */
function refusedTarget(rule: PlatformRule, url: string, reason: 'disabled' | 'unsupported'): Extract<Target, { kind: 'answer' }> {
  return { kind: 'answer', key: `${reason}:${url}`, result: { ...degraded(rule, url, reason), cacheHit: false } };
}

function postRef(match: PostMatch): PostRef {
  return { platform: match.rule.id, canonicalUrl: match.canonicalUrl, contentId: match.contentId, ids: match.ids };
}

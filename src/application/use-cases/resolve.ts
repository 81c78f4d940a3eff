// Resolve one URL: accept, canonicalise, cache, single-flight, the platform's guard (breaker and
// bulkhead), adapter within the budget, outcome (or a stale `ok` entry when the upstream fails),
// then (per response, never cached) a `playableUrl` when the media-token policy allows one.
// This is the one place where an adapter's failure becomes a `degraded` outcome.
import { inject, injectable } from 'tsyringe';
import { acceptUrl } from '../../domain/accept-url.js';
import { cacheLifetime, isFresh, isUsable, jitterUnit, rearmedTimes } from '../../domain/cache-policy.js';
import { canonicalize, resultCacheKey, shortLinkCacheKey } from '../../domain/canonicalize.js';
import type { Card, Video } from '../../domain/card.js';
import { fitsTokenCap, isProxiableVideo, mayMintPlayableUrl, tokenExpiresAt, type MediaMode } from '../../domain/media-token-policy.js';
import type { DegradedOutcome, NoAdapterOutcome, OkOutcome } from '../../domain/outcome.js';
import type { PlatformRule } from '../../domain/platforms/platform-rule.js';
import type { PlatformId } from '../../domain/platforms/platform-id.js';
import type { Reason } from '../../domain/reasons.js';
import { safeCard } from '../../domain/safe-card.js';
import { staleMayAnswer } from '../../domain/upstream-failure.js';
import { readCachedResult, type CachedResult } from '../cached-result.js';
import { isUpstreamError } from '../errors.js';
import { forRequest } from '../request-log.js';
import { CACHE, type Cache } from '../ports/cache.port.js';
import { CLOCK, type Clock } from '../ports/clock.port.js';
import { LOGGER, type Logger } from '../ports/logger.port.js';
import { PLATFORMS, type Platforms } from '../platforms.js';
import type { AdapterResult, PlatformAdapter, PostRef } from '../ports/platform-adapter.port.js';
import { PLATFORM_GUARD, type GuardedAnswer, type PlatformGuard } from '../ports/platform-guard.port.js';
import { SIGNER, type MediaTicket, type Signer } from '../ports/signer.port.js';
import { PLATFORM_RULES, SETTINGS, type PlatformRules, type Settings } from '../settings.js';
import { SingleFlight } from '../single-flight.js';
import { withinBudget } from '../budget.js';
import { expandShortLink, postMatchOf, SHORT_LINK_TTL_SECONDS, type Expansion, type PostMatch } from '../short-links.js';

/** The card's video as answered: `playableUrl` only when the request asked for `media=proxied` and the policy allows it. */
export type AnsweredVideo = Video & { playableUrl?: string };
export type OkResult = Omit<OkOutcome, 'video'> & { video?: AnsweredVideo };

export type ResolveResult =
  | ((OkResult | DegradedOutcome) & { cacheHit: boolean })
  | NoAdapterOutcome;

/**
 * A result as the use case holds it: what the client sees plus the media material the proxy needs
 * (the same pair the cache stores). `mediaHeaders` is secret and never leaves the use case except
 * sealed inside a token.
 */
interface Resolved {
  result: ResolveResult;
  mediaExpiresAt?: number;
  mediaHeaders?: Readonly<Record<string, string>>;
}

export interface ResolveOptions {
  /** Health checks resolve for real: skip the cache read (the fresh result is still written). */
  skipCacheRead?: boolean;
  /** `proxied` asks for a `playableUrl` on the video (default `raw`). */
  media?: MediaMode;
  /** The request this work is for: its id goes on every line logged for it. */
  requestId?: string;
}

/** A URL that was accepted, ready to run; `key` identifies the post (same post, same key). */
export interface PreparedResolve {
  ok: true;
  key: string;
  run(options?: ResolveOptions): Promise<ResolveResult>;
  /**
   * The answer `run` would give when it needs no upstream request and writes nothing: a fresh cache
   * hit, or an answer the URL alone decides (no adapter, disabled, unsupported); otherwise
   * `undefined`. The hot path answers with it and leaves everything else to `run`.
   */
  runFromCache(options?: Pick<ResolveOptions, 'media' | 'requestId'>): ResolveResult | undefined | Promise<ResolveResult | undefined>;
}

export type Prepared = PreparedResolve | { ok: false; error: string };

/** What one upstream fetch gave every caller of its flight. */
interface Fetched {
  entry: CachedResult;
  /**
   * When the fetch failed upstream (or was refused by the guard): the `ok` entry still in the
   * cache, fresh or inside its stale-if-error window, which answers instead for callers that read
   * the cache.
   */
  stale?: CachedResult;
}

/** An upstream call that did not answer: a thrown error or the budget, mapped to a reason; `refused` when the guard made no call. */
type CallFailure = { ok: false; reason: Reason; refused?: true };

type PreparedInternal =
  | {
      ok: true;
      key: string;
      resolve(options?: ResolveOptions): Promise<Resolved>;
      fromCache(requestId?: string): Promise<Resolved | undefined>;
      /** A fresh hit this process holds, given without waiting (see Cache.peek); posts only. */
      heldHit?(requestId?: string): Resolved | undefined;
    }
  | { ok: false; error: string };

@injectable()
export class ResolveUseCase {
  private readonly flights = new SingleFlight<Fetched>();
  private readonly expansions = new SingleFlight<Expansion>();

  constructor(
    @inject(PLATFORM_RULES) private readonly rules: PlatformRules,
    @inject(PLATFORMS) private readonly platforms: Platforms,
    @inject(CACHE) private readonly cache: Cache,
    @inject(CLOCK) private readonly clock: Clock,
    @inject(LOGGER) private readonly logger: Logger,
    @inject(SETTINGS) private readonly settings: Settings,
    @inject(SIGNER) private readonly signer: Signer,
    @inject(PLATFORM_GUARD) private readonly guard: PlatformGuard,
  ) {}

  async execute(input: unknown, options: ResolveOptions = {}): Promise<{ ok: true; result: ResolveResult } | { ok: false; error: string }> {
    const prepared = this.prepare(input);
    if (!prepared.ok) return prepared;
    return { ok: true, result: await prepared.run(options) };
  }

  /**
   * The media proxy's refresh: resolves the post again without reading the cache (the fresh result
   * is cached as usual) and returns a ticket for its video, or `undefined` when the post no longer
   * has a video the proxy may fetch (degraded, no video, or a URL off the platform's allowlist).
   */
  async freshMediaTicket(canonicalUrl: string, requestId?: string): Promise<MediaTicket | undefined> {
    const prepared = this.prepareInternal(canonicalUrl);
    if (!prepared.ok) return undefined;
    const { result, mediaHeaders } = await prepared.resolve({ skipCacheRead: true, requestId });
    if (result.status !== 'ok' || !result.video) return undefined;
    if (!isProxiableVideo(result.video, this.platforms.spec(result.platform).mediaHosts)) return undefined;
    return ticketFor(result, result.video, mediaHeaders);
  }

  prepare(input: unknown): Prepared {
    const prepared = this.prepareInternal(input);
    if (!prepared.ok) return prepared;
    return {
      ok: true,
      key: prepared.key,
      run: async (options = {}) => this.answer(await prepared.resolve(options), options),
      runFromCache: (options = {}) => {
        // A hit held in this process is answered at once; anything else takes the async road.
        const held = prepared.heldHit?.(options.requestId);
        if (held) return this.answer(held, options);
        return prepared.fromCache(options.requestId).then((resolved) => resolved && this.answer(resolved, options));
      },
    };
  }

  /**
   * The result as the client sees it. A `playableUrl` is minted here, for this response only: the
   * token seals the video URL with its secret headers and is never cached, so a cached result still
   * gets a fresh token with a full lifetime.
   */
  private answer(resolved: Resolved, { media: mode = 'raw', requestId }: ResolveOptions): ResolveResult {
    const { result } = resolved;
    if (result.status !== 'ok' || !result.video) return result;
    const { video } = result;
    if (!mayMintPlayableUrl({ mode, proxyEnabled: this.settings.proxyEnabled, video, mediaHosts: this.platforms.spec(result.platform).mediaHosts })) return result;
    const expiresAt = tokenExpiresAt(this.clock.now(), this.settings.proxyTokenTtl, resolved.mediaExpiresAt);
    if (expiresAt === undefined) return result;
    const token = this.signer.seal(ticketFor(result, video, resolved.mediaHeaders), expiresAt);
    if (!fitsTokenCap(token)) {
      this.logger.warn(forRequest(requestId, { platform: result.platform, tokenLength: token.length }), 'media token over the length cap; playableUrl left out');
      return result;
    }
    // A new video object: the one in `result` may be shared with concurrent callers of the flight.
    return { ...result, video: { ...video, playableUrl: `${this.settings.publicBaseUrl.replace(/\/+$/, '')}/v/${token}` } };
  }

  private prepareInternal(input: unknown): PreparedInternal {
    const accepted = acceptUrl(input, this.settings.maxUrlLength);
    if (!accepted.ok) return accepted;
    const canonical = canonicalize(this.rules, accepted.url);
    if (canonical.platform === 'none') {
      const result: NoAdapterOutcome = { status: 'no-adapter', platform: 'none', canonicalUrl: canonical.canonicalUrl };
      const resolve = async () => ({ result });
      return { ok: true, key: `none:${canonical.canonicalUrl}`, resolve, fromCache: resolve };
    }
    const { match } = canonical;
    const rule = match.rule;
    const degradedNow = (reason: Reason) => async (): Promise<Resolved> => ({ result: { ...degraded(rule, canonical.canonicalUrl, reason), cacheHit: false } });
    if (this.settings.disabledPlatforms.includes(rule.id)) {
      return { ok: true, key: `disabled:${canonical.canonicalUrl}`, resolve: degradedNow('disabled'), fromCache: degradedNow('disabled') };
    }
    const adapter = this.platforms.adapter(rule.id);
    // Short links are expanded only by platforms whose adapters do so; other pages are not posts.
    if (adapter && match.kind === 'short' && adapter.readShortLink) {
      const key = shortLinkCacheKey(rule.id, match.canonicalUrl);
      return { ok: true, key, resolve: (options = {}) => this.resolveShortLink(rule, adapter, match.canonicalUrl, key, options), fromCache: async () => undefined };
    }
    if (!adapter || match.kind !== 'post') {
      return { ok: true, key: `unsupported:${canonical.canonicalUrl}`, resolve: degradedNow('unsupported'), fromCache: degradedNow('unsupported') };
    }
    const key = resultCacheKey(rule.id, match.contentId);
    return {
      ok: true,
      key,
      resolve: (options = {}) => this.resolvePost(rule, adapter, postRef(rule, match as PostMatch), key, options),
      fromCache: (requestId) => this.freshFromCache(key, requestId),
      heldHit: (requestId) => this.freshHeldHit(key, requestId),
    };
  }

  /**
   * Expands a short link (cached for a day), then resolves the post it names under that post's
   * own cache key; the whole takes no longer than one resolve budget.
   */
  private async resolveShortLink(rule: PlatformRule, adapter: PlatformAdapter, shortUrl: string, shortKey: string, options: ResolveOptions): Promise<Resolved> {
    const deadline = this.clock.now() + this.settings.resolveBudgetMs;
    let post = options.skipCacheRead ? undefined : postMatchOf(this.rules, rule, await this.cache.get(shortKey));
    if (!post) {
      const expansion = await this.expansions.run(shortKey, () => this.expand(rule, adapter, shortUrl, options.requestId));
      if (!expansion.ok) return { result: { ...degraded(rule, shortUrl, expansion.reason), cacheHit: false } };
      post = postMatchOf(this.rules, rule, expansion.url);
      if (!post) return { result: { ...degraded(rule, shortUrl, 'upstream-error'), cacheHit: false } };
      void this.cache.set(shortKey, expansion.url, SHORT_LINK_TTL_SECONDS);
    }
    const key = resultCacheKey(rule.id, post.contentId);
    return this.resolvePost(rule, adapter, postRef(rule, post), key, options, deadline - this.clock.now());
  }

  private async expand(rule: PlatformRule, adapter: PlatformAdapter, shortUrl: string, requestId: string | undefined): Promise<Expansion> {
    const expansion = await this.callUpstream(rule.id, this.settings.resolveBudgetMs, (signal) => expandShortLink(this.rules, rule, adapter, shortUrl, signal), requestId);
    return expansion.ok ? expansion : { ok: false, reason: expansion.reason };
  }

  private async resolvePost(
    rule: PlatformRule,
    adapter: PlatformAdapter,
    post: PostRef,
    key: string,
    options: ResolveOptions,
    budgetMs = this.settings.resolveBudgetMs,
  ): Promise<Resolved> {
    if (!options.skipCacheRead) {
      const hit = await this.freshFromCache(key, options.requestId);
      if (hit) return hit;
    }
    // Fresh reads (health checks, media refreshes) share a flight only with each other, so they
    // never reuse a cached answer, stale ones included: they exist to see the upstream as it is.
    const flightKey = options.skipCacheRead ? `fresh:${key}` : key;
    // The flight's lines carry the id of the request that started it.
    const fetched = await this.flights.run(flightKey, () => this.fetchAndStore(rule, adapter, post, key, budgetMs, options.requestId));
    if (fetched.stale && !options.skipCacheRead) {
      const fields = { platform: rule.id, reason: (fetched.entry.outcome as DegradedOutcome).reason };
      this.logger.debug(forRequest(options.requestId, fields), 'upstream failed; answered from a stale cache entry');
      return resolvedFrom(fetched.stale, true);
    }
    return resolvedFrom(fetched.entry, false);
  }

  private async freshFromCache(key: string, requestId: string | undefined): Promise<Resolved | undefined> {
    return this.freshHit(await this.readCache(key, requestId));
  }

  private freshHeldHit(key: string, requestId: string | undefined): Resolved | undefined {
    return this.freshHit(this.validCached(key, this.cache.peek?.(key), requestId));
  }

  private freshHit(cached: CachedResult | undefined): Resolved | undefined {
    return cached && isFresh(cached, this.clock.now()) ? resolvedFrom(cached, true) : undefined;
  }

  private async readCache(key: string, requestId: string | undefined): Promise<CachedResult | undefined> {
    return this.validCached(key, await this.cache.get(key), requestId);
  }

  /** The entry read from the cache (none: undefined), or undefined and the entry dropped when it fails validation. */
  private validCached(key: string, raw: unknown, requestId: string | undefined): CachedResult | undefined {
    if (raw === undefined) return undefined;
    const cached = readCachedResult(raw);
    if (!cached) {
      this.logger.warn(forRequest(requestId, { key }), 'cache entry failed validation; dropped');
      void this.cache.delete(key);
    }
    return cached;
  }

  private async fetchAndStore(rule: PlatformRule, adapter: PlatformAdapter, post: PostRef, key: string, budgetMs: number, requestId: string | undefined): Promise<Fetched> {
    const result: AdapterResult | CallFailure = await this.callUpstream(post.platform, budgetMs, (signal) => adapter.resolve(post, signal), requestId);
    // Made safe here, before it is cached, so a fresh answer and a cached one are the same (DESIGN §4).
    const outcome: OkOutcome | DegradedOutcome = safeCard(
      result.ok
        ? okOutcome(rule, post.canonicalUrl, result.card)
        : { ...degraded(rule, post.canonicalUrl, result.reason), ...('partial' in result ? result.partial : undefined) },
    );
    const mediaExpiresAt = result.ok ? result.mediaExpiresAt : undefined;
    const mediaHeaders = result.ok ? result.mediaHeaders : undefined;
    const entry: CachedResult = { outcome, ...(mediaExpiresAt === undefined ? {} : { mediaExpiresAt }), ...(mediaHeaders ? { mediaHeaders } : {}) };
    if (outcome.status === 'degraded' && staleMayAnswer(outcome.reason)) {
      const stale = await this.keepStale(key, requestId);
      if (stale) return { entry, stale };
    }
    // A refusal of the guard says nothing about the post (circuit-open is not cached anyway; a full
    // bulkhead is this instance's load of the moment): never stored.
    if (!('refused' in result)) this.store(key, entry, mediaExpiresAt);
    return { entry };
  }

  /** Stores a fetched entry for as long as the cache policy says, fresh and then stale (ok only). */
  private store(key: string, entry: CachedResult, mediaExpiresAt: number | undefined): void {
    const now = this.clock.now();
    const settings = { okTtlSeconds: this.settings.cacheTtlOk, degradedTtlSeconds: this.settings.cacheTtlDegraded, staleIfErrorSeconds: this.settings.staleIfErrorSeconds };
    const life = cacheLifetime(entry.outcome, settings, now, jitterUnit(key), mediaExpiresAt);
    if (!life) return;
    const stored: CachedResult = { ...entry, freshUntil: now + life.freshSeconds * 1000 };
    if (life.keepSeconds > life.freshSeconds) stored.staleUntil = now + life.keepSeconds * 1000;
    // Not awaited: the answer never waits for the store (which fails open anyway).
    void this.cache.set(key, stored, life.keepSeconds);
  }

  /**
   * After an upstream failure: the `ok` entry still in the cache, if any, which then answers instead
   * of the failure and is not overwritten by it. A stale one is re-armed to answer as a hit for as
   * long as the failure would have been cached, so the upstream is not asked again for that post
   * meanwhile.
   */
  private async keepStale(key: string, requestId: string | undefined): Promise<CachedResult | undefined> {
    const current = await this.readCache(key, requestId);
    const now = this.clock.now();
    if (current?.outcome.status !== 'ok' || !isUsable(current, now)) return undefined;
    if (!isFresh(current, now) && current.staleUntil !== undefined) {
      const rearmed = rearmedTimes(current.staleUntil, now, this.settings.cacheTtlDegraded);
      if (rearmed) void this.cache.set(key, { ...current, freshUntil: rearmed.freshUntil }, rearmed.keepSeconds);
    }
    return current;
  }

  /**
   * Runs one upstream call for `platform` through its guard, all within the budget (time waiting
   * for a bulkhead slot included); every failure becomes a reason here.
   */
  private async callUpstream<T extends GuardedAnswer>(
    platform: PlatformId,
    budgetMs: number,
    work: (signal: AbortSignal) => Promise<T>,
    requestId: string | undefined,
  ): Promise<T | CallFailure> {
    const run = await withinBudget(budgetMs, (signal) => this.guard.run(platform, () => work(signal), signal), () => undefined);
    if (!('value' in run)) return { ok: false, reason: this.reasonLogged(platform, run.error, run.exhausted, requestId) };
    if (run.value === undefined) return { ok: false, reason: 'timeout' };
    if (!run.value.admitted) return { ok: false, reason: run.value.reason, refused: true };
    return run.value.value;
  }

  /** The reason a thrown error stands for, logged once with its code (never with the upstream request). */
  private reasonLogged(platform: string, error: unknown, exhausted: boolean, requestId: string | undefined): Reason {
    const reason = reasonForError(error, exhausted);
    const fields = forRequest(requestId, { platform, reason, code: isUpstreamError(error) ? error.code : undefined, err: describe(error) });
    if (isUpstreamError(error)) this.logger.info(fields, 'upstream failed');
    else this.logger.error(fields, 'adapter threw an unexpected error');
    return reason;
  }
}

/** What a token for this video seals: where to fetch it, with which headers, and how to refresh it. */
function ticketFor(result: OkResult, video: Video, mediaHeaders: Readonly<Record<string, string>> | undefined): MediaTicket {
  return { url: video.url, headers: mediaHeaders ?? {}, mimeType: video.mimeType, platform: result.platform, canonicalUrl: result.canonicalUrl };
}

/** Hit answers already made from a frozen entry (a memory-cache entry is the same object on every hit). */
const hitAnswers = new WeakMap<CachedResult, Resolved>();

/**
 * A stored or fetched entry as a result; the outcome is copied, so nothing added to it reaches the
 * entry. From a frozen entry (cached-result.ts) a hit's result is made once and frozen, so a hot
 * entry costs no copy and may be serialised once by the interface; other entries (Redis values,
 * parsed anew each time) are not remembered.
 */
function resolvedFrom(entry: CachedResult, cacheHit: boolean): Resolved {
  const remember = cacheHit && Object.isFrozen(entry);
  const known = remember ? hitAnswers.get(entry) : undefined;
  if (known) return known;
  const resolved: Resolved = { result: remember ? Object.freeze({ ...entry.outcome, cacheHit }) : { ...entry.outcome, cacheHit } };
  if (entry.mediaExpiresAt !== undefined) resolved.mediaExpiresAt = entry.mediaExpiresAt;
  if (entry.mediaHeaders) resolved.mediaHeaders = entry.mediaHeaders;
  if (remember) hitAnswers.set(entry, resolved);
  return resolved;
}

/** The card in one fixed field order, so every answer reads the same way. */
function okOutcome(rule: PlatformRule, canonicalUrl: string, card: Card): OkOutcome {
  const { kind, title, description, author, nsfw, image, images, video } = card;
  const ordered = { status: 'ok', platform: rule.id, canonicalUrl, kind, title, description, author, siteName: rule.name, themeColor: rule.themeColor, nsfw, image, images, video };
  for (const key of Object.keys(ordered) as (keyof typeof ordered)[]) if (ordered[key] === undefined) delete ordered[key];
  return ordered as OkOutcome;
}

function postRef(rule: PlatformRule, match: PostMatch): PostRef {
  return { platform: rule.id, canonicalUrl: match.canonicalUrl, contentId: match.contentId, ids: match.ids };
}

function degraded(rule: PlatformRule, canonicalUrl: string, reason: Reason): DegradedOutcome {
  return { status: 'degraded', platform: rule.id, canonicalUrl, reason, kind: 'link', siteName: rule.name, themeColor: rule.themeColor };
}

export function reasonForError(error: unknown, budgetExhausted: boolean): Reason {
  if (budgetExhausted) return 'timeout';
  if (isUpstreamError(error)) return error.code === 'UPSTREAM_TIMEOUT' ? 'timeout' : 'upstream-error';
  return 'upstream-error';
}

/** An error as a log field: its name and message only (never a request or its headers). */
function describe(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

// A resolve use case over one scripted adapter (X: posts and t.co short links), a movable clock and
// a cache of the test's choosing, for the resilience tests that need to steer every answer.
import { Platforms } from '../../src/application/platforms.js';
import type { AdapterResult, PlatformAdapter, PostRef, ShortLinkHop } from '../../src/application/ports/platform-adapter.port.js';
import type { Cache } from '../../src/application/ports/cache.port.js';
import type { Settings } from '../../src/application/settings.js';
import { ResolveUseCase, type ResolveOptions, type ResolveResult } from '../../src/application/use-cases/resolve.js';
import { createPlatformSpecs } from '../../src/domain/platforms/index.js';
import { MemoryCache } from '../../src/infrastructure/cache/memory.cache.js';
import type { PlatformGuardOptions } from '../../src/infrastructure/resilience/cockatiel.platform-guard.js';
import { AesGcmSigner } from '../../src/infrastructure/signer/aes-gcm.signer.js';
import { testGuard } from './guard.js';
import { collectingLogger } from './redis.js';

export const SETTINGS: Settings = { maxUrlLength: 2048, maxBatch: 50, resolveBudgetMs: 1000, cacheTtlOk: 3600, cacheTtlDegraded: 60, disabledPlatforms: [], proxyEnabled: true, proxyTokenTtl: 3600, publicBaseUrl: 'http://localhost:8080' };

export type Script = (post: PostRef, signal: AbortSignal) => Promise<AdapterResult>;

/** The card every scripted success answers: its title names the post and the call. */
export const card = (title: string): AdapterResult => ({ ok: true, card: { kind: 'link', title, nsfw: false } });

export class ScriptedAdapter implements PlatformAdapter {
  calls = 0;
  hopsRead = 0;

  constructor(
    public script: Script,
    public hop: (url: string) => Promise<ShortLinkHop> = async () => ({ ok: false, reason: 'not-found' }),
  ) {}

  async readShortLink(url: string): Promise<ShortLinkHop> {
    this.hopsRead++;
    return this.hop(url);
  }

  resolve(post: PostRef, signal: AbortSignal): Promise<AdapterResult> {
    this.calls++;
    return this.script(post, signal);
  }
}

export function postUrl(id: string | number): string {
  return `https://x.com/someone/status/${id}`;
}

export interface Scripted {
  adapter: ScriptedAdapter;
  cache: Cache;
  clock: { now(): number; advance(ms: number): void };
  logger: ReturnType<typeof collectingLogger>;
  useCase: ResolveUseCase;
  resolve(url: string, options?: ResolveOptions): Promise<ResolveResult>;
}

export function scripted(
  script: Script,
  options: { cache?: Cache; settings?: Partial<Settings>; guard?: Partial<PlatformGuardOptions>; startAt?: number } = {},
): Scripted {
  const adapter = new ScriptedAdapter(script);
  const cache = options.cache ?? new MemoryCache({ maxEntries: 1000 });
  let now = options.startAt ?? Date.now();
  const clock = { now: () => now, advance: (ms: number) => void (now += ms) };
  const logger = collectingLogger();
  const useCase = new ResolveUseCase(
    new Platforms(createPlatformSpecs(), { twitter: adapter }),
    cache,
    clock,
    logger,
    { ...SETTINGS, ...options.settings },
    new AesGcmSigner({ current: 'test-proxy-secret-0123456789abcdef' }),
    testGuard(options.guard, logger),
  );
  const resolve = async (url: string, resolveOptions?: ResolveOptions) => {
    const answer = await useCase.execute(url, resolveOptions);
    if (!answer.ok) throw new Error(answer.error);
    return answer.result;
  };
  return { adapter, cache, clock, logger, useCase, resolve };
}

/** A promise with its resolve function, to hold scripted work until the test lets it go. */
export function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

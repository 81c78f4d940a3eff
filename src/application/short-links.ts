// Short links (t.co, vm.tiktok.com, fb.watch, reddit /s/…): followed hop by hop through the
// adapter, each hop re-matched against the platform specs, until a post of the same platform; the
// post it names is cached for a day, and one expansion per link runs at a time.
import type { Answer } from './access/access-turns.js';
import type { PlatformId } from '../domain/platforms/platform-id.js';
import { canonicalize } from '../domain/canonicalize.js';
import type { RegisteredSpec } from '../domain/platforms/registered-spec.js';
import type { RouteMatch } from '../domain/platforms/route.js';
import type { Reason } from '../domain/reasons.js';
import type { Cache } from './ports/cache.port.js';
import type { PlatformAdapter } from './ports/platform-adapter.port.js';
import { SingleFlight } from './single-flight.js';
import type { UpstreamCall } from './upstream-call.js';
import { guardScopeOf } from './guard-scope.js';

/** As many hops as the HTTP port follows redirects (docs/design.md §9). */
export const MAX_SHORT_LINK_HOPS = 5;

/** A cached expansion lasts a day (docs/design.md §8): short links do not change their target. */
export const SHORT_LINK_TTL_SECONDS = 24 * 60 * 60;

export type PostMatch = { spec: RegisteredSpec; denotes: 'post' } & RouteMatch;
/** How upstream work gets its session and egress: `AccessTurns.run`, or a plain call without any. */
export type AccessRun = <T extends Answer>(
  platform: PlatformId,
  signal: AbortSignal,
  work: (proxyName: string | undefined) => Promise<T>,
  requestId?: string,
  /** The post's host when no operator configured it (AccessTurns: it benches nothing). */
  discoveredHost?: string,
) => Promise<T | Extract<Answer, { ok: false }>>;

export type Expansion = { ok: true; url: string } | { ok: false; reason: Reason };

export class ShortLinks {
  private readonly expansions = new SingleFlight<Expansion>();

  constructor(
    private readonly specs: readonly RegisteredSpec[],
    private readonly cache: Cache,
    private readonly upstream: UpstreamCall,
    /** Runs a read with the platform's next healthy session and egress (AccessTurns.run). */
    private readonly access: AccessRun,
  ) {}

  /**
   * The post `shortUrl` names: its cached expansion (under `key`) unless `skipCacheRead`, else the
   * link followed within `budgetMs` through the platform's guard, and the expansion cached.
   */
  async postOf(
    spec: RegisteredSpec,
    adapter: PlatformAdapter,
    shortUrl: string,
    key: string,
    options: { skipCacheRead?: boolean; requestId?: string; budgetMs: number },
  ): Promise<{ ok: true; post: PostMatch } | { ok: false; reason: Reason }> {
    const cached = options.skipCacheRead ? undefined : postMatchOf(this.specs, spec, await this.cache.get(key));
    if (cached) return { ok: true, post: cached };
    const expansion = await this.expansions.run(key, async () => {
      const followed = await this.upstream.run(guardScopeOf(spec), options.budgetMs, (signal) => this.access(spec.id, signal, () => expandShortLink(this.specs, spec, adapter, shortUrl, signal), options.requestId), options.requestId);
      return followed.ok ? followed : { ok: false, reason: followed.reason };
    });
    if (!expansion.ok) return expansion;
    const post = postMatchOf(this.specs, spec, expansion.url);
    if (!post) return { ok: false, reason: 'upstream-error' };
    void this.cache.set(key, expansion.url, SHORT_LINK_TTL_SECONDS);
    return { ok: true, post };
  }
}

/** Follows `shortUrl` to the canonical URL of the post it names on `spec`'s platform. */
export async function expandShortLink(
  specs: readonly RegisteredSpec[],
  spec: RegisteredSpec,
  adapter: PlatformAdapter,
  shortUrl: string,
  signal: AbortSignal,
): Promise<Expansion> {
  if (!adapter.readShortLink) return { ok: false, reason: 'unsupported' };
  let url = shortUrl;
  for (let hop = 0; hop < MAX_SHORT_LINK_HOPS; hop++) {
    const step = await adapter.readShortLink(url, signal);
    if (!step.ok) return step;
    const target = parseUrl(step.location);
    if (!target) return { ok: false, reason: 'upstream-error' };
    const next = canonicalize(specs, target);
    // Staying on the platform: a t.co link to a news site is not a post we resolve.
    if (next.platform !== spec.id) return { ok: false, reason: 'unsupported' };
    if (next.match.denotes === 'post') return { ok: true, url: next.match.canonicalUrl };
    if (next.match.denotes === 'page') return { ok: false, reason: isLoginPage(target) ? 'blocked' : 'unsupported' };
    url = target.href;
  }
  return { ok: false, reason: 'upstream-error' };
}

/** The post a (cached) expanded URL names, or undefined when it no longer names one. */
export function postMatchOf(specs: readonly RegisteredSpec[], spec: RegisteredSpec, url: unknown): PostMatch | undefined {
  const parsed = typeof url === 'string' ? parseUrl(url) : undefined;
  if (!parsed) return undefined;
  const canonical = canonicalize(specs, parsed);
  return canonical.platform === spec.id && canonical.match.denotes === 'post' ? (canonical.match as PostMatch) : undefined;
}

/** Platforms send logged-out visitors of a share link to a login or checkpoint page. */
function isLoginPage(url: URL): boolean {
  return /\/(?:accounts\/)?(?:login|checkpoint|signup)\b/i.test(url.pathname);
}

function parseUrl(href: string): URL | undefined {
  try {
    const url = new URL(href);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : undefined;
  } catch {
    return undefined;
  }
}

// Liveness ({ok, redis}) and the compact adapter-health answer uptime monitors assert on.
import { inject, injectable } from 'tsyringe';
import { CACHE, type Cache } from '../ports/cache.port.js';
import { ResolveUseCase } from './resolve.js';

export interface Liveness {
  ok: boolean;
  redis: boolean;
}

export interface AdapterHealth {
  platform: string;
  status: 'ok' | 'degraded' | 'no-adapter';
  kind: string;
  hasMedia: boolean;
  cacheHit: boolean;
  canonicalUrl: string;
  title?: string;
  reason?: string;
}

@injectable()
export class CheckHealthUseCase {
  constructor(
    @inject(CACHE) private readonly cache: Cache,
    @inject(ResolveUseCase) private readonly resolve: ResolveUseCase,
  ) {}

  async liveness(): Promise<Liveness> {
    return { ok: true, redis: this.cache.backend === 'redis' && (await this.cache.isReachable()) };
  }

  /** `client` as for a resolve: a new fediverse host is counted against that caller's share of discovery. */
  async adapter(url: unknown, requestId?: string, client?: string): Promise<{ ok: true; result: AdapterHealth } | { ok: false; error: string }> {
    const answer = await this.resolve.execute(url, { skipCacheRead: true, requestId, client });
    if (!answer.ok) return answer;
    const r = answer.result;
    if (r.status === 'no-adapter') {
      return { ok: true, result: { platform: 'none', status: r.status, kind: 'link', hasMedia: false, cacheHit: false, canonicalUrl: r.canonicalUrl } };
    }
    const health: AdapterHealth = {
      platform: r.platform,
      status: r.status,
      kind: r.kind,
      hasMedia: r.status === 'ok' && (r.image !== undefined || r.video !== undefined),
      cacheHit: r.cacheHit,
      canonicalUrl: r.canonicalUrl,
    };
    if (r.title !== undefined) health.title = r.title;
    if (r.status === 'degraded') health.reason = r.reason;
    return { ok: true, result: health };
  }
}

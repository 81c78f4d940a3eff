// Public endpoints (no key): liveness, the OpenAPI document, oEmbed, and the /v/ namespace.
import Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import type { DependencyContainer } from 'tsyringe';
import { PUBLIC_RATE_LIMITER, type RateLimiter } from '../../../application/ports/rate-limiter.port.js';
import { CheckHealthUseCase } from '../../../application/use-cases/check-health.js';
import { ResolveUseCase } from '../../../application/use-cases/resolve.js';
import { PLATFORMS, type Platforms } from '../../../application/platforms.js';
import type { AppSettings } from '../app-settings.js';
import { closedNamespace } from '../middleware/closed.js';
import { rateLimit } from '../middleware/rate-limit.js';
import { mediaProxy } from './media.js';
import { oembedXml, toOEmbed } from '../oembed.js';
import { openApiDocument } from '../openapi-document.js';
import { queryParam } from '../validation.js';
import { refuse } from '../client-error.js';
import { requestIdOf } from '../middleware/request-context.js';
import { cacheLifetime } from '../../../domain/cache-policy.js';
import { normalisedHost } from '../../../domain/accept-url.js';
import { listsHost } from '../../../domain/platforms/platform-spec.js';
import type { ResolveResult } from '../../../application/use-cases/resolve.js';

export function publicRouter(container: DependencyContainer, settings: AppSettings): Router {
  const router = new Router();
  const health = container.resolve(CheckHealthUseCase);
  const resolve = container.resolve(ResolveUseCase);
  const platforms = container.resolve<Platforms>(PLATFORMS);
  const limiter = container.resolve<RateLimiter>(PUBLIC_RATE_LIMITER);
  // A public client is its address: for the rate limit, and for its share of fediverse discovery.
  const clientOf = (ctx: Context) => `ip:${ctx.ip}`;
  const perClientIp = rateLimit(limiter, clientOf);
  const openapi = openApiDocument();

  router.get('/healthz', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await health.liveness();
  });

  router.get('/openapi.yaml', (ctx) => {
    ctx.type = 'application/yaml; charset=utf-8';
    ctx.body = openapi;
  });

  router.get('/oembed', perClientIp, async (ctx) => {
    const url = queryParam(ctx, 'url', true);
    const format = queryParam(ctx, 'format', false) || 'json';
    // oEmbed 1.0 §2.3.5: a format the provider does not implement is 501, not a bad request.
    if (format !== 'json' && format !== 'xml') refuse('FORMAT_NOT_IMPLEMENTED', 'Only the json and xml formats are implemented (format=json or format=xml).');
    const size = { maxwidth: dimension(ctx, 'maxwidth'), maxheight: dimension(ctx, 'maxheight') };
    // Proxied, so a video that plays only through the media proxy gets its playableUrl for `html`.
    const answer = await resolve.execute(url, { media: 'proxied', requestId: requestIdOf(ctx), client: clientOf(ctx) });
    if (!answer.ok) refuse('URL_MALFORMED', answer.error);
    const { result, mediaExpiresAt } = answer;
    // oEmbed 1.0 §2.3.5: a private resource is 401 (no key would open it: no WWW-Authenticate).
    if (result.status === 'degraded' && result.reason === 'private') refuse('POST_PRIVATE', 'The post is private: it has no public embed.');
    const spec = result.status === 'no-adapter' ? undefined : platforms.spec(result.platform);
    // A player page on a host its open-ended platform does not list (a discovered server's) is sandboxed.
    const unlistedPlayer = (playerUrl: string) => spec?.openEnded === true && !listsHost(spec, normalisedHost(new URL(playerUrl)));
    const data = toOEmbed(result, size, oembedCacheAge(result, mediaExpiresAt, settings), spec?.renditions, unlistedPlayer);
    if (!data) refuse('NO_EMBED', 'No embeddable post at this URL.');
    if (format === 'xml') {
      ctx.type = 'text/xml; charset=utf-8';
      ctx.body = oembedXml(data);
    } else {
      ctx.body = data;
    }
  });

  // The media proxy: rate-limited per client IP, or closed (404) before the limiter when disabled.
  const proxy = settings.proxyEnabled ? [perClientIp, mediaProxy(container)] : [closedNamespace('PROXY_DISABLED', 'The media proxy')];
  router.all('/v/{*token}', ...(proxy as Middleware[]));
  return router;
}

function dimension(ctx: Context, name: string): number | undefined {
  const raw = queryParam(ctx, name, false);
  if (raw === undefined) return undefined;
  if (!/^\d+$/.test(raw) || Number(raw) < 1) refuse('SIZE_INVALID', `The ${name} parameter must be a whole number of pixels from 1 to ${MAX_DIMENSION}.`);
  if (raw.length > 5 || Number(raw) > MAX_DIMENSION) refuse('SIZE_INVALID', `The ${name} parameter must be at most ${MAX_DIMENSION} pixels.`);
  return Number(raw);
}

const MAX_DIMENSION = 99_999;

/**
 * `cache_age`: how long postlens itself keeps this outcome (the cache policy, without jitter): a
 * transient refusal is kept for CACHE_TTL_DEGRADED, not for the card's TTL; media URLs that expire
 * cut it short as they cut the cache entry short (docs/design.md §8), and a player on a `playableUrl` stops
 * working when its token does (and so does a picture drawn from one), so such an answer is kept no
 * longer than PROXY_TOKEN_TTL.
 */
function oembedCacheAge(result: ResolveResult, mediaExpiresAt: number | undefined, settings: AppSettings): number {
  if (result.status === 'no-adapter') return 0;
  const ttl = { okTtlSeconds: settings.cacheTtlOk, degradedTtlSeconds: settings.cacheTtlDegraded };
  const fresh = Math.max(0, cacheLifetime(result, ttl, Date.now(), 0, mediaExpiresAt)?.freshSeconds ?? 0);
  const proxied = result.status === 'ok' && [result.video, result.image].some((media) => media?.needsProxy && media.playableUrl !== undefined);
  return proxied ? Math.min(fresh, settings.proxyTokenTtl) : fresh;
}

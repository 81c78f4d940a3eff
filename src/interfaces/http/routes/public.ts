// Public endpoints (no key): liveness, the OpenAPI document, oEmbed, and the /v/ namespace.
import Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import type { DependencyContainer } from 'tsyringe';
import { PUBLIC_RATE_LIMITER, type RateLimiter } from '../../../application/ports/rate-limiter.port.js';
import { CheckHealthUseCase } from '../../../application/use-cases/check-health.js';
import { ResolveUseCase } from '../../../application/use-cases/resolve.js';
import type { AppSettings } from '../app-settings.js';
import { closedNamespace } from '../middleware/closed.js';
import { rateLimit } from '../middleware/rate-limit.js';
import { mediaProxy } from './media.js';
import { oembedXml, toOEmbed } from '../oembed.js';
import { openApiDocument } from '../openapi-document.js';
import { queryParam } from '../validation.js';
import { badRequest, notFound } from '../client-error.js';

export function publicRouter(container: DependencyContainer, settings: AppSettings): Router {
  const router = new Router();
  const health = container.resolve(CheckHealthUseCase);
  const resolve = container.resolve(ResolveUseCase);
  const limiter = container.resolve<RateLimiter>(PUBLIC_RATE_LIMITER);
  const perClientIp = rateLimit(limiter, (ctx) => `ip:${ctx.ip}`);
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
    const format = queryParam(ctx, 'format', false) ?? 'json';
    if (format !== 'json' && format !== 'xml') badRequest('The format parameter accepts "json" or "xml".');
    const size = { maxwidth: dimension(ctx, 'maxwidth'), maxheight: dimension(ctx, 'maxheight') };
    const answer = await resolve.execute(url);
    if (!answer.ok) badRequest(answer.error);
    const data = toOEmbed(answer.result, size, settings.cacheTtlOk);
    if (!data) notFound('No embeddable post at this URL.');
    if (format === 'xml') {
      ctx.type = 'text/xml; charset=utf-8';
      ctx.body = oembedXml(data);
    } else {
      ctx.body = data;
    }
  });

  // The media proxy: rate-limited per client IP, or closed (404) before the limiter when disabled.
  const proxy = settings.proxyEnabled ? [perClientIp, mediaProxy(container)] : [closedNamespace('The media proxy')];
  router.all('/v/{*token}', ...(proxy as Middleware[]));
  return router;
}

function dimension(ctx: Context, name: string): number | undefined {
  const raw = queryParam(ctx, name, false);
  if (raw === undefined) return undefined;
  if (!/^\d{1,5}$/.test(raw) || Number(raw) < 1) badRequest(`The ${name} parameter must be a positive whole number.`);
  return Number(raw);
}

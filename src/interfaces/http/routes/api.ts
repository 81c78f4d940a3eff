// The authenticated /api/v1 namespace.
import Router from '@koa/router';
import type { DependencyContainer } from 'tsyringe';
import { koaBody } from 'koa-body';
import { API_RATE_LIMITER, type RateLimiter } from '../../../application/ports/rate-limiter.port.js';
import { CanonicalizeUseCase } from '../../../application/use-cases/canonicalize.js';
import { CheckHealthUseCase } from '../../../application/use-cases/check-health.js';
import { ListPlatformsUseCase } from '../../../application/use-cases/list-platforms.js';
import { ResolveBatchUseCase } from '../../../application/use-cases/resolve-batch.js';
import { ResolveUseCase } from '../../../application/use-cases/resolve.js';
import { INSTANCE_INFO, type InstanceInfo } from '../../../application/instance-info.js';
import type { AppSettings } from '../app-settings.js';
import { bearerAuth, type AuthState } from '../middleware/auth.js';
import { closedNamespace } from '../middleware/closed.js';
import { FAILED_AUTH_GUARD, type FailedAuthGuard } from '../middleware/failed-auth.js';
import type { MediaMode } from '../../../domain/media-token-policy.js';
import { readCanonicalQuery, readResolveQuery } from '../api-query.js';
import { HAND_OVERS, type HandOvers } from '../hand-over.js';
import { callerLimitKey, rateLimit } from '../middleware/rate-limit.js';
import { requestIdOf } from '../middleware/request-context.js';
import { refuse } from '../client-error.js';
import type { Middleware } from 'koa';
import { batchSchema, parseBatch, queryParam } from '../validation.js';

export function apiRouter(container: DependencyContainer, settings: AppSettings): Router {
  const router = new Router({ prefix: '/api/v1' });
  if (!settings.apiEnabled) {
    router.all('/{*rest}', closedNamespace('API_DISABLED', 'The API'));
    router.all('/', closedNamespace('API_DISABLED', 'The API'));
    return router;
  }
  const resolve = container.resolve(ResolveUseCase);
  const batch = container.resolve(ResolveBatchUseCase);
  const canonical = container.resolve(CanonicalizeUseCase);
  const platforms = container.resolve(ListPlatformsUseCase);
  const health = container.resolve(CheckHealthUseCase);
  const limiter = container.resolve<RateLimiter>(API_RATE_LIMITER);
  const handOvers = container.resolve<HandOvers>(HAND_OVERS);
  const info = container.resolve<InstanceInfo>(INSTANCE_INFO);

  const auth = bearerAuth(settings.apiKeys, container.resolve<FailedAuthGuard>(FAILED_AUTH_GUARD));
  // Names the caller for its rate limit and for its share of fediverse discovery.
  const callerKey = (ctx: { state: unknown }) => callerLimitKey((ctx.state as AuthState).callerId);
  const limited = rateLimit(limiter, callerKey);
  const schema = batchSchema(settings.maxBatch);
  const body = koaBody({
    json: true,
    urlencoded: false,
    text: false,
    multipart: false,
    jsonStrict: true,
    jsonLimit: settings.maxBodyBytes,
    onError: (error, ctx) => {
      const status = (error as { status?: number }).status;
      if (status === 413) refuse('BODY_TOO_LARGE', `The request body is larger than ${settings.maxBodyBytes} bytes, the limit.`);
      refuse('BODY_INVALID', 'The request body is not valid JSON.');
    },
  });

  router.get('/resolve', auth, limited, async (ctx) => {
    const query = readResolveQuery((name) => ctx.query[name]);
    if (!query.ok) refuse(query.code, query.error);
    // The plan the hot path made when the cache missed: it is not made, nor the cache read, again.
    const plan = handOvers.take(ctx.req) ?? resolve.plan(query.url);
    if (!plan.ok) refuse('URL_MALFORMED', plan.error);
    ctx.body = await plan.run({ media: query.media, requestId: requestIdOf(ctx), client: callerKey(ctx) });
  });

  // The body is validated before the limiter runs, because the batch costs one point per URL.
  const limitedByUrls = rateLimit(limiter, callerKey, (ctx) => (ctx.state as { urls: string[] }).urls.length);
  router.post(
    '/resolve',
    auth,
    requireJson,
    body,
    async (ctx, next) => {
      const parsed = parseBatch(ctx, schema, ctx.request.body);
      Object.assign(ctx.state as BatchState, { urls: parsed.urls, media: parsed.media ?? 'raw' });
      await next();
    },
    limitedByUrls,
    async (ctx) => {
      const { urls, media } = ctx.state as BatchState;
      ctx.body = { results: await batch.execute(urls, { media, requestId: requestIdOf(ctx), client: callerKey(ctx) }) };
    },
  );

  router.get('/canonical', auth, limited, (ctx) => {
    const query = readCanonicalQuery((name) => ctx.query[name]);
    if (!query.ok) refuse(query.code, query.error);
    const answer = canonical.execute(query.url);
    if (!answer.ok) refuse('URL_MALFORMED', answer.error);
    ctx.body = answer.result;
  });

  router.get('/platforms', auth, limited, async (ctx) => {
    ctx.body = await platforms.execute();
  });

  router.get('/info', auth, limited, (ctx) => {
    ctx.body = {
      version: info.version,
      ...(info.commit !== undefined ? { commit: info.commit } : {}),
      startedAt: info.startedAt.toISOString(),
      uptimeSeconds: Math.floor((Date.now() - info.startedAt.getTime()) / 1000),
      platforms: { count: info.platforms.length, ids: info.platforms },
      cache: { backend: info.cacheBackend },
      node: process.version,
    };
  });

  router.get('/health', auth, limited, async (ctx) => {
    const url = queryParam(ctx, 'url', false);
    if (url === undefined) {
      ctx.body = await health.liveness();
      return;
    }
    const answer = await health.adapter(url, requestIdOf(ctx), callerKey(ctx));
    if (!answer.ok) refuse('URL_MALFORMED', answer.error);
    ctx.body = answer.result;
  });

  return router;
}

interface BatchState {
  urls: string[];
  media: MediaMode;
}

/** koa-body ignores bodies of other types; the contract wants a clear 400 instead. */
const requireJson: Middleware = async (ctx, next) => {
  if (!ctx.is('application/json')) refuse('BODY_INVALID', 'The request body must be JSON (Content-Type: application/json).');
  await next();
};

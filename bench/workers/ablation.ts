// Diagnostic for P1–P3 (bench/ablation.ts): the service's own middlewares and use cases, from the
// real composition, mounted on a bare Koa app a few at a time (BENCH_LAYERS), so the CPU each layer
// costs per request can be told apart. Mirrors src/interfaces/http/app.ts and routes/api.ts.
import 'reflect-metadata';
import Router from '@koa/router';
import Koa from 'koa';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { LOGGER, type Logger } from '../../src/application/ports/logger.port.js';
import { API_RATE_LIMITER, type RateLimiter } from '../../src/application/ports/rate-limiter.port.js';
import { CanonicalizeUseCase } from '../../src/application/use-cases/canonicalize.js';
import { ResolveUseCase } from '../../src/application/use-cases/resolve.js';
import { loadConfig } from '../../src/config/config.js';
import { compose } from '../../src/container.js';
import { bearerAuth, type AuthState } from '../../src/interfaces/http/middleware/auth.js';
import { FAILED_AUTH_GUARD, type FailedAuthGuard } from '../../src/interfaces/http/middleware/failed-auth.js';
import { errorMiddleware } from '../../src/interfaces/http/middleware/errors.js';
import { rateLimit } from '../../src/interfaces/http/middleware/rate-limit.js';
import { requestContextMiddleware } from '../../src/interfaces/http/middleware/request-context.js';
import { securityHeaders } from '../../src/interfaces/http/middleware/security-headers.js';
import { mediaParam, queryParam } from '../../src/interfaces/http/validation.js';
import { serveCommands } from '../lib/worker-side.js';

const layers = new Set((process.env.BENCH_LAYERS ?? '').split(','));
const config = loadConfig();
const { container } = compose(config);
const logger = container.resolve<Logger>(LOGGER);
const canonical = container.resolve(CanonicalizeUseCase);
const resolve = container.resolve(ResolveUseCase);
const limiter = container.resolve<RateLimiter>(API_RATE_LIMITER);

const app = new Koa();
app.silent = true;
if (layers.has('context')) app.use(requestContextMiddleware(logger));
if (layers.has('headers')) app.use(securityHeaders);
if (layers.has('errors')) app.use(errorMiddleware(logger));
const router = new Router({ prefix: '/api/v1' });
const guards: Koa.Middleware[] = [];
if (layers.has('auth')) guards.push(bearerAuth(config.apiKeys, container.resolve<FailedAuthGuard>(FAILED_AUTH_GUARD)));
if (layers.has('limit')) guards.push(rateLimit(limiter, (ctx) => `api:${(ctx.state as AuthState).callerId ?? 'anonymous'}`));
const fixed = { platform: 'twitter', canonicalUrl: 'https://x.com/jack/status/20' };
router.get('/canonical', ...guards, (ctx) => {
  if (!layers.has('usecase')) {
    ctx.body = fixed;
    return;
  }
  const answer = canonical.execute(queryParam(ctx, 'url', true));
  ctx.body = answer.ok ? answer.result : { error: answer.error };
});
router.get('/resolve', ...guards, async (ctx) => {
  const answer = await resolve.execute(queryParam(ctx, 'url', true), { media: mediaParam(ctx) });
  ctx.body = answer.ok ? answer.result : { error: answer.error };
});
app.use(router.routes());
const server = createServer(app.callback());
server.listen(0, '127.0.0.1', () => serveCommands((server.address() as AddressInfo).port));

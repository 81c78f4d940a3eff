// The Koa application: middleware order, routers, and the 404/405 fallbacks.
import Koa from 'koa';
import type { DependencyContainer } from 'tsyringe';
import { LOGGER, type Logger } from '../../application/ports/logger.port.js';
import { METRICS, type Metrics } from '../../application/ports/metrics.port.js';
import { APP_SETTINGS, type AppSettings } from './app-settings.js';
import { errorMiddleware } from './middleware/errors.js';
import { requestContextMiddleware } from './middleware/request-context.js';
import { securityHeaders } from './middleware/security-headers.js';
import { apiRouter } from './routes/api.js';
import { metricsRouter } from './routes/metrics.js';
import { playgroundRouter } from './routes/playground.js';
import { publicRouter } from './routes/public.js';

export function createApp(container: DependencyContainer): Koa {
  const settings = container.resolve<AppSettings>(APP_SETTINGS);
  const logger = container.resolve<Logger>(LOGGER);
  // One trusted hop: behind TRUST_PROXY the client is the address the balancer appended to
  // X-Forwarded-For, not the first entry, which the client writes itself (and could rotate past
  // every per-address limit).
  const app = new Koa({ proxy: settings.trustProxy, maxIpsCount: 1 });
  // Koa would print errors itself; ours are logged once, by the error middleware.
  app.silent = true;

  const api = apiRouter(container, settings);
  const pub = publicRouter(container, settings);
  app.use(requestContextMiddleware(logger, container.resolve<Metrics>(METRICS)));
  app.use(securityHeaders);
  app.use(errorMiddleware(logger));
  app.use(api.routes()).use(api.allowedMethods());
  app.use(pub.routes()).use(pub.allowedMethods());
  const playground = playgroundRouter(container);
  app.use(playground.routes()).use(playground.allowedMethods());
  const metrics = metricsRouter(container, settings);
  app.use(metrics.routes()).use(metrics.allowedMethods());
  return app;
}

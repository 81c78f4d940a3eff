// GET /metrics: the Prometheus scrape, behind the same API keys as /api/v1 (one listener, one
// shutdown; a scraper sends the key as a bearer token). Not mounted when METRICS_ENABLED is false,
// so the path is then the 404 of any unknown path.
import Router from '@koa/router';
import type { DependencyContainer } from 'tsyringe';
import { METRICS, type Metrics } from '../../../application/ports/metrics.port.js';
import type { AppSettings } from '../app-settings.js';
import { bearerAuth } from '../middleware/auth.js';
import { FAILED_AUTH_GUARD, type FailedAuthGuard } from '../middleware/failed-auth.js';

export function metricsRouter(container: DependencyContainer, settings: AppSettings): Router {
  const router = new Router();
  if (!settings.metricsEnabled) return router;
  const metrics = container.resolve<Metrics>(METRICS);
  const auth = bearerAuth(settings.apiKeys, container.resolve<FailedAuthGuard>(FAILED_AUTH_GUARD));
  router.get('/metrics', auth, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.type = metrics.contentType;
    ctx.body = await metrics.scrape();
  });
  return router;
}

// The server's request listener: CORS first (cors.ts: its headers on whatever answers, and the
// preflight answered), then the hot path (hot-path.ts), the Koa app for the rest.
import type { RequestListener } from 'node:http';
import type { DependencyContainer } from 'tsyringe';
import { APP_SETTINGS, type AppSettings } from './app-settings.js';
import { createApp } from './app.js';
import { cors } from './cors.js';
import { hotPath } from './hot-path.js';

export function createRequestListener(container: DependencyContainer): RequestListener {
  const settings = container.resolve<AppSettings>(APP_SETTINGS);
  const served = doors(container, settings);
  if (!settings.corsOrigins) return served;
  const crossOrigin = cors(settings.corsOrigins);
  return (req, res) => {
    if (!crossOrigin(req, res)) served(req, res);
  };
}

function doors(container: DependencyContainer, settings: AppSettings): RequestListener {
  const koa = createApp(container).callback();
  if (!settings.apiEnabled) return koa;
  const hot = hotPath(container, settings);
  return (req, res) => {
    let taken = false;
    try {
      taken = hot(req, res, () => void koa(req, res));
    } catch {
      // Nothing was answered or counted yet: Koa serves it, and maps whatever fails to a response.
    }
    if (!taken) void koa(req, res);
  };
}

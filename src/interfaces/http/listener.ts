// The server's request listener: the hot path first (hot-path.ts), the Koa app for the rest.
import type { RequestListener } from 'node:http';
import type { DependencyContainer } from 'tsyringe';
import { APP_SETTINGS, type AppSettings } from './app-settings.js';
import { createApp } from './app.js';
import { hotPath } from './hot-path.js';

export function createRequestListener(container: DependencyContainer): RequestListener {
  const koa = createApp(container).callback();
  const settings = container.resolve<AppSettings>(APP_SETTINGS);
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

// The playground (GET /): a page that resolves post URLs with the caller's own key (pasted into the
// page, kept in the browser's localStorage, never in the page's source) and draws each card as a
// chat app would, beside its JSON and a curl command. Its files are plain browser files under
// src/interfaces/http/playground/, read once at start from the package (no build step; `npm start`
// runs dist/ but reads them from src/); hls.js comes from node_modules for browsers without HLS.
// `GET /?url=…` carries the oEmbed discovery links of that post in its <head>.
import Router from '@koa/router';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { DependencyContainer } from 'tsyringe';
import { SETTINGS, type Settings } from '../../../application/settings.js';
import { packageFile } from '../package-file.js';

// Scripts and styles from this service only; card pictures and raw videos come from the platforms'
// hosts; hls.js feeds the <video> from a blob: MediaSource and fetches /v/ itself.
export const PLAYGROUND_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  'img-src * data: blob:',
  'media-src * blob:',
  "connect-src 'self'",
  'worker-src blob:',
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const ASSETS = {
  'playground.js': 'text/javascript; charset=utf-8',
  'playground.css': 'text/css; charset=utf-8',
} as const;

export function playgroundRouter(container: DependencyContainer): Router {
  const router = new Router();
  const base = container.resolve<Settings>(SETTINGS).publicBaseUrl.replace(/\/+$/, '');
  const page = readFileSync(packageFile('src/interfaces/http/playground/index.html'), 'utf8');
  const assets = new Map<string, { type: string; body: string }>(
    Object.entries(ASSETS).map(([name, type]) => [name, { type, body: readFileSync(packageFile(`src/interfaces/http/playground/${name}`), 'utf8') }]),
  );
  assets.set('hls.min.js', { type: 'text/javascript; charset=utf-8', body: readFileSync(createRequire(import.meta.url).resolve('hls.js/dist/hls.min.js'), 'utf8') });

  router.get('/', (ctx) => {
    const url = ctx.query.url;
    const postUrl = typeof url === 'string' && /^https?:\/\//i.test(url) ? url : undefined;
    ctx.set('Content-Security-Policy', PLAYGROUND_CSP);
    ctx.set('Cache-Control', 'no-store');
    ctx.type = 'text/html; charset=utf-8';
    ctx.body = page.replace('<!-- discovery -->', postUrl ? discoveryLinks(base, postUrl) : '');
  });

  router.get('/playground/:name', (ctx) => {
    const asset = assets.get(ctx.params.name ?? '');
    if (!asset) return; // 404 by the error middleware
    ctx.set('Cache-Control', 'public, max-age=300');
    ctx.type = asset.type;
    ctx.body = asset.body;
  });
  return router;
}

/** oEmbed discovery (oEmbed 1.0 §4): where a consumer finds this post's embed, JSON and XML. */
function discoveryLinks(base: string, postUrl: string): string {
  const href = (format: string) => escapeAttribute(`${base}/oembed?url=${encodeURIComponent(postUrl)}&format=${format}`);
  return [
    `<link rel="alternate" type="application/json+oembed" href="${href('json')}" title="oEmbed (JSON)">`,
    `<link rel="alternate" type="text/xml+oembed" href="${href('xml')}" title="oEmbed (XML)">`,
  ].join('\n    ');
}

function escapeAttribute(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

// Cross-origin access (CORS_ORIGINS, docs/design.md §10) for the routes a browser page may call: /api/v1/*,
// /oembed, /openapi.yaml and the media proxy /v/. Applied in the request listener, before the hot
// path and Koa, so that both doors answer with the same headers — error answers (401, 429, 400)
// included, which a page must be able to read. A preflight is answered here: it carries no key, so
// it must never reach the authentication.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { CorsOrigins } from '../../config/cors-origins.js';
import { commonHeaders, requestIdFor } from './middleware/request-context.js';

const CORS_PATH = /^\/(?:api\/v1\/|oembed(?:$|\?)|openapi\.yaml(?:$|\?)|v\/)/;

const ALLOWED_METHODS = 'GET, HEAD, POST, OPTIONS';
const ALLOWED_HEADERS = 'Authorization, Content-Type, Range, If-Range, If-None-Match, If-Modified-Since, X-Request-Id';
// What a page may read of an answer, beyond the headers every browser exposes: the proxy's ranges
// and the limits (rate-limit.ts writes RateLimit-Limit/-Remaining/-Reset).
const EXPOSED_HEADERS = 'Content-Range, Accept-Ranges, Content-Length, RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, Retry-After, X-Request-Id';
/** How long a browser may keep a preflight's answer (browsers cap it lower: Chromium at 2 h). */
const PREFLIGHT_MAX_AGE_S = 7200;

/** Sets the CORS headers a request earns; returns true when it was a preflight, answered here. */
export type Cors = (req: IncomingMessage, res: ServerResponse) => boolean;

export function cors(origins: CorsOrigins): Cors {
  const listed = origins === '*' ? undefined : new Set(origins);
  return (req, res) => {
    if (!CORS_PATH.test(req.url ?? '')) return false;
    const origin = req.headers.origin;
    const preflight = req.method === 'OPTIONS' && origin !== undefined && req.headers['access-control-request-method'] !== undefined;
    // A list answers per origin: caches must keep one answer per Origin.
    if (listed) res.setHeader('Vary', 'Origin');
    const allowed = origin !== undefined && (listed === undefined || listed.has(origin));
    if (allowed) res.setHeader('Access-Control-Allow-Origin', listed ? origin : '*');
    if (!preflight) {
      if (allowed) res.setHeader('Access-Control-Expose-Headers', EXPOSED_HEADERS);
      return false;
    }
    // An origin not listed gets a preflight answer without permission: the browser stops there.
    if (allowed) {
      res.setHeader('Access-Control-Allow-Methods', ALLOWED_METHODS);
      res.setHeader('Access-Control-Allow-Headers', ALLOWED_HEADERS);
      res.setHeader('Access-Control-Max-Age', String(PREFLIGHT_MAX_AGE_S));
    }
    const incomingId = req.headers['x-request-id'];
    res.writeHead(204, { ...commonHeaders(requestIdFor(typeof incomingId === 'string' ? incomingId : undefined)), 'Content-Length': '0' }).end();
    return true;
  };
}

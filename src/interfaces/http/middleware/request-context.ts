// Gives every request an id (echoed as X-Request-Id, with the other common headers; kept in
// `ctx.state.requestId` for the routes to hand to the use cases, whose log lines carry it) and
// writes one access line: method, path, status, time. No headers, no query string (it may hold what
// the caller considers private), and no media-proxy token, however the path spells it (logged-path.ts).
import { randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';
import type { Logger } from '../../../application/ports/logger.port.js';
import type { Metrics } from '../../../application/ports/metrics.port.js';
import { loggedPath } from '../logged-path.js';

const SAFE_ID = /^[A-Za-z0-9._-]{8,64}$/;

/**
 * Headers every answer carries, whichever door writes it (this middleware for Koa, or the hot
 * path): the request's id, and no MIME sniffing.
 */
export function commonHeaders(requestId: string): Record<string, string> {
  return { 'X-Request-Id': requestId, 'X-Content-Type-Options': 'nosniff' };
}

/** The caller's X-Request-Id when it is a safe token, else a new one. */
export function requestIdFor(incoming: string | undefined): string {
  return incoming && SAFE_ID.test(incoming) ? incoming : randomUUID();
}

/** Where an answered request is counted: the metrics, under the pattern of the route that answered it. */
export interface RequestCount {
  metrics: Metrics;
  /** The route's pattern (`/v/{*token}`, never the path itself), or `unmatched`. */
  route: string;
}

/** Writes the access line of a request that started at `started` (performance.now()), and counts it. */
export function logAccess(logger: Logger, requestId: string, method: string, path: string, status: number, started: number, count?: RequestCount): void {
  logger.access({ requestId, method, path: loggedPath(path), status, ms: Math.round((performance.now() - started) * 10) / 10 });
  count?.metrics.httpRequest(count.route, method, status);
}

export interface RequestState {
  requestId: string;
}

/** The id `requestContextMiddleware` gave the request. */
export function requestIdOf(ctx: { state: unknown }): string | undefined {
  return (ctx.state as Partial<RequestState>).requestId;
}

/** The pattern @koa/router matched (`_matchedRoute`), or `unmatched` when no route took the request. */
function routeOf(ctx: object): string {
  const matched = (ctx as { _matchedRoute?: unknown })._matchedRoute;
  return typeof matched === 'string' ? matched : 'unmatched';
}

export function requestContextMiddleware(logger: Logger, metrics?: Metrics): Middleware {
  return async (ctx, next) => {
    const requestId = requestIdFor(ctx.get('x-request-id'));
    // Set before the rest runs, so error answers, 404/405 and streamed /v/ answers carry them too.
    ctx.set(commonHeaders(requestId));
    (ctx.state as RequestState).requestId = requestId;
    const started = performance.now();
    try {
      await next();
    } finally {
      logAccess(logger, requestId, ctx.method, ctx.path, ctx.status, started, metrics && { metrics, route: routeOf(ctx) });
    }
  };
}

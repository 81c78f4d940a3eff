// Gives every request an id (echoed as X-Request-Id), runs the rest of the request inside it so
// each log line carries it, and writes one access line: method, path, status, time. No headers,
// no query string (it may hold what the caller considers private), and no media-proxy token (it
// plays the media until it expires, so a log reader must not get one).
import { randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';
import type { Logger } from '../../../application/ports/logger.port.js';
import { requestContext } from '../../../application/request-context.js';

const SAFE_ID = /^[A-Za-z0-9._-]{8,64}$/;

/** The caller's X-Request-Id when it is a safe token, else a new one. */
export function requestIdFor(incoming: string | undefined): string {
  return incoming && SAFE_ID.test(incoming) ? incoming : randomUUID();
}

/** Writes the access line of a request that started at `started` (performance.now()). */
export function logAccess(logger: Logger, method: string, path: string, status: number, started: number): void {
  logger.access({ method, path: loggedPath(path), status, ms: Math.round((performance.now() - started) * 10) / 10 });
}

export function requestContextMiddleware(logger: Logger): Middleware {
  return async (ctx, next) => {
    const requestId = requestIdFor(ctx.get('x-request-id'));
    ctx.set('X-Request-Id', requestId);
    const started = performance.now();
    await requestContext.run({ requestId }, async () => {
      try {
        await next();
      } finally {
        logAccess(logger, ctx.method, ctx.path, ctx.status, started);
      }
    });
  };
}

/** The path as logged: `/v/{token}` keeps only its prefix. */
export function loggedPath(path: string): string {
  return path.startsWith('/v/') ? '/v/…' : path;
}

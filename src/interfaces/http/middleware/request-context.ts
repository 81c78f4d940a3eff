// Gives every request an id (echoed as X-Request-Id), runs the rest of the request inside it so
// each log line carries it, and writes one access line: method, path, status, time. No headers,
// no query string (it may hold what the caller considers private), and no media-proxy token (it
// plays the media until it expires, so a log reader must not get one).
import { randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';
import type { Logger } from '../../../application/ports/logger.port.js';
import { requestContext } from '../../../application/request-context.js';

const SAFE_ID = /^[A-Za-z0-9._-]{8,64}$/;

export function requestContextMiddleware(logger: Logger): Middleware {
  return async (ctx, next) => {
    const incoming = ctx.get('x-request-id');
    const requestId = SAFE_ID.test(incoming) ? incoming : randomUUID();
    ctx.set('X-Request-Id', requestId);
    const started = performance.now();
    await requestContext.run({ requestId }, async () => {
      try {
        await next();
      } finally {
        logger.info(
          { method: ctx.method, path: loggedPath(ctx.path), status: ctx.status, ms: Math.round((performance.now() - started) * 10) / 10 },
          'request',
        );
      }
    });
  };
}

/** The path as logged: `/v/{token}` keeps only its prefix. */
export function loggedPath(path: string): string {
  return path.startsWith('/v/') ? '/v/…' : path;
}

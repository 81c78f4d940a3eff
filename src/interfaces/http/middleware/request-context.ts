// Gives every request an id (echoed as X-Request-Id), runs the rest of the request inside it so
// each log line carries it, and writes one access line: method, path, status, time. No headers,
// no query string (it may hold what the caller considers private).
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
          { method: ctx.method, path: ctx.path, status: ctx.status, ms: Math.round((performance.now() - started) * 10) / 10 },
          'request',
        );
      }
    });
  };
}

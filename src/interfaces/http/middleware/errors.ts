// Turns every thrown error into an `{error}` body. Client errors (4xx, marked `expose`) show their
// message; anything else is a generic 500 plus a log line (koa's expose rule). An oversized body is
// a 400, never a 413, as the contract says.
import type { Middleware } from 'koa';
import type { Logger } from '../../../application/ports/logger.port.js';
import { forRequest } from '../../../application/request-log.js';
import { requestIdOf } from './request-context.js';
import { ClientError } from '../client-error.js';
import { errorBody, type ErrorCode } from '../error-codes.js';

interface HttpishError {
  status?: number;
  statusCode?: number;
  expose?: boolean;
  message?: string;
  type?: string;
}

export function errorMiddleware(logger: Logger): Middleware {
  return async (ctx, next) => {
    try {
      await next();
      if (ctx.status === 501 && ctx.body === undefined) {
        // The router answers 501 for methods it does not know at all (PROPFIND…): to a client that
        // is the same mistake as any wrong method on a known path, or an unknown path; never a 5xx.
        const matched = (ctx as { matched?: unknown[] }).matched ?? [];
        ctx.status = matched.length ? 405 : 404;
      }
      if (ctx.status === 404 && ctx.body === undefined) {
        ctx.status = 404;
        // Never the path itself: it may hold a media token, and the caller already has it.
        ctx.body = errorBody('NOT_FOUND', 'No endpoint at this path; see /openapi.yaml.');
      } else if (ctx.status === 405 && ctx.body === undefined) {
        ctx.status = 405;
        ctx.body = errorBody('METHOD_NOT_ALLOWED', `${ctx.method} is not allowed on this path; allowed: ${ctx.response.get('Allow') || 'none'}.`);
      }
    } catch (caught) {
      const err = caught as HttpishError;
      let status = err.status ?? err.statusCode ?? 500;
      let message = err.expose && err.message ? err.message : 'Internal error; the request id names it in our logs.';
      let code: ErrorCode = caught instanceof ClientError ? caught.code : codeOfStatus(status);
      if (status === 413 || err.type === 'entity.too.large') {
        status = 400;
        code = 'BODY_TOO_LARGE';
        message = 'The request body is too large.';
      } else if (status === 415) {
        status = 400;
        code = 'BODY_INVALID';
        message = 'The request body must be JSON (Content-Type: application/json).';
      } else if (status >= 400 && status < 500 && err.type === 'entity.parse.failed') {
        code = 'BODY_INVALID';
        message = 'The request body is not valid JSON.';
      }
      if (status >= 500) logger.error(forRequest(requestIdOf(ctx), { err: describe(caught) }), 'unhandled error');
      ctx.status = status;
      ctx.body = errorBody(code, message);
    }
  };
}

/** The code of an error thrown by something other than our own ClientError (koa, a middleware). */
function codeOfStatus(status: number): ErrorCode {
  if (status === 404) return 'NOT_FOUND';
  if (status === 405) return 'METHOD_NOT_ALLOWED';
  return status >= 400 && status < 500 ? 'MALFORMED_REQUEST' : 'INTERNAL';
}

function describe(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}\n${error.stack ?? ''}` : String(error);
}

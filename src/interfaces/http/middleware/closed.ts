// A namespace switched off by configuration answers 404, as if it did not exist.
import type { Middleware } from 'koa';
import { errorBody } from '../error-codes.js';

export function closedNamespace(code: 'API_DISABLED' | 'PROXY_DISABLED', what: string): Middleware {
  return async (ctx) => {
    ctx.status = 404;
    ctx.body = errorBody(code, `${what} is not enabled on this instance.`);
  };
}

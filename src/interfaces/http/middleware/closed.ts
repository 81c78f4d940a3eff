// A namespace switched off by configuration answers 404, as if it did not exist.
import type { Middleware } from 'koa';

export function closedNamespace(what: string): Middleware {
  return async (ctx) => {
    ctx.status = 404;
    ctx.body = { error: `${what} is not enabled on this instance.` };
  };
}

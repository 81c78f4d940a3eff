// Headers every response carries: no MIME sniffing, and no framing or scripts from our answers.
import type { Middleware } from 'koa';

export const securityHeaders: Middleware = async (ctx, next) => {
  ctx.set('X-Content-Type-Options', 'nosniff');
  await next();
  const type = ctx.response.type;
  if (/html|xml/.test(type)) ctx.set('Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'");
};

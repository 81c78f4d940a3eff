// Headers every response carries: no MIME sniffing; and on a document (HTML or XML, i.e. the
// oEmbed XML answer) a policy that lets it load, run or frame nothing. nosniff is set before the
// rest runs, so error answers, 404/405 and streamed /v/ answers carry it too; the policy is decided
// on the final type. The media proxy sets its own, stricter policy (`sandbox`) on what it streams.
import type { Middleware } from 'koa';

export const DOCUMENT_CSP = "default-src 'none'; frame-ancestors 'none'";

export const securityHeaders: Middleware = async (ctx, next) => {
  ctx.set('X-Content-Type-Options', 'nosniff');
  await next();
  if (/html|xml/.test(ctx.response.type) && !ctx.headerSent) ctx.set('Content-Security-Policy', DOCUMENT_CSP);
};

// On a document (HTML or XML, i.e. the oEmbed XML answer) a policy that lets it load, run or frame
// nothing, decided on the final type; nosniff is one of the headers every answer carries
// (commonHeaders, request-context.ts). The media proxy sets its own, stricter policy (`sandbox`) on
// what it streams.
import type { Middleware } from 'koa';

export const DOCUMENT_CSP = "default-src 'none'; frame-ancestors 'none'";

export const securityHeaders: Middleware = async (ctx, next) => {
  await next();
  // A page that runs its own script (the playground) sets its own policy first.
  if (/html|xml/.test(ctx.response.type) && !ctx.headerSent && !ctx.response.get('Content-Security-Policy')) ctx.set('Content-Security-Policy', DOCUMENT_CSP);
};

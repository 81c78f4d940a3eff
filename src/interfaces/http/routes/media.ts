// GET/HEAD /v/{token}[.ext]: streams what the open-media use case decided, with `pipeline` so a slow
// client holds the upstream back (bounded memory) and a client that leaves closes the upstream
// request at once. Every other method is the namespace's 404.
import { pipeline } from 'node:stream/promises';
import type { Context, Middleware } from 'koa';
import type { DependencyContainer } from 'tsyringe';
import { LOGGER, type Logger } from '../../../application/ports/logger.port.js';
import { METRICS, type Metrics } from '../../../application/ports/metrics.port.js';
import { OpenMediaUseCase, type MediaFailure, type MediaReply } from '../../../application/use-cases/open-media.js';
import { refuse } from '../client-error.js';
import { errorBody, type ErrorCode } from '../error-codes.js';
import { forRequest } from '../../../application/request-log.js';
import { requestIdOf } from '../middleware/request-context.js';

/** The token (base64url) and an optional file extension for players that want one. */
const TOKEN_PATH = /^\/v\/([A-Za-z0-9_-]+)(?:\.[A-Za-z0-9]{1,8})?$/;

export function mediaProxy(container: DependencyContainer): Middleware {
  const openMedia = container.resolve(OpenMediaUseCase);
  const logger = container.resolve<Logger>(LOGGER);
  const metrics = container.resolve<Metrics>(METRICS);

  return async (ctx) => {
    // Failures are never cached: the same token may play once the media host or the post recovers.
    ctx.set('Cache-Control', 'no-store');
    const method = ctx.method;
    if (method !== 'GET' && method !== 'HEAD') refuse('NOT_FOUND', 'No endpoint for this method here; media is fetched with GET or HEAD.');
    const token = TOKEN_PATH.exec(ctx.path)?.[1];
    if (!token) refuse('MEDIA_TOKEN_INVALID', 'Unknown or invalid media token.');

    // 'close' before the response finished means the client went away: abort the upstream.
    const clientGone = new AbortController();
    ctx.res.once('close', () => {
      if (!ctx.res.writableFinished) clientGone.abort();
    });
    const reply = await openMedia.execute(token, {
      method,
      range: header(ctx, 'range'),
      ifRange: header(ctx, 'if-range'),
      ifNoneMatch: header(ctx, 'if-none-match'),
      ifModifiedSince: header(ctx, 'if-modified-since'),
      signal: clientGone.signal,
      requestId: requestIdOf(ctx),
    });
    if (!reply.ok) {
      ctx.status = reply.status;
      ctx.body = errorBody(FAILURE_CODES[reply.failure], reply.error);
      return;
    }
    await stream(ctx, reply, logger, metrics);
  };
}

async function stream(ctx: Context, reply: MediaReply & { ok: true }, logger: Logger, metrics: Metrics): Promise<void> {
  // Only what the use case let through, plus our own headers; nothing else of the upstream's.
  ctx.status = reply.status;
  ctx.set(reply.headers);
  ctx.set('Cache-Control', `private, max-age=${reply.maxAgeSeconds}`);
  ctx.set('Cross-Origin-Resource-Policy', 'cross-origin');
  ctx.set('X-Content-Type-Options', 'nosniff');
  // Media is never a document of ours: opened directly (a DASH manifest is XML), it runs nothing.
  ctx.set('Content-Security-Policy', "default-src 'none'; sandbox");
  ctx.respond = false;
  if (!reply.body || ctx.method === 'HEAD') {
    reply.body?.destroy();
    ctx.res.end();
    return;
  }
  const ended = metrics.mediaStreamStarted();
  // Counted as the chunks go out, so a long stream shows in a scrape while it plays.
  reply.body.on('data', (chunk: Buffer) => metrics.mediaBytesSent(chunk.length));
  try {
    await pipeline(reply.body, ctx.res);
  } catch (error) {
    // The client left or the media host broke off mid-body: headers are gone, so the cut
    // connection is the only signal left; pipeline has already destroyed both sides.
    const code = (error as { code?: string }).code;
    logger.info(forRequest(requestIdOf(ctx), { status: reply.status, code }), 'media stream ended early');
  } finally {
    ended();
  }
}

/** The code of each way the use case fails. */
const FAILURE_CODES: Readonly<Record<MediaFailure, ErrorCode>> = {
  'token-invalid': 'MEDIA_TOKEN_INVALID',
  'token-expired': 'MEDIA_TOKEN_EXPIRED',
  'host-refused': 'MEDIA_HOST_REFUSED',
  'not-media': 'MEDIA_NOT_MEDIA',
  'host-unreachable': 'MEDIA_HOST_UNREACHABLE',
  'host-timeout': 'MEDIA_HOST_TIMEOUT',
};

function header(ctx: Context, name: string): string | undefined {
  return ctx.get(name) || undefined;
}

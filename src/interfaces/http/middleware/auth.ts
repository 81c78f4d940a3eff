// Bearer-key authentication for /api/v1. Keys are compared as SHA-256 digests in constant time,
// against every configured key, so neither timing nor early exit tells how much of a key matched.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Middleware } from 'koa';

export interface AuthState {
  /** A digest of the caller's key: names the caller (rate limits) without holding the key. */
  callerId: string;
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}

export function bearerAuth(apiKeys: readonly string[]): Middleware {
  const digests = apiKeys.map(digest);
  return async (ctx, next) => {
    const header = ctx.get('authorization');
    const match = /^Bearer[ ]+([^\s]+)\s*$/i.exec(header);
    if (!match) return deny(ctx, header ? 'The Authorization header must be "Bearer <API key>".' : 'Missing API key: send "Authorization: Bearer <API key>".');
    const given = digest(match[1]!);
    let ok = false;
    for (const known of digests) ok = timingSafeEqual(given, known) || ok;
    if (!ok) return deny(ctx, 'The API key is not valid.');
    (ctx.state as AuthState).callerId = given.toString('hex').slice(0, 32);
    await next();
  };
}

function deny(ctx: Parameters<Middleware>[0], message: string): void {
  ctx.status = 401;
  ctx.set('WWW-Authenticate', 'Bearer realm="postlens"');
  ctx.body = { error: message };
}

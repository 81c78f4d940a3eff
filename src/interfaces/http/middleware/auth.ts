// Bearer-key authentication for /api/v1. Keys are compared as SHA-256 digests in constant time,
// against every configured key, so neither timing nor early exit tells how much of a key matched.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Middleware } from 'koa';

export interface AuthState {
  /** A digest of the caller's key: names the caller (rate limits) without holding the key. */
  callerId: string;
}

/** The two primitives of the key check; tests pass spies around the real ones. */
export interface KeyCrypto {
  digest(text: string): Buffer;
  equal(a: Buffer, b: Buffer): boolean;
}

/**
 * SHA-256 makes every compared value 32 bytes whatever the key's length (timingSafeEqual needs
 * equal lengths, and a length check would leak), and timingSafeEqual compares them in constant time.
 */
export const KEY_CRYPTO: KeyCrypto = {
  digest: (text) => createHash('sha256').update(text, 'utf8').digest(),
  equal: timingSafeEqual,
};

/**
 * Recognises configured API keys: `callerOf(given)` is the caller id of a configured key, or
 * undefined. Every configured digest is compared, even after a match, so the time taken does not
 * tell which key (or whether an early one) matched.
 */
export function apiKeyCheck(apiKeys: readonly string[], crypto: KeyCrypto = KEY_CRYPTO): { callerOf(given: string): string | undefined } {
  const digests = apiKeys.map((key) => crypto.digest(key));
  return {
    callerOf(given) {
      const digest = crypto.digest(given);
      let ok = false;
      // `equal` first, so `||` never skips a comparison.
      for (const known of digests) ok = crypto.equal(digest, known) || ok;
      return ok ? digest.toString('hex').slice(0, 32) : undefined;
    },
  };
}

export function bearerAuth(apiKeys: readonly string[]): Middleware {
  const keys = apiKeyCheck(apiKeys);
  return async (ctx, next) => {
    const header = ctx.get('authorization');
    const match = /^Bearer[ ]+([^\s]+)\s*$/i.exec(header);
    if (!match) return deny(ctx, header ? 'The Authorization header must be "Bearer <API key>".' : 'Missing API key: send "Authorization: Bearer <API key>".');
    const callerId = keys.callerOf(match[1]!);
    if (callerId === undefined) return deny(ctx, 'The API key is not valid.');
    (ctx.state as AuthState).callerId = callerId;
    await next();
  };
}

function deny(ctx: Parameters<Middleware>[0], message: string): void {
  ctx.status = 401;
  ctx.set('WWW-Authenticate', 'Bearer realm="postlens"');
  ctx.body = { error: message };
}

// Bearer-key authentication for /api/v1. Keys are compared as SHA-256 digests in constant time,
// against every configured key, so neither timing nor early exit tells how much of a key matched.
import { hash, timingSafeEqual } from 'node:crypto';
import type { Context, Middleware } from 'koa';
import type { RateDecision } from '../../../application/ports/rate-limiter.port.js';
import type { FailedAuthGuard } from './failed-auth.js';
import { rateLimitHeaders, resetSeconds } from './rate-limit.js';
import { errorBody } from '../error-codes.js';

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
  // crypto.hash: one call instead of a Hash object per request (bench/RESULTS.md).
  digest: (text) => hash('sha256', text, 'buffer'),
  equal: timingSafeEqual,
};

/**
 * Recognises configured API keys: `callerOf(given)` is the caller id of a configured key, or
 * undefined. Every configured digest is compared, even after a match, so the time taken does not
 * tell which key (or whether an early one) matched.
 */
export function apiKeyCheck(apiKeys: readonly string[], crypto: KeyCrypto = KEY_CRYPTO): { callerOf(given: string): string | undefined } {
  const digests = apiKeys.map((key) => crypto.digest(key));
  const callerIds = digests.map((digest) => digest.toString('hex').slice(0, 32));
  return {
    callerOf(given) {
      const digest = crypto.digest(given);
      let matched = -1;
      // Every digest is compared; the index is taken without a branch on which one matched.
      for (let i = 0; i < digests.length; i++) matched = crypto.equal(digest, digests[i]!) ? i : matched;
      return matched === -1 ? undefined : callerIds[matched];
    },
  };
}

/** What the Authorization header says: the caller, or why the request is refused. */
export type Authentication = { ok: true; callerId: string } | { ok: false; code: 'AUTH_MISSING' | 'AUTH_INVALID'; message: string };

const BEARER = /^Bearer[ ]+([^\s]+)\s*$/i;

/** Reads an Authorization header against the configured keys (shared by Koa and the hot path). */
export function authenticator(apiKeys: readonly string[]): (header: string | undefined) => Authentication {
  const keys = apiKeyCheck(apiKeys);
  return (header) => {
    const match = header ? BEARER.exec(header) : null;
    if (!match) {
      return header
        ? { ok: false, code: 'AUTH_INVALID', message: 'The Authorization header must be "Bearer <API key>".' }
        : { ok: false, code: 'AUTH_MISSING', message: 'Missing API key: send "Authorization: Bearer <API key>".' };
    }
    const callerId = keys.callerOf(match[1]!);
    return callerId === undefined ? { ok: false, code: 'AUTH_INVALID', message: 'The API key is not valid.' } : { ok: true, callerId };
  };
}

/**
 * Authenticates /api/v1 requests. It runs before anything reads the body: a refused request's body
 * is never read, and its connection is closed (`Connection: close`) instead of being drained for
 * the next request. Refusals count against the client address (failed-auth.ts).
 */
export function bearerAuth(apiKeys: readonly string[], failures: FailedAuthGuard): Middleware {
  const authenticate = authenticator(apiKeys);
  return async (ctx, next) => {
    const blocked = failures.refusal(ctx.ip);
    if (blocked) return tooManyFailures(ctx, blocked);
    const auth = authenticate(ctx.get('authorization'));
    if (!auth.ok) {
      const counted = await failures.failed(ctx.ip);
      return counted.allowed ? deny(ctx, auth) : tooManyFailures(ctx, counted);
    }
    (ctx.state as AuthState).callerId = auth.callerId;
    await next();
  };
}

function deny(ctx: Context, { code, message }: Extract<Authentication, { ok: false }>): void {
  ctx.status = 401;
  ctx.set('WWW-Authenticate', 'Bearer realm="postlens"');
  ctx.set('Connection', 'close');
  ctx.body = errorBody(code, message);
}

function tooManyFailures(ctx: Context, decision: RateDecision): void {
  ctx.status = 429;
  // A refused decision's headers: RateLimit-* and Retry-After.
  ctx.set(rateLimitHeaders(decision));
  ctx.set('Connection', 'close');
  ctx.body = errorBody('AUTH_BLOCKED', `Too many failed authentications from this address (${decision.limit} per window); retry in ${resetSeconds(decision)} s.`);
}

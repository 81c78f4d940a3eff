// One retry, no more (issue 5 point 1): a dropped connection or a 502/503/504 from a load balancer
// is often gone a moment later, but a platform that is really down must not see every resolve
// twice over, nor a resolve wait long for it. So: only idempotent GET/HEAD; only network failures
// (never a timeout: that time is already spent, nor a refusal or an oversized body) and 502–504;
// after a short pause with jitter, so that retries of many resolves do not arrive together; never
// once the caller's signal has aborted; and at most once per request, whatever its redirects do.
import { setTimeout as sleep } from 'node:timers/promises';
import { isUpstreamError } from '../../application/errors.js';
import type { HttpRequest, HttpResponse } from '../../application/ports/http.port.js';

export const RETRY_STATUSES: ReadonlySet<number> = new Set([502, 503, 504]);

/** The pause before the retry, in ms: a uniform pick between the two bounds. */
export type RetryDelay = readonly [minMs: number, maxMs: number];
export const DEFAULT_RETRY_DELAY: RetryDelay = [100, 250];

/** Shared by every hop of one request, so a redirect chain retries once in all. */
export interface RetryAllowance {
  left: number;
}

/** Sends the hop; for an idempotent one that failed on the network or got 502–504, once more. */
export async function withOneRetry(
  hop: HttpRequest,
  send: () => Promise<HttpResponse>,
  allowance: RetryAllowance,
  delay: RetryDelay = DEFAULT_RETRY_DELAY,
): Promise<HttpResponse> {
  const method = hop.method ?? 'GET';
  const idempotent = method === 'GET' || method === 'HEAD';
  let first: HttpResponse | undefined;
  let firstError: unknown;
  try {
    first = await send();
    if (!idempotent || !RETRY_STATUSES.has(first.status) || allowance.left < 1 || hop.signal?.aborted) return first;
  } catch (error) {
    const retryable = isUpstreamError(error) && error.code === 'UPSTREAM_NETWORK';
    if (!idempotent || !retryable || allowance.left < 1 || hop.signal?.aborted) throw error;
    firstError = error;
  }
  allowance.left -= 1;
  const [minMs, maxMs] = delay;
  try {
    await sleep(minMs + Math.random() * Math.max(0, maxMs - minMs), undefined, hop.signal ? { signal: hop.signal } : {});
  } catch {
    // Aborted while waiting: no retry; the first outcome stands.
    if (first) return first;
    throw firstError;
  }
  try {
    return await send();
  } catch (error) {
    // A retry that got no answer at all tells less than the 5xx the first attempt did get.
    if (first) return first;
    throw error;
  }
}

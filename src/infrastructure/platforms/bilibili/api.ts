// Bilibili's web API (api.bilibili.com): every answer is an envelope `{code, message, data}`, most
// refusals with HTTP 200 and a non-zero `code` (SOURCES.md). The request, and the envelope read
// into its `data` or the reason its code (else its status) gives.
import { UpstreamError } from '../../../application/errors.js';
import { BILIBILI_HOSTS } from '../../../domain/platforms/bilibili.js';
import type { Reason } from '../../../domain/reasons.js';
import { asObject, parseJson } from '../kit/json.js';
import { reasonForStatus } from '../kit/status.js';
import type { Upstream } from '../kit/upstream.js';
import { USER_AGENTS } from '../kit/user-agents.js';

export const BILIBILI_API = `https://${BILIBILI_HOSTS.api}`;

/** What the web player itself sends: the API refuses some clients without a browser's UA and Referer. */
const HEADERS = { 'user-agent': USER_AGENTS.browser, referer: 'https://www.bilibili.com/' };

/** The codes bilibili-API-collect documents (SOURCES.md), and the risk-control ones extractors meet. */
const CODES: Readonly<Record<number, Reason>> = {
  [-404]: 'not-found', // no such video
  62002: 'not-found', // invisible: removed or hidden
  62004: 'private', // under review
  62012: 'private', // visible to its owner only
  [-403]: 'blocked', // no permission
  [-412]: 'blocked', // request intercepted (risk control)
  [-352]: 'blocked', // risk-control check failed
  [-509]: 'rate-limited', // too many requests
  [-799]: 'rate-limited', // too many requests
  [-10403]: 'region-locked', // not offered in this region
};

export type ApiAnswer = { ok: true; data: unknown } | { ok: false; reason: Reason };

/** GET `path` (with its query) on the API, read as an envelope. */
export async function getApi(upstream: Upstream, path: string, signal: AbortSignal): Promise<ApiAnswer> {
  const response = await upstream.getJson(`${BILIBILI_API}${path}`, signal, HEADERS);
  return readEnvelope(response.status, parseJson(response.text()));
}

/**
 * The envelope's `data`; a non-zero `code` is the reason whatever the status (an unknown code is
 * `upstream-error`), else a refusing status is. Throws UPSTREAM_BAD_RESPONSE on a 2xx that is no envelope.
 */
export function readEnvelope(status: number, body: unknown): ApiAnswer {
  const code = asObject(body)?.['code'];
  if (typeof code === 'number' && code !== 0) return { ok: false, reason: CODES[code] ?? 'upstream-error' };
  // 412 is how the API turns away a client its risk control distrusts (an HTML page, no envelope).
  const refused = status === 412 ? 'blocked' : reasonForStatus(status);
  if (refused) return { ok: false, reason: refused };
  if (code !== 0) throw new UpstreamError('UPSTREAM_BAD_RESPONSE', 'the Bilibili API answer is not an envelope with a code');
  return { ok: true, data: asObject(body)!['data'] };
}

/** Bilibili writes its CDN URLs (covers, avatars) with http: the same files are served on https. */
export function httpsUrl(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const url = value.trim().replace(/^http:\/\//, 'https://').replace(/^\/\//, 'https://');
  return url.startsWith('https://') ? url : undefined;
}

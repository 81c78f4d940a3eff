// What a refusal of the Mastodon client API's statuses endpoint says about the post, on any server
// that serves that API (pure; the conformance suites use it).
import type { Reason } from '../../../domain/reasons.js';
import { parseJson } from '../kit/json.js';
import { reasonForStatus } from '../kit/status.js';

export function reasonForApiRefusal(status: number, body: string): Reason {
  // 401 is a server that serves its API to logged-in clients only (Mastodon's "This API requires an
  // authenticated user", GoToSocial and Pixelfed by default, Pleroma's restrict_unauthenticated).
  if (status === 401) return 'blocked';
  if (status === 403) return reasonFor403(body);
  return reasonForStatus(status) ?? 'upstream-error';
}

/**
 * Mastodon answers 404, not 403, for a post the viewer may not see (followers-only, direct, a
 * suspended account), so a 403 is rare. When it is the server's own JSON error from its permission
 * policy ("This action is not allowed"), it is about this post: private. When it talks about
 * logging in, or is not JSON at all (a CDN or WAF challenge page), it is about our anonymous
 * client: blocked.
 */
function reasonFor403(body: string): Reason {
  const error = (parseJson(body) as { error?: unknown } | null | undefined)?.error;
  if (typeof error !== 'string') return 'blocked';
  return /authenticat|log ?in|sign ?in|token/i.test(error) ? 'blocked' : 'private';
}

// Lemmy's client API as strategies: `GET /api/v3/post?id={n}` and `/api/v3/comment?id={n}` (no auth
// for public content). Errors are `{"error":"couldnt_find_post"}`-like codes.
import type { AdapterResult } from '../../../application/ports/platform-adapter.port.js';
import type { Reason } from '../../../domain/reasons.js';
import { parseJson } from '../kit/json.js';
import { reasonForStatus } from '../kit/status.js';
import type { Upstream } from '../kit/upstream.js';
import { parseCommentView, parsePostView } from './views.js';

export async function lemmyApiCard(upstream: Upstream, instance: string, item: 'post' | 'comment', n: string, signal: AbortSignal): Promise<AdapterResult> {
  const response = await upstream.getJson(`https://${instance}/api/v3/${item}?id=${n}`, signal);
  if (response.status < 200 || response.status >= 300) return { ok: false, reason: reasonForLemmyError(response.status, response.text()) };
  return item === 'post' ? parsePostView(response.json()) : parseCommentView(response.json(), instance);
}

export function reasonForLemmyError(status: number, body: string): Reason {
  const error = (parseJson(body) as { error?: unknown } | undefined)?.error;
  if (typeof error === 'string' && /^(?:couldnt_find_|not_found|deleted|removed)/.test(error)) return 'not-found';
  if (typeof error === 'string' && /^(?:not_logged_in|incorrect_login|instance_is_private)/.test(error)) return 'blocked';
  return reasonForStatus(status) ?? 'upstream-error';
}

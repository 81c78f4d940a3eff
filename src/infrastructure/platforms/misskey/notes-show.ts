// Misskey's `POST https://{instance}/api/notes/show {noteId}` as a strategy. No token is needed for a
// public note; a server that requires sign-in answers CONTENT_RESTRICTED_*.
import type { AdapterResult } from '../../../application/ports/platform-adapter.port.js';
import type { Reason } from '../../../domain/reasons.js';
import { parseJson } from '../kit/json.js';
import { reasonForStatus } from '../kit/status.js';
import type { Upstream } from '../kit/upstream.js';
import { parseNote } from './note.js';

export async function notesShowCard(upstream: Upstream, instance: string, noteId: string, signal: AbortSignal): Promise<AdapterResult> {
  const response = await upstream.request({
    url: `https://${instance}/api/notes/show`,
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ noteId }),
    signal,
  });
  if (response.status >= 200 && response.status < 300) return parseNote(response.json(), instance);
  return { ok: false, reason: reasonForNotesShow(response.status, response.text()) };
}

/** Misskey answers 400 (forks 404) with `error.code` NO_SUCH_NOTE for a missing note. */
export function reasonForNotesShow(status: number, body: string): Reason {
  const code = (parseJson(body) as { error?: { code?: unknown } } | undefined)?.error?.code;
  if (code === 'NO_SUCH_NOTE') return 'not-found';
  if (typeof code === 'string' && /^CONTENT_RESTRICTED|CREDENTIAL|SIGNIN|AUTHENTICATION/.test(code)) return 'blocked';
  return reasonForStatus(status) ?? 'upstream-error';
}

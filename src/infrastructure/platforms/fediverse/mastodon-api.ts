// The Mastodon client API's statuses endpoint as a strategy: `GET https://{instance}/api/v1/statuses/{id}`,
// read in the dialect of the program the server runs.
import type { AdapterResult } from '../../../application/ports/platform-adapter.port.js';
import type { Upstream } from '../kit/upstream.js';
import { parseApiStatus, type StatusDialect } from './mastodon-api-status.js';
import { reasonForApiRefusal } from './mastodon-api-refusal.js';

export async function apiStatusCard(upstream: Upstream, instance: string, id: string, dialect: StatusDialect, signal: AbortSignal): Promise<{ result: AdapterResult; body?: unknown }> {
  const response = await upstream.getJson(`https://${instance}/api/v1/statuses/${encodeURIComponent(id)}`, signal);
  if (response.status < 200 || response.status >= 300) return { result: { ok: false, reason: reasonForApiRefusal(response.status, response.text()) } };
  const body = response.json();
  return { result: parseApiStatus(body, instance, dialect), body };
}

// What an upstream HTTP status says about a post, for statuses that end a strategy. Adapters
// consult this after handling the statuses their platform gives a special meaning.
import type { Reason } from '../../../domain/reasons.js';

export function reasonForStatus(status: number): Reason | undefined {
  if (status >= 200 && status < 300) return undefined;
  if (status === 404 || status === 410) return 'not-found';
  if (status === 401 || status === 403) return 'blocked';
  if (status === 429) return 'rate-limited';
  if (status === 451) return 'region-locked';
  if (status === 408 || status === 504) return 'timeout';
  return 'upstream-error';
}

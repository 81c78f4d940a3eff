// How Mastodon's own post URLs read, for the statuses API reader of the fediverse kit: a status at
// `https://{instance}/@{acct}/{id}`, its id a number.
import type { AdapterResult } from '../../../application/ports/platform-adapter.port.js';
import { parseApiStatus, type StatusDialect } from '../fediverse/mastodon-api-status.js';

export const MASTODON_STATUSES: StatusDialect = {
  platform: 'mastodon',
  statusUrl: (instance, { id, acct }) => (/^\d{1,20}$/.test(id) ? `https://${instance}/@${acct}/${id}` : undefined),
};

/** A Mastodon status as the card (`instance`: the server it was read from). */
export function parseStatus(body: unknown, instance: string): AdapterResult {
  return parseApiStatus(body, instance, MASTODON_STATUSES);
}

// How GoToSocial's post URLs read, for the statuses API reader: `https://{instance}/@{acct}/statuses/{ULID}`.
import { type StatusDialect } from '../fediverse/mastodon-api-status.js';

export const GOTOSOCIAL_STATUSES: StatusDialect = {
  platform: 'gotosocial',
  statusUrl: (instance, { id, acct }) => (/^[0-9A-HJKMNP-TV-Z]{26}$/.test(id) && !acct.includes('@') ? `https://${instance}/@${acct}/statuses/${id}` : undefined),
};

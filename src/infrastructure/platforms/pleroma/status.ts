// How Pleroma's post URLs read, for the statuses API reader: a status at `https://{instance}/notice/{id}`.
import { type StatusDialect } from '../fediverse/mastodon-api-status.js';

export const PLEROMA_STATUSES: StatusDialect = {
  platform: 'pleroma',
  statusUrl: (instance, { id }) => (/^[A-Za-z0-9]{1,40}$/.test(id) ? `https://${instance}/notice/${id}` : undefined),
};

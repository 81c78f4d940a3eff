// How Pixelfed's post URLs read, for the statuses API reader: `https://{instance}/p/{user}/{id}` for
// a local author, `/i/web/post/{id}` when the author is another server's.
import { type StatusDialect } from '../fediverse/mastodon-api-status.js';

export const PIXELFED_STATUSES: StatusDialect = {
  platform: 'pixelfed',
  statusUrl: (instance, { id, acct }) => {
    if (!/^\d{1,20}$/.test(id)) return undefined;
    return /^[A-Za-z0-9_.-]{1,64}$/.test(acct) ? `https://${instance}/p/${acct}/${id}` : `https://${instance}/i/web/post/${id}`;
  },
};

// How Friendica's post URLs read, for the statuses API reader: `https://{instance}/display/{guid}`,
// which only the status's own `url` names (its API id is a local number, not the GUID).
import { type StatusDialect } from '../fediverse/mastodon-api-status.js';

export const FRIENDICA_STATUSES: StatusDialect = {
  platform: 'friendica',
  statusUrl: (instance, { url }) => {
    const guid = url && URL.canParse(url) && new URL(url).host === instance ? /^\/display\/([A-Za-z0-9-]{1,64})$/.exec(new URL(url).pathname)?.[1] : undefined;
    return guid ? `https://${instance}/display/${guid}` : undefined;
  },
};

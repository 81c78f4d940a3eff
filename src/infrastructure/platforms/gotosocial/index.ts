// GoToSocial adapter: the status from the Mastodon-compatible API (which GoToSocial serves to
// logged-in clients only by default: 401 moves on), else the ActivityPub object at
// `/users/{user}/statuses/{ULID}` (refused unsigned in its default "authorized fetch" mode), else
// the page's Open Graph tags.
import { apiStatusCard } from '../fediverse/mastodon-api.js';
import { objectThenPage } from '../fediverse/chain.js';
import { fediverseAdapter } from '../fediverse/fediverse-adapter.js';
import { postShape } from '../kit/declared-adapter.js';
import { GOTOSOCIAL_STATUSES } from './status.js';

export const GotosocialAdapter = fediverseAdapter({
  id: 'gotosocial',
  posts: [
    postShape(['instance', 'user', 'id'], ({ instance, user, id }, upstream) => [
      { name: 'api', run: async (signal) => (await apiStatusCard(upstream, instance, id, GOTOSOCIAL_STATUSES, signal)).result },
      ...objectThenPage(
        upstream,
        { object: `https://${instance}/users/${user}/statuses/${id}`, page: `https://${instance}/@${user}/statuses/${id}` },
        { platform: 'gotosocial', summary: 'content-warning' },
      ),
    ]),
  ],
});

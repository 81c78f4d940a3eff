// Friendica adapter. Its Mastodon-compatible API reads statuses by a local number that a post URL
// (`/display/{guid}`) does not carry, and has no lookup by GUID for anonymous clients: the chain is
// the ActivityPub object at `/objects/{guid}`, then the `/display/{guid}` page's Open Graph tags.
// (The API's status reader, in FRIENDICA_STATUSES' dialect, is kept for its shape: see conformance.)
import { objectThenPage } from '../fediverse/chain.js';
import { fediverseAdapter } from '../fediverse/fediverse-adapter.js';
import { postShape } from '../kit/declared-adapter.js';

export const FriendicaAdapter = fediverseAdapter({
  id: 'friendica',
  posts: [
    postShape(['instance', 'guid'], ({ instance, guid }, upstream) =>
      objectThenPage(upstream, { object: `https://${instance}/objects/${guid}`, page: `https://${instance}/display/${guid}` }, { platform: 'friendica', summary: 'content-warning' }),
    ),
  ],
});

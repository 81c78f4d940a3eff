// Pixelfed adapter: the post from the Mastodon-compatible API (most servers want a token: 401/403
// moves on), else the post URL's ActivityPub object (Pixelfed serves it to anonymous readers), else
// the page's Open Graph tags.
import { apiStatusCard } from '../fediverse/mastodon-api.js';
import { objectThenPage } from '../fediverse/chain.js';
import { fediverseAdapter } from '../fediverse/fediverse-adapter.js';
import { postShape } from '../kit/declared-adapter.js';
import { PIXELFED_STATUSES } from './status.js';

export const PixelfedAdapter = fediverseAdapter({
  id: 'pixelfed',
  posts: [
    postShape(['instance', 'id'], ({ instance, id }, upstream, post) => [
      { name: 'api', run: async (signal) => (await apiStatusCard(upstream, instance, id, PIXELFED_STATUSES, signal)).result },
      ...objectThenPage(upstream, { object: post.canonicalUrl, page: post.canonicalUrl }, { platform: 'pixelfed', summary: 'content-warning' }),
    ]),
  ],
});

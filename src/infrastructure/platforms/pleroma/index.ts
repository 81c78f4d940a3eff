// Pleroma adapter (Pleroma, Akkoma, Rebased): a notice from the Mastodon-compatible API (with
// Pleroma's quote and reply extensions), else its ActivityPub object, else its page. An object URL
// (`/objects/{uuid}`) names no notice id: the server's redirect to its notice gives it (the card
// then answers with the notice's URL), else its object, then its page.
import { apiStatusCard } from '../fediverse/mastodon-api.js';
import { objectThenPage } from '../fediverse/chain.js';
import { fediverseAdapter } from '../fediverse/fediverse-adapter.js';
import { postShape } from '../kit/declared-adapter.js';
import { noticeOfObject } from './object-notice.js';
import { PLEROMA_STATUSES } from './status.js';

export const PleromaAdapter = fediverseAdapter({
  id: 'pleroma',
  posts: [
    postShape(['instance', 'id'], ({ instance, id }, upstream) => [
      { name: 'api', run: async (signal) => (await apiStatusCard(upstream, instance, id, PLEROMA_STATUSES, signal)).result },
      ...objectThenPage(upstream, { object: `https://${instance}/notice/${id}`, page: `https://${instance}/notice/${id}` }, { platform: 'pleroma', summary: 'content-warning' }),
    ]),
    postShape(['instance', 'object'], ({ instance, object }, upstream) => [
      {
        name: 'notice',
        run: async (signal) => {
          const id = await noticeOfObject(upstream, instance, object, signal);
          // No redirect to a notice: nothing said about the post, the object and the page still may.
          if (!id) return { ok: false, reason: 'upstream-error' };
          const { result } = await apiStatusCard(upstream, instance, id, PLEROMA_STATUSES, signal);
          return result.ok ? { ...result, canonicalUrl: `https://${instance}/notice/${id}` } : result;
        },
      },
      ...objectThenPage(upstream, { object: `https://${instance}/objects/${object}`, page: `https://${instance}/objects/${object}` }, { platform: 'pleroma', summary: 'content-warning' }),
    ]),
  ],
});

// Mastodon adapter: the status from the client API of the instance named in the post URL (a listed
// instance, or one discovery found), with the URL's username spelled as the instance spells it;
// where the API wants a login (401), the post URL's ActivityPub object, then its page.
import type { AdapterResult, PostRef } from '../../../application/ports/platform-adapter.port.js';
import { mastodonRespelledUrl } from '../../../domain/platforms/mastodon.js';
import { statusAcct } from '../fediverse/mastodon-api-status.js';
import { apiStatusCard } from '../fediverse/mastodon-api.js';
import { objectThenPage } from '../fediverse/chain.js';
import { fediverseAdapter } from '../fediverse/fediverse-adapter.js';
import { postShape } from '../kit/declared-adapter.js';
import { MASTODON_STATUSES } from './status.js';

export const MastodonAdapter = fediverseAdapter({
  id: 'mastodon',
  posts: [
    postShape(['instance', 'id'], ({ instance, id }, upstream, post) => [
      { name: 'api', run: async (signal) => respelled(await apiStatusCard(upstream, instance, id, MASTODON_STATUSES, signal), post, id) },
      ...objectThenPage(upstream, { object: post.canonicalUrl, page: post.canonicalUrl }, { platform: 'mastodon', summary: 'content-warning' }),
    ]),
  ],
});

/** The URL's username spelled as the instance spells it, when that differs only in case (docs/design.md §3). */
function respelled({ result, body }: { result: AdapterResult; body?: unknown }, post: PostRef, id: string): AdapterResult {
  const acct = result.ok ? statusAcct(body, id) : undefined;
  const canonicalUrl = acct !== undefined ? mastodonRespelledUrl(post.ids, acct) : undefined;
  return result.ok && canonicalUrl ? { ...result, canonicalUrl } : result;
}

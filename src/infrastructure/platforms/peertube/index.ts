// PeerTube adapter: the video from its API, else its ActivityPub Video object (`/videos/watch/{id}`),
// else the watch page's Open Graph tags.
import { objectThenPage } from '../fediverse/chain.js';
import { fediverseAdapter } from '../fediverse/fediverse-adapter.js';
import { postShape } from '../kit/declared-adapter.js';
import { videoApiCard } from './api.js';

export const PeertubeAdapter = fediverseAdapter({
  id: 'peertube',
  posts: [
    postShape(['instance', 'video'], ({ instance, video }, upstream) => [
      { name: 'api', run: (signal) => videoApiCard(upstream, instance, video, signal) },
      ...objectThenPage(upstream, { object: `https://${instance}/videos/watch/${video}`, page: `https://${instance}/w/${video}` }, { platform: 'peertube', summary: 'excerpt' }),
    ]),
  ],
});

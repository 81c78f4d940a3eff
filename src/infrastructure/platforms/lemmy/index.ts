// Lemmy adapter: a post or comment from the client API, else its ActivityPub object (the same URL;
// `summary` is an excerpt there, never a content warning), else the page's Open Graph tags.
import { objectThenPage } from '../fediverse/chain.js';
import { fediverseAdapter } from '../fediverse/fediverse-adapter.js';
import { postShape } from '../kit/declared-adapter.js';
import { lemmyApiCard } from './api.js';

const itemShape = (item: 'post' | 'comment') =>
  postShape(['instance', item], (ids, upstream, post) => [
    { name: `api-${item}`, run: (signal) => lemmyApiCard(upstream, ids.instance, item, ids[item], signal) },
    ...objectThenPage(upstream, { object: post.canonicalUrl, page: post.canonicalUrl }, { platform: 'lemmy', summary: 'excerpt' }),
  ]);

export const LemmyAdapter = fediverseAdapter({ id: 'lemmy', posts: [itemShape('post'), itemShape('comment')] });

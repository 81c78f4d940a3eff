// Lemmy adapter: a post or comment from the client API, else its ActivityPub object (the same URL;
// `summary` is an excerpt there, never a content warning), else the page's Open Graph tags.
import { objectThenPage } from '../fediverse/chain.js';
import { fediverseAdapter } from '../fediverse/fediverse-adapter.js';
import { postKind } from '../kit/declared-adapter.js';
import { lemmyApiCard } from './api.js';

const item = (kind: 'post' | 'comment') =>
  postKind(['instance', kind], (ids, upstream, post) => [
    { name: `api-${kind}`, run: (signal) => lemmyApiCard(upstream, ids.instance, kind, ids[kind], signal) },
    ...objectThenPage(upstream, { object: post.canonicalUrl, page: post.canonicalUrl }, { platform: 'lemmy', summary: 'excerpt' }),
  ]);

export const LemmyAdapter = fediverseAdapter({ id: 'lemmy', posts: [item('post'), item('comment')] });

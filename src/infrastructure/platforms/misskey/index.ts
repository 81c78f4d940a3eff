// Misskey adapter (Misskey, Sharkey, Firefish, Iceshrimp…): the note from `api/notes/show`, else
// its ActivityPub object (`/notes/{id}` is the local note's id), else its page.
import { objectThenPage } from '../fediverse/chain.js';
import { fediverseAdapter } from '../fediverse/fediverse-adapter.js';
import { postShape } from '../kit/declared-adapter.js';
import { notesShowCard } from './notes-show.js';

export const MisskeyAdapter = fediverseAdapter({
  id: 'misskey',
  posts: [
    postShape(['instance', 'id'], ({ instance, id }, upstream) => [
      { name: 'notes-show', run: (signal) => notesShowCard(upstream, instance, id, signal) },
      ...objectThenPage(upstream, { object: `https://${instance}/notes/${id}`, page: `https://${instance}/notes/${id}` }, { platform: 'misskey', summary: 'content-warning' }),
    ]),
  ],
});

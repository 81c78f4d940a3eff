// The chain every fediverse adapter runs after its software's own API (docs/design.md §3 "Chains"): the
// post URL's ActivityPub object, then the post page's Open Graph tags. A refusal (a server that
// wants a signed fetch or a token) moves the chain on; only `not-found` ends it.
import type { Strategy } from '../kit/strategies.js';
import type { Upstream } from '../kit/upstream.js';
import { activityPubCard } from './activitypub.js';
import type { NoteReading } from './activitypub-note.js';
import { pageCard } from './page.js';

export function objectThenPage(upstream: Upstream, urls: { object: string; page: string }, reading: NoteReading): Strategy[] {
  return [
    { name: 'activitypub', run: (signal) => activityPubCard(upstream, urls.object, reading, signal) },
    { name: 'page', run: (signal) => pageCard(upstream, urls.page, signal) },
  ];
}

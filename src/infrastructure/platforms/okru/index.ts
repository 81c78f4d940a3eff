// OK adapter: the video page's player data makes the card; the embed player, which carries the
// same data, stands in when the page gives none.
import { okru } from '../../../domain/platforms/okru.js';
import { declaredAdapter, postShape } from '../kit/declared-adapter.js';
import { playerCard } from './player.js';

export const OkruAdapter = declaredAdapter({
  spec: okru,
  posts: [
    postShape(['id'], ({ id }, upstream) => [
      { name: 'video-page', run: (s) => playerCard(upstream, 'video', id, s) },
      { name: 'embed', run: (s) => playerCard(upstream, 'videoembed', id, s) },
    ]),
  ],
});

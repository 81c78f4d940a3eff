// Loom adapter: oEmbed makes the card (title, description, thumbnail, length), with the signed
// transcoded MP4 as its video when Loom hands one out; the share page's Open Graph tags stand in
// when oEmbed cannot be read.
import { loom } from '../../../domain/platforms/loom.js';
import { declaredAdapter, postShape } from '../kit/declared-adapter.js';
import { oembedCard } from './oembed.js';
import { pageCard } from './page.js';

export const LoomAdapter = declaredAdapter({
  spec: loom,
  posts: [
    postShape(['id'], ({ id }, upstream) => [
      { name: 'oembed', run: (s) => oembedCard(upstream, id, s) },
      { name: 'page', run: (s) => pageCard(upstream, id, s) },
    ]),
  ],
});

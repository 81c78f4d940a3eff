// Rutube adapter: the video API and its play options make the card (the HLS playlist, or the
// region lock); oEmbed's card, with the embed player, stands in when the API cannot be read.
import { rutube } from '../../../domain/platforms/rutube.js';
import { declaredAdapter, postShape } from '../kit/declared-adapter.js';
import { apiCard } from './api.js';
import { oembedCard } from './oembed.js';

export const RutubeAdapter = declaredAdapter({
  spec: rutube,
  posts: [
    postShape(
      ['id'],
      ({ id }, upstream, post) => {
        const key = post.ids['key'];
        return [
          { name: 'api', run: (s) => apiCard(upstream, id, key, s) },
          { name: 'oembed', run: (s) => oembedCard(upstream, post.canonicalUrl, id, key, s) },
        ];
      },
      // What the API says of the video itself ends the chain: oEmbed would hide a region lock or an adult flag.
      { finalReasons: ['not-found', 'private', 'region-locked'] },
    ),
  ],
});

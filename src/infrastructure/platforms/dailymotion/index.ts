// Dailymotion adapter: the player metadata makes the card (title, channel, poster, the HLS stream,
// the explicit flag) and says why a video will not play; oEmbed's card, with the embed player as
// its video, stands in when the metadata cannot be read.
import { dailymotion } from '../../../domain/platforms/dailymotion.js';
import { declaredAdapter, postShape } from '../kit/declared-adapter.js';
import { metadataCard } from './metadata.js';
import { oembedCard } from './oembed.js';

export const DailymotionAdapter = declaredAdapter({
  spec: dailymotion,
  posts: [
    postShape(
      ['id'],
      ({ id }, upstream) => [
        { name: 'metadata', run: (s) => metadataCard(upstream, id, s) },
        { name: 'oembed', run: (s) => oembedCard(upstream, id, s) },
      ],
      // What the metadata says of the video itself ends the chain: oEmbed would not find a deleted,
      // private or geo-blocked video, and its card would hide an explicit one's flag (it has none).
      { finalReasons: ['not-found', 'private', 'region-locked', 'age-restricted'] },
    ),
  ],
});

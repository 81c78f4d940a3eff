// Vimeo adapter: oEmbed gives the card's text (title, description, channel, thumbnail, upload
// date) and the player config its video (the tallest progressive MP4, else the HLS playlist) or
// the refusal that says why it will not play. When the config cannot be read, oEmbed's card stands
// alone with the embed player as its video.
import { vimeo } from '../../../domain/platforms/vimeo.js';
import { declaredAdapter, postShape } from '../kit/declared-adapter.js';
import { oembedCard, requestVimeoOembed, type OembedAnswer } from './oembed.js';
import { playerCard } from './player-card.js';
import type { VimeoVideoRef } from './urls.js';

export const VimeoAdapter = declaredAdapter({
  spec: vimeo,
  posts: [
    postShape(
      ['id'],
      ({ id }, upstream, post) => {
        const hash = post.ids['hash'];
        const video: VimeoVideoRef = hash ? { id, hash } : { id };
        // Asked once per resolve, beside the config: both strategies read the same answer.
        let oembed: Promise<OembedAnswer> | undefined;
        const askOembed = (s: AbortSignal) => (oembed ??= requestVimeoOembed(upstream, video, s));
        return [
          { name: 'player-config', run: (s) => playerCard(upstream, video, askOembed(s), s) },
          { name: 'oembed', run: async (s) => oembedCard(await askOembed(s), video) },
        ];
      },
      // What the player config says of the video itself ends the chain: oEmbed would not find a
      // deleted or private video, and its card would play nowhere for a geo-blocked one.
      { finalReasons: ['not-found', 'private', 'region-locked'] },
    ),
  ],
});

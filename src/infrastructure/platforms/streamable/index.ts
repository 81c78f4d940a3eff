// Streamable adapter: the video API makes the card (title, thumbnail, the MP4 with its size and
// duration) and says whether the video is ready; oEmbed's card, with the embed player as its video,
// stands in when the API cannot be read. `not-found` (no such code, or an upload that failed) ends
// the chain.
import type { AdapterResult } from '../../../application/ports/platform-adapter.port.js';
import { streamable } from '../../../domain/platforms/streamable.js';
import { declaredAdapter, postShape } from '../kit/declared-adapter.js';
import { requestVideo } from './api.js';
import { oembedCard } from './oembed.js';

export const StreamableAdapter = declaredAdapter({
  spec: streamable,
  posts: [
    postShape(['code'], ({ code }, upstream) => {
      // Set by the API's answer for this resolve: a video still processing has no oEmbed card either.
      let processing = false;
      return [
        {
          name: 'api',
          run: async (s) => {
            const answer = await requestVideo(upstream, code, s);
            processing = answer.processing;
            return answer.result;
          },
        },
        {
          name: 'oembed',
          run: (s): Promise<AdapterResult> => (processing ? Promise.resolve({ ok: false, reason: 'upstream-error' }) : oembedCard(upstream, code, s)),
        },
      ];
    }),
  ],
});

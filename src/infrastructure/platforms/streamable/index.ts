// Streamable adapter: the video API makes the card (title, thumbnail, the MP4 with its size and
// duration) and says whether the video is ready; oEmbed's card, with the embed player as its video,
// stands in when the API cannot be read.
import { inject, injectable } from 'tsyringe';
import { HTTP_CLIENT, type HttpClient } from '../../../application/ports/http.port.js';
import type { AdapterResult, PlatformAdapter, PostRef } from '../../../application/ports/platform-adapter.port.js';
import { streamable } from '../../../domain/platforms/streamable.js';
import { firstCard } from '../kit/strategies.js';
import { UpstreamAdapter } from '../kit/upstream.js';
import { requestVideo } from './api.js';
import { oembedCard } from './oembed.js';

@injectable()
export class StreamableAdapter extends UpstreamAdapter implements PlatformAdapter {
  constructor(@inject(HTTP_CLIENT) http: HttpClient) {
    super(http, streamable.upstreamHosts);
  }

  resolve(post: PostRef, signal: AbortSignal): Promise<AdapterResult> {
    const code = post.ids['code'];
    if (!code) return Promise.resolve({ ok: false, reason: 'unsupported' });
    // Set by the API's answer for this resolve: a video still processing has no oEmbed card either.
    let processing = false;
    const strategies = [
      {
        name: 'api',
        run: async (s: AbortSignal) => {
          const answer = await requestVideo(this.upstream, code, s);
          processing = answer.processing;
          return answer.result;
        },
      },
      {
        name: 'oembed',
        run: (s: AbortSignal): Promise<AdapterResult> => (processing ? Promise.resolve({ ok: false, reason: 'upstream-error' }) : oembedCard(this.upstream, code, s)),
      },
    ];
    // `not-found` (no such code, or an upload that failed) ends the chain.
    return firstCard(strategies, signal);
  }
}

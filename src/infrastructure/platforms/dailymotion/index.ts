// Dailymotion adapter: the player metadata makes the card (title, channel, poster, the HLS stream,
// the explicit flag) and says why a video will not play; oEmbed's card, with the embed player as
// its video, stands in when the metadata cannot be read.
import { inject, injectable } from 'tsyringe';
import { HTTP_CLIENT, type HttpClient } from '../../../application/ports/http.port.js';
import type { AdapterResult, PlatformAdapter, PostRef } from '../../../application/ports/platform-adapter.port.js';
import { dailymotion } from '../../../domain/platforms/dailymotion.js';
import type { Reason } from '../../../domain/reasons.js';
import { firstCard } from '../kit/strategies.js';
import { UpstreamAdapter } from '../kit/upstream.js';
import { metadataCard } from './metadata.js';
import { oembedCard } from './oembed.js';

/**
 * What the metadata says of the video itself ends the chain: oEmbed would not find a deleted,
 * private or geo-blocked video, and its card would hide an explicit one's flag (it has none).
 */
const FINAL_REASONS: readonly Reason[] = ['not-found', 'private', 'region-locked', 'age-restricted'];

@injectable()
export class DailymotionAdapter extends UpstreamAdapter implements PlatformAdapter {
  constructor(@inject(HTTP_CLIENT) http: HttpClient) {
    super(http, dailymotion.upstreamHosts);
  }

  resolve(post: PostRef, signal: AbortSignal): Promise<AdapterResult> {
    const id = post.ids['id'];
    if (!id) return Promise.resolve({ ok: false, reason: 'unsupported' });
    const strategies = [
      { name: 'metadata', run: (s: AbortSignal) => metadataCard(this.upstream, id, s) },
      { name: 'oembed', run: (s: AbortSignal) => oembedCard(this.upstream, id, s) },
    ];
    return firstCard(strategies, signal, { finalReasons: FINAL_REASONS });
  }
}

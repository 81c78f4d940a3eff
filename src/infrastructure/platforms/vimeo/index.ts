// Vimeo adapter: oEmbed gives the card's text (title, description, channel, thumbnail, upload
// date) and the player config its video (the tallest progressive MP4, else the HLS playlist) or
// the refusal that says why it will not play. When the config cannot be read, oEmbed's card stands
// alone with the embed player as its video.
import { inject, injectable } from 'tsyringe';
import { HTTP_CLIENT, type HttpClient } from '../../../application/ports/http.port.js';
import type { AdapterResult, PlatformAdapter, PostRef } from '../../../application/ports/platform-adapter.port.js';
import { vimeo } from '../../../domain/platforms/vimeo.js';
import type { Reason } from '../../../domain/reasons.js';
import { firstCard } from '../kit/strategies.js';
import { UpstreamAdapter } from '../kit/upstream.js';
import { oembedCard, requestVimeoOembed, type OembedAnswer } from './oembed.js';
import { playerCard } from './player-card.js';
import type { VimeoVideoRef } from './urls.js';

/**
 * What the player config says of the video itself ends the chain: oEmbed would not find a deleted
 * or private video, and its card would play nowhere for a geo-blocked one.
 */
const FINAL_REASONS: readonly Reason[] = ['not-found', 'private', 'region-locked'];

@injectable()
export class VimeoAdapter extends UpstreamAdapter implements PlatformAdapter {
  constructor(@inject(HTTP_CLIENT) http: HttpClient) {
    super(http, vimeo.upstreamHosts);
  }

  resolve(post: PostRef, signal: AbortSignal): Promise<AdapterResult> {
    const id = post.ids['id'];
    if (!id) return Promise.resolve({ ok: false, reason: 'unsupported' });
    const hash = post.ids['hash'];
    const video: VimeoVideoRef = hash ? { id, hash } : { id };
    // Asked once per resolve, beside the config: both strategies read the same answer.
    let oembed: Promise<OembedAnswer> | undefined;
    const askOembed = (s: AbortSignal) => (oembed ??= requestVimeoOembed(this.upstream, video, s));
    const strategies = [
      { name: 'player-config', run: (s: AbortSignal) => playerCard(this.upstream, video, askOembed(s), s) },
      { name: 'oembed', run: async (s: AbortSignal) => oembedCard(await askOembed(s), video) },
    ];
    return firstCard(strategies, signal, { finalReasons: FINAL_REASONS });
  }
}

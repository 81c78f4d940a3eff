// Twitch adapter: clips and past broadcasts both come from GQL, the only upstream that knows them
// (their web pages are a script shell with Twitch's generic tags, SOURCES.md), so each kind has one
// strategy. A clip answers with its best MP4 signed by its access token; a past broadcast with its
// signed HLS master playlist.
import { inject, injectable } from 'tsyringe';
import { HTTP_CLIENT, type HttpClient } from '../../../application/ports/http.port.js';
import type { AdapterResult, PlatformAdapter, PostRef } from '../../../application/ports/platform-adapter.port.js';
import { twitch } from '../../../domain/platforms/twitch.js';
import { firstCard } from '../kit/strategies.js';
import { UpstreamAdapter } from '../kit/upstream.js';
import { clipCard } from './clip.js';
import { videoCard } from './video.js';

@injectable()
export class TwitchAdapter extends UpstreamAdapter implements PlatformAdapter {
  constructor(@inject(HTTP_CLIENT) http: HttpClient) {
    super(http, twitch.upstreamHosts);
  }

  resolve(post: PostRef, signal: AbortSignal): Promise<AdapterResult> {
    const slug = post.ids['slug'];
    if (slug) return firstCard([{ name: 'gql-clip', run: (s) => clipCard(this.upstream, slug, s) }], signal);
    const id = post.ids['video'];
    if (id) return firstCard([{ name: 'gql-video', run: (s) => videoCard(this.upstream, id, s) }], signal);
    return Promise.resolve({ ok: false, reason: 'unsupported' });
  }
}

// Loom adapter: oEmbed makes the card (title, description, thumbnail, length), with the signed
// transcoded MP4 as its video when Loom hands one out; the share page's Open Graph tags stand in
// when oEmbed cannot be read.
import { inject, injectable } from 'tsyringe';
import { HTTP_CLIENT, type HttpClient } from '../../../application/ports/http.port.js';
import type { AdapterResult, PlatformAdapter, PostRef } from '../../../application/ports/platform-adapter.port.js';
import { loom } from '../../../domain/platforms/loom.js';
import { firstCard } from '../kit/strategies.js';
import { UpstreamAdapter } from '../kit/upstream.js';
import { oembedCard } from './oembed.js';
import { pageCard } from './page.js';

@injectable()
export class LoomAdapter extends UpstreamAdapter implements PlatformAdapter {
  constructor(@inject(HTTP_CLIENT) http: HttpClient) {
    super(http, loom.upstreamHosts);
  }

  resolve(post: PostRef, signal: AbortSignal): Promise<AdapterResult> {
    const id = post.ids['id'];
    if (!id) return Promise.resolve({ ok: false, reason: 'unsupported' });
    return firstCard(
      [
        { name: 'oembed', run: (s) => oembedCard(this.upstream, id, s) },
        { name: 'page', run: (s) => pageCard(this.upstream, id, s) },
      ],
      signal,
    );
  }
}

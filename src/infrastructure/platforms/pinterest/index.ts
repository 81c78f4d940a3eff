// Pinterest adapter: the pin page's own data (largest image, video stream, title, description,
// pinner, board), then the widgets API, then oEmbed. pin.it links are read hop by hop (pin.it,
// then the shortener on api.pinterest.com, then the pin).
import { inject, injectable } from 'tsyringe';
import { HTTP_CLIENT, type HttpClient } from '../../../application/ports/http.port.js';
import type { AdapterResult, PlatformAdapter, PostRef, ShortLinkHop } from '../../../application/ports/platform-adapter.port.js';
import { pinterest } from '../../../domain/platforms/pinterest.js';
import { readShortLink } from '../kit/short-link.js';
import { firstCard } from '../kit/strategies.js';
import { UpstreamAdapter } from '../kit/upstream.js';
import { oembedCard } from './oembed.js';
import { pageCard } from './page.js';
import { widgetsCard } from './widgets.js';

@injectable()
export class PinterestAdapter extends UpstreamAdapter implements PlatformAdapter {
  constructor(@inject(HTTP_CLIENT) http: HttpClient) {
    super(http, pinterest.upstreamHosts);
  }

  /** `not-found` (a 404 page, an unknown pin) ends the chain, as by default. */
  resolve(post: PostRef, signal: AbortSignal): Promise<AdapterResult> {
    const id = post.ids['id'];
    if (!id) return Promise.resolve({ ok: false, reason: 'unsupported' });
    return firstCard(
      [
        { name: 'page', run: (s) => pageCard(this.upstream, id, s) },
        { name: 'widgets', run: (s) => widgetsCard(this.upstream, id, s) },
        { name: 'oembed', run: (s) => oembedCard(this.upstream, id, s) },
      ],
      signal,
    );
  }

  readShortLink(url: string, signal: AbortSignal): Promise<ShortLinkHop> {
    return readShortLink(this.upstream, url, signal);
  }
}

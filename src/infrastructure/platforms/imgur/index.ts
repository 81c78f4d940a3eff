// Imgur adapter: the web app's post API (a file's post, or an album and gallery post), then API v3
// when the operator configured an Imgur client id, then — for a direct link to a file — the file
// itself, then oEmbed's title as a link card. A deleted
// post (its files replaced by removed.png, or a 404) is not-found and ends the chain; a refusal of
// this service's address (403, 429) goes on to the next.
import { inject, injectable } from 'tsyringe';
import { SESSION_IN_USE, type SessionInUse } from '../../../application/access/session-in-use.js';
import { HTTP_CLIENT, type HttpClient } from '../../../application/ports/http.port.js';
import type { AdapterResult, PlatformAdapter, PostRef } from '../../../application/ports/platform-adapter.port.js';
import { imgur } from '../../../domain/platforms/imgur.js';
import { firstCard, type Strategy } from '../kit/strategies.js';
import { UpstreamAdapter } from '../kit/upstream.js';
import { apiV3Card } from './api-v3.js';
import { fileCard } from './file.js';
import { oembedCard } from './oembed.js';
import { postCard } from './post.js';

@injectable()
export class ImgurAdapter extends UpstreamAdapter implements PlatformAdapter {
  constructor(@inject(HTTP_CLIENT) http: HttpClient, @inject(SESSION_IN_USE) private readonly session: SessionInUse) {
    super(http, imgur.upstreamHosts);
  }

  resolve(post: PostRef, signal: AbortSignal): Promise<AdapterResult> {
    const album = post.ids['album'];
    const id = album ?? post.ids['id'];
    if (!id) return Promise.resolve({ ok: false, reason: 'unsupported' });
    // The session's Imgur client id (a secret beside it is accepted and not needed); request headers only.
    const clientId = this.session.credential('imgur')?.clientId;
    const strategies: Strategy[] = [{ name: 'post', run: (s) => postCard(this.upstream, album ? 'albums' : 'media', id, s) }];
    if (clientId) strategies.push({ name: 'api-v3', run: (s) => apiV3Card(this.upstream, clientId, album ? 'album' : 'image', id, s) });
    // Asked once per resolve: it titles the file's card, or is the card when the file cannot be.
    let oembed: Promise<AdapterResult> | undefined;
    const askOembed = (s: AbortSignal) => (oembed ??= oembedCard(this.upstream, post.canonicalUrl, s));
    const ext = post.ids['ext'];
    if (ext && !album) {
      const title = (s: AbortSignal) => askOembed(s).then((r) => (r.ok ? r.card.title : undefined), () => undefined);
      strategies.push({ name: 'file', run: (s) => fileCard(this.upstream, id, ext, () => title(s), s) });
    }
    strategies.push({ name: 'oembed', run: askOembed });
    return firstCard(strategies, signal);
  }
}

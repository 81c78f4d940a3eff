// Imgur adapter: the web app's post API (a file's post, or an album and gallery post), then API v3
// when the operator configured an Imgur client id, then — for a direct link to a file — the file
// itself, then oEmbed's title as a link card. A deleted
// post (its files replaced by removed.png, or a 404) is not-found and ends the chain; a refusal of
// this service's address (403, 429) goes on to the next.
import type { PlatformCredential } from '../../../application/credentials.js';
import type { AdapterResult, PostRef } from '../../../application/ports/platform-adapter.port.js';
import { imgur } from '../../../domain/platforms/imgur.js';
import { declaredAdapter, postShape } from '../kit/declared-adapter.js';
import type { Strategy } from '../kit/strategies.js';
import type { Upstream } from '../kit/upstream.js';
import { apiV3Card } from './api-v3.js';
import { fileCard } from './file.js';
import { oembedCard } from './oembed.js';
import { postCard } from './post.js';

export const ImgurAdapter = declaredAdapter({
  spec: imgur,
  posts: [
    postShape(['album'], ({ album }, upstream, post, credential) => strategies(upstream, post, { album: true, id: album }, credential)),
    postShape(['id'], ({ id }, upstream, post, credential) => strategies(upstream, post, { album: false, id }, credential)),
  ],
});

/** An album or gallery post (`ids.album`, tried first) or a file's post (`ids.id`): the same chain. */
function strategies(upstream: Upstream, post: PostRef, { album, id }: { album: boolean; id: string }, credential: PlatformCredential | undefined): Strategy[] {
  // The session's Imgur client id (a secret beside it is accepted and not needed); request headers only.
  const clientId = credential?.clientId;
  const list: Strategy[] = [{ name: 'post', run: (s) => postCard(upstream, album ? 'albums' : 'media', id, s) }];
  if (clientId) list.push({ name: 'api-v3', run: (s) => apiV3Card(upstream, clientId, album ? 'album' : 'image', id, s) });
  // Asked once per resolve: it titles the file's card, or is the card when the file cannot be.
  let oembed: Promise<AdapterResult> | undefined;
  const askOembed = (s: AbortSignal) => (oembed ??= oembedCard(upstream, post.canonicalUrl, s));
  const ext = post.ids['ext'];
  if (ext && !album) {
    const title = (s: AbortSignal) => askOembed(s).then((r) => (r.ok ? r.card.title : undefined), () => undefined);
    list.push({ name: 'file', run: (s) => fileCard(upstream, id, ext, () => title(s), s) });
  }
  list.push({ name: 'oembed', run: askOembed });
  return list;
}

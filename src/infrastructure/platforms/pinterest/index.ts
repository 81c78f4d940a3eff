// Pinterest adapter: the pin page's own data (largest image, video stream, title, description,
// pinner, board), then the widgets API, then oEmbed; `not-found` (a 404 page, an unknown pin) ends
// the chain. pin.it links are read hop by hop (pin.it, then the shortener on api.pinterest.com,
// then the pin).
import { pinterest } from '../../../domain/platforms/pinterest.js';
import { declaredAdapter, postShape } from '../kit/declared-adapter.js';
import { readShortLink } from '../kit/short-link.js';
import { oembedCard } from './oembed.js';
import { pageCard } from './page.js';
import { widgetsCard } from './widgets.js';

export const PinterestAdapter = declaredAdapter({
  spec: pinterest,
  posts: [
    postShape(['id'], ({ id }, upstream) => [
      { name: 'page', run: (s) => pageCard(upstream, id, s) },
      { name: 'widgets', run: (s) => widgetsCard(upstream, id, s) },
      { name: 'oembed', run: (s) => oembedCard(upstream, id, s) },
    ]),
  ],
  readShortLink: (upstream, url, signal) => readShortLink(upstream, url, signal),
});

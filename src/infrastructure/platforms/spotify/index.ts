// Spotify adapter: the embed page's state (title, artists, artwork, length, release date, explicit
// flag, the 30-second preview), then oEmbed (title and artwork), then the item's page as a link
// crawler reads it; `not-found` ends the chain. spotify.link redirects to the item.
import { spotify } from '../../../domain/platforms/spotify.js';
import { declaredAdapter, postShape } from '../kit/declared-adapter.js';
import { readShortLink } from '../kit/short-link.js';
import { embedCard } from './embed.js';
import { oembedCard } from './oembed.js';
import { pageCard } from './page.js';

export const SpotifyAdapter = declaredAdapter({
  spec: spotify,
  posts: [
    postShape(['type', 'id'], ({ type, id }, upstream) => [
      { name: 'embed', run: (s) => embedCard(upstream, type, id, s) },
      { name: 'oembed', run: (s) => oembedCard(upstream, type, id, s) },
      { name: 'page', run: (s) => pageCard(upstream, type, id, s) },
    ]),
  ],
  readShortLink: (upstream, url, signal) => readShortLink(upstream, url, signal),
});

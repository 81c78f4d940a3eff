// Telegram adapter: the post widget (`?embed=1`) makes the card (text, photos, album, video or its
// poster, link preview, forward, views, date); the post page's Open Graph (channel and text) stands
// in when the widget cannot be read. "Post not found" ends the chain.
import { telegram } from '../../../domain/platforms/telegram.js';
import { declaredAdapter, postShape } from '../kit/declared-adapter.js';
import { pageCard } from './page.js';
import { widgetCard } from './widget.js';

export const TelegramAdapter = declaredAdapter({
  spec: telegram,
  posts: [
    postShape(['channel', 'id'], ({ channel, id }, upstream) => [
      { name: 'widget', run: (s) => widgetCard(upstream, channel, id, s) },
      { name: 'page', run: (s) => pageCard(upstream, channel, id, s) },
    ]),
  ],
});

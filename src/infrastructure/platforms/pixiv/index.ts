// pixiv adapter: the web API's answer for the artwork makes the card; it is the one anonymous
// source of the work (the artwork page carries the same answer in its preload data).
import { pixiv } from '../../../domain/platforms/pixiv.js';
import { declaredAdapter, postShape } from '../kit/declared-adapter.js';
import { illustCard } from './illust.js';

export const PixivAdapter = declaredAdapter({
  spec: pixiv,
  posts: [postShape(['id'], ({ id }, upstream) => [{ name: 'illust', run: (s) => illustCard(upstream, id, s) }])],
});

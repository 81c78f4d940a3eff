// VK adapter: a video from the API (anonymous token, then video.get), its page's Open Graph tags
// when the API gives nothing (rate limits, a video hidden from it); a wall post from its page.
import { vk } from '../../../domain/platforms/vk.js';
import { declaredAdapter, postShape } from '../kit/declared-adapter.js';
import { videoGetCard } from './api.js';
import { pageCard } from './page.js';

export const VkAdapter = declaredAdapter({
  spec: vk,
  posts: [
    postShape(['owner', 'video'], ({ owner, video }, upstream) => [
      { name: 'video.get', run: (s) => videoGetCard(upstream, owner, video, s) },
      { name: 'video-page', run: (s) => pageCard(upstream, `https://vk.com/video${owner}_${video}`, s) },
    ]),
    postShape(['owner', 'wall'], ({ owner, wall }, upstream) => [{ name: 'wall-page', run: (s) => pageCard(upstream, `https://vk.com/wall${owner}_${wall}`, s) }]),
  ],
});

// Tumblr adapter: API v2 in NPF first when a consumer key is configured (the whole post: text,
// photos, video, sound, reblog trail, flags), then the post page as a link crawler sees it (its
// photo, text and date), then oEmbed (the blog alone). tmblr.co links are read hop by hop.
import type { ShortLinkHop } from '../../../application/ports/platform-adapter.port.js';
import { tumblr } from '../../../domain/platforms/tumblr.js';
import { declaredAdapter, postShape } from '../kit/declared-adapter.js';
import { readShortLink } from '../kit/short-link.js';
import type { Strategy } from '../kit/strategies.js';
import { apiCard } from './api.js';
import { oembedCard } from './oembed.js';
import { pageCard } from './page.js';
import { postPageOfBlogUrl } from './post-urls.js';

export const TumblrAdapter = declaredAdapter({
  spec: tumblr,
  posts: [
    /**
     * The default final reason (`not-found`) ends the chain: only the page and oEmbed say it, and
     * neither is wrong about a deleted post. The API's refusals go on to the page, which tells a
     * hidden blog (a wall: `blocked`) from a deleted post.
     */
    postShape(['blog', 'id'], ({ blog, id }, upstream, _post, credential) => {
      const strategies: Strategy[] = [];
      const apiKey = credential?.apiKey;
      if (apiKey) strategies.push({ name: 'api', run: (s) => apiCard(upstream, blog, id, apiKey, s) });
      // Tumblr's wall for an explicit or dashboard-only blog is its answer about the post: oEmbed,
      // asked after it, would call the post missing (404) or name the blog without its flag.
      let walled = false;
      strategies.push(
        { name: 'page', run: (s) => pageCard(upstream, blog, id, s, () => (walled = true)) },
        { name: 'oembed', run: (s) => (walled ? Promise.resolve({ ok: false, reason: 'blocked' }) : oembedCard(upstream, blog, id, s)) },
      );
      return strategies;
    }),
  ],
  /**
   * tmblr.co answers a redirect to the post on its blog's host (`{blog}.tumblr.com/post/{id}`),
   * which no route can name (blog hosts are not listed): that hop is given as the post's page on
   * www, the same post.
   */
  async readShortLink(upstream, url, signal): Promise<ShortLinkHop> {
    const hop = await readShortLink(upstream, url, signal);
    if (!hop.ok) return hop;
    return { ok: true, location: postPageOfBlogUrl(hop.location) ?? hop.location };
  },
});

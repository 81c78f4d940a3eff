// The post page (`www.tumblr.com/{blog}/{id}`) as a link crawler sees it: Open Graph tags (the
// photo with its size, the text), the blog's title, and the JSON-LD `SocialMediaPosting` with the
// post's date. Tumblr sends a logged-out visitor of an explicit or dashboard-only blog to a login
// or safe-mode page instead. The request, and its answer read into a card or a reason.
import type { AdapterResult } from '../../../application/ports/platform-adapter.port.js';
import { clampDescription, type Card, type MediaImage } from '../../../domain/card.js';
import { present, utcTime } from '../kit/details.js';
import { readMetaTags } from '../kit/head.js';
import { jsonLdBlocks, jsonLdOfType } from '../kit/json-ld.js';
import { ogImages, ogVideo } from '../kit/open-graph.js';
import { reasonForStatus } from '../kit/status.js';
import { nonEmpty } from '../kit/text.js';
import type { Upstream } from '../kit/upstream.js';
import { pageWithoutPost } from '../kit/walls.js';
import { blogProfileUrl, blogSiteUrl, postPageUrl } from './post-urls.js';

/** `onWall` is told when the page was Tumblr's wall for a hidden blog (then the answer is `blocked`). */
export async function pageCard(upstream: Upstream, blog: string, id: string, signal: AbortSignal, onWall: () => void = () => {}): Promise<AdapterResult> {
  const response = await upstream.page(postPageUrl(blog, id), 'linkPreview', signal);
  if (isWallUrl(response.url)) {
    onWall();
    return { ok: false, reason: 'blocked' };
  }
  const refused = reasonForStatus(response.status);
  if (refused) return { ok: false, reason: refused };
  return parsePage(response.text(), blog);
}

/** Tumblr's own walls: the login page, and the pages it shows logged-out visitors of hidden blogs. */
const WALL_PATHS = /^\/(?:login|register|login_required|safe-mode|dashboard)(?:\/|$)/;

function isWallUrl(href: string): boolean {
  return URL.canParse(href) && WALL_PATHS.test(new URL(href).pathname);
}

/**
 * The card the page's tags give. The page's `og:title` is the blog's title (a post has none of its
 * own there), so the card's title is `Blog title (@blog)`. `twitter:description` is left alone: on
 * blog pages it is the blog's description, not the post's text. A page without any of the post's
 * tags is the wall Tumblr shows instead: `blocked`.
 */
export function parsePage(html: string, blog: string): AdapterResult {
  const meta = readMetaTags(html);
  const posting = jsonLdOfType(jsonLdBlocks(html), ['SocialMediaPosting']);
  // Profile pictures (`avatar_…`) are never the post's image.
  const images = ogImages(meta).filter((image) => image.url.startsWith('https://') && !/\/avatar_/.test(image.url));
  const description = nonEmpty(meta.get('og:description'));
  if (images.length === 0 && !description && !posting) return { ok: false, reason: pageWithoutPost(html) };
  const name = nonEmpty(meta.get('og:title')) ?? blog;
  const video = ogVideo(meta);
  const image: MediaImage | undefined = images[0];
  const card: Card = {
    kind: video ? 'video' : image ? 'image' : 'link',
    title: `${name} (@${blog})`,
    author: { name, url: blogProfileUrl(blog), handle: blog },
    nsfw: false,
    community: { name: blog, url: blogSiteUrl(blog) },
    ...present({
      description: description ? clampDescription(description) : undefined,
      publishedAt: utcTime(posting?.['datePublished']),
      image,
      video,
    }),
  };
  return { ok: true, card };
}

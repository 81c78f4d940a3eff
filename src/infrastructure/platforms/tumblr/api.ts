// Tumblr's API v2 (`/v2/blog/{blog}.tumblr.com/posts?id=…&npf=true`), asked with the consumer key
// of PLATFORM_CREDENTIALS_FILE: the post in NPF with its blog, its time, its flags and its reblog
// trail. The request, and its answer read into a card or a reason.
import { UpstreamError } from '../../../application/errors.js';
import type { AdapterResult } from '../../../application/ports/platform-adapter.port.js';
import { clampDescription, type Author, type Card, type Community, type QuotedPost, type UnavailableQuote } from '../../../domain/card.js';
import { TUMBLR_HOSTS } from '../../../domain/platforms/tumblr.js';
import { present, utcTime } from '../kit/details.js';
import { asObject, parseJson, type Json } from '../kit/json.js';
import { reasonForStatus } from '../kit/status.js';
import { nonEmpty, positiveInt } from '../kit/text.js';
import type { Upstream } from '../kit/upstream.js';
import { hasMedia, readNpf, type NpfContent } from './npf.js';
import { blogHost, blogProfileUrl, blogSiteUrl, postPageUrl } from './post-urls.js';

export async function apiCard(upstream: Upstream, blog: string, id: string, apiKey: string, signal: AbortSignal): Promise<AdapterResult> {
  const query = new URLSearchParams({ id, npf: 'true', api_key: apiKey });
  const response = await upstream.getJson(`https://${TUMBLR_HOSTS.api}/v2/blog/${blogHost(blog)}/posts?${query.toString()}`, signal);
  // The API answers explicit and dashboard-only blogs as it answers a deleted post (404, or 401):
  // which of them it is, the post page says next. Until then, the API only refused us.
  if (response.status === 404 || response.status === 401) return { ok: false, reason: 'blocked' };
  const refused = reasonForStatus(response.status);
  if (refused) return { ok: false, reason: refused };
  return parsePosts(parseJson(response.text()), id);
}

/** The card of post `id` in a `/posts` answer; `blocked` when the answer leaves it out (as a hidden blog's). */
export function parsePosts(body: unknown, id: string): AdapterResult {
  const response = asObject(asObject(body)?.['response']);
  if (!response || !Array.isArray(response['posts'])) throw new UpstreamError('UPSTREAM_BAD_RESPONSE', 'the Tumblr API answer holds no posts');
  const post = response['posts'].map(asObject).find((p) => p && String(p['id_string'] ?? p['id']) === id);
  if (!post) return { ok: false, reason: 'blocked' };
  return { ok: true, card: postCard(post, asObject(response['blog'])) };
}

/** The blog a post or trail item names, with what the answer says of it. */
interface BlogInfo {
  name: string;
  title?: string;
  url?: string;
  avatar?: string;
  nsfw: boolean;
}

function blogOf(value: unknown, fallback?: Json): BlogInfo | undefined {
  const blog = asObject(value);
  const name = nonEmpty(blog?.['name'])?.toLowerCase();
  if (!blog || !name) return undefined;
  // The answer's top-level blog (with avatars) is the post's own blog when the names agree.
  const full = nonEmpty(fallback?.['name'])?.toLowerCase() === name ? { ...fallback, ...blog } : blog;
  const info: BlogInfo = { name, nsfw: full['is_nsfw'] === true };
  const title = nonEmpty(full['title']);
  if (title) info.title = title;
  const url = nonEmpty(full['url']);
  if (url?.startsWith('https://') || url?.startsWith('http://')) info.url = url;
  const avatar = largestAvatar(full['avatar']);
  if (avatar) info.avatar = avatar;
  return info;
}

function largestAvatar(value: unknown): string | undefined {
  let best: { url: string; width: number } | undefined;
  for (const entry of Array.isArray(value) ? value : []) {
    const avatar = asObject(entry);
    const url = nonEmpty(avatar?.['url']);
    const width = positiveInt(avatar?.['width']) ?? 0;
    if (url?.startsWith('https://') && (!best || width > best.width)) best = { url, width };
  }
  return best?.url;
}

function authorOf(blog: BlogInfo): Author {
  return { name: blog.title ?? blog.name, url: blogProfileUrl(blog.name), handle: blog.name, ...(blog.avatar ? { avatar: blog.avatar } : {}) };
}

function communityOf(blog: BlogInfo): Community {
  return { name: blog.name, url: blog.url ?? blogSiteUrl(blog.name) };
}

/**
 * The card: the post's own content first; a reblog's original post (the trail's first entry) as
 * its quote, whose media the card shows as its own when the reblog adds none (docs/design.md §4).
 */
export function postCard(post: Json, answerBlog?: Json): Card {
  const blog = blogOf(post['blog'], answerBlog) ?? blogOf({ name: post['blog_name'] }, answerBlog);
  if (!blog) throw new UpstreamError('UPSTREAM_BAD_RESPONSE', 'the Tumblr post names no blog');
  const own = readNpf(post['content']);
  const trail = Array.isArray(post['trail']) ? post['trail'] : [];
  const root = trail.length > 0 ? trailQuote(trail[0]) : undefined;
  const shown = !hasMedia(own) && root?.content && hasMedia(root.content) ? root.content : own;
  const author = authorOf(blog);
  const card: Card = {
    ...mediaOf(shown),
    title: own.heading ?? `${author.name} (@${blog.name})`,
    author,
    nsfw: blog.nsfw || post['is_nsfw'] === true,
    community: communityOf(blog),
    ...present({
      description: textOf(own),
      publishedAt: utcTime(post['timestamp'], 'epochSeconds'),
      link: own.link,
      poll: own.poll,
      quote: root?.quote,
    }),
  };
  return card;
}

/** The media part of a card: video first, then sound (its artwork as the image), then photos. */
function mediaOf(content: NpfContent): Pick<Card, 'kind' | 'image' | 'images' | 'video' | 'audio'> {
  if (content.video) {
    const image = content.poster ?? content.images[0];
    return { kind: 'video', video: content.video, ...(image ? { image } : {}) };
  }
  if (content.audio) {
    const image = content.artwork ?? content.images[0];
    return image ? { kind: 'image', audio: content.audio, image } : { kind: 'link', audio: content.audio };
  }
  const [first] = content.images;
  if (!first) return { kind: 'link' };
  return content.images.length > 1 ? { kind: 'gallery', image: first, images: content.images } : { kind: 'image', image: first };
}

function textOf(content: NpfContent): string | undefined {
  const text = content.paragraphs.join('\n\n');
  return text === '' ? undefined : clampDescription(text);
}

/**
 * A trail entry as the quoted post, with its content read. An entry whose blog is gone (Tumblr's
 * `broken_blog_name`) or names no post is an unavailable quote.
 */
function trailQuote(value: unknown): { quote: QuotedPost | UnavailableQuote; content?: NpfContent } {
  const item = asObject(value);
  const blog = blogOf(item?.['blog']);
  const id = nonEmpty(String(asObject(item?.['post'])?.['id'] ?? ''));
  if (!item || !blog || !id || !/^[1-9][0-9]{0,19}$/.test(id) || item['broken_blog_name'] !== undefined) return { quote: { unavailable: true } };
  const content = readNpf(item['content']);
  const media = mediaOf(content);
  const author = authorOf(blog);
  const quote: QuotedPost = {
    platform: 'tumblr',
    canonicalUrl: postPageUrl(blog.name, id),
    kind: media.kind,
    title: content.heading ?? `${author.name} (@${blog.name})`,
    author,
    ...present({ description: textOf(content), image: media.image, video: media.video }),
  };
  return { quote, content };
}

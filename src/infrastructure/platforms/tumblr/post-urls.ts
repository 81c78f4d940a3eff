// Tumblr's own URLs for a blog and a post: the canonical post page on www (what the page strategy
// reads), the blog's profile there (the author), the blog's own site (the community), and the post
// on the blog's host (what oEmbed is asked about, as Tumblr's own pages link it).
import { TUMBLR_HOSTS, tumblr } from '../../../domain/platforms/tumblr.js';
import { originOf } from '../kit/origin.js';

export const TUMBLR_ORIGIN = originOf(tumblr);

/** `{blog}.tumblr.com`, the host the API names a blog by. */
export function blogHost(blog: string): string {
  return `${blog}.${TUMBLR_HOSTS.blogs}`;
}

export function postPageUrl(blog: string, id: string): string {
  return `${TUMBLR_ORIGIN}/${blog}/${id}`;
}

/** The blog as Tumblr shows it on www (oEmbed's `author_url`). */
export function blogProfileUrl(blog: string): string {
  return `${TUMBLR_ORIGIN}/${blog}`;
}

/** The blog's own site (the API's `blog.url`). */
export function blogSiteUrl(blog: string): string {
  return `https://${blogHost(blog)}/`;
}

/** The post on its blog's host, the URL Tumblr's pages give oEmbed. */
export function blogPostUrl(blog: string, id: string): string {
  return `https://${blogHost(blog)}/post/${id}`;
}

const BLOG_POST_PATH = /^\/post\/([1-9][0-9]{0,19})(?:\/|$)/;

/**
 * The canonical post page a `{blog}.tumblr.com/post/{id}` URL names (where tmblr.co links land),
 * or undefined for any other URL. Only one label under tumblr.com is a blog: `www.` and `at.`
 * are Tumblr's own hosts.
 */
export function postPageOfBlogUrl(href: string): string | undefined {
  if (!URL.canParse(href)) return undefined;
  const url = new URL(href);
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  const suffix = `.${TUMBLR_HOSTS.blogs}`;
  if (!host.endsWith(suffix)) return undefined;
  const blog = host.slice(0, -suffix.length);
  if (!/^[a-z0-9][a-z0-9-]{0,31}$/.test(blog) || tumblr.subdomains.includes(blog)) return undefined;
  const id = BLOG_POST_PATH.exec(url.pathname)?.[1];
  return id ? postPageUrl(blog, id) : undefined;
}

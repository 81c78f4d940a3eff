// Tumblr: a post is named by its blog and its id, on the blog's own host (`{blog}.tumblr.com/post/{id}`),
// on www (`/{blog}/{id}`, `/blog/view/{blog}/{id}`) and on the share host at.tumblr.com; tmblr.co
// links redirect to a post.
import { hostVariants, type RouteMatch } from './route.js';
import type { PlatformSpec } from './platform-spec.js';

/** The hosts the adapter names apart from the canonical one. */
export const TUMBLR_HOSTS = {
  /** API v2 (`/v2/blog/{blog}.tumblr.com/posts`), asked only with a consumer key. */
  api: 'api.tumblr.com',
  /** The short-link host. */
  short: 'tmblr.co',
  /** A blog's own host is `{blog}.tumblr.com`: the API names blogs so. */
  blogs: 'tumblr.com',
} as const;

// A blog name: letters, digits and hyphens, at most 32, case-insensitive (Tumblr writes it in lower
// case). Post ids are decimal and global: the id alone names the post, so it is the content id.
const BLOG = '(?<blog>[A-Za-z0-9](?:[A-Za-z0-9-]{0,31}))';
const ID = '(?<id>[1-9][0-9]{0,19})';
// An optional title slug (and, on at.tumblr.com, a share code) after the id.
const TAIL = '(?:/[^/]{0,300}){0,2}';

function post(blog: string, id: string): RouteMatch {
  const name = blog.toLowerCase();
  return { canonicalUrl: `https://www.tumblr.com/${name}/${id}`, contentId: id, ids: { blog: name, id } };
}

const SHORT_HOSTS = hostVariants([TUMBLR_HOSTS.short], ['www']);
const SUBDOMAINS = ['www', 'at'];
const POST_HOSTS = hostVariants([TUMBLR_HOSTS.blogs], SUBDOMAINS);

export const tumblr: PlatformSpec<'tumblr'> = {
  id: 'tumblr',
  name: 'Tumblr',
  themeColor: '#001935',
  canonicalHost: 'www.tumblr.com',
  hosts: ['tumblr.com', TUMBLR_HOSTS.short],
  // at.tumblr.com is the share host of the apps (`/{blog}/{id}/{code}`).
  subdomains: SUBDOMAINS,
  ownPathHosts: SHORT_HOSTS,
  // Every other {label}.tumblr.com is a blog (lower case once the host is normalised).
  accountHosts: { host: TUMBLR_HOSTS.blogs, id: 'blog', label: /[a-z0-9](?:[a-z0-9-]{0,31})/ },
  kinds: ['image', 'gallery', 'video', 'link'],
  audio: true,
  upstreamHosts: ['www.tumblr.com', TUMBLR_HOSTS.api, TUMBLR_HOSTS.short],
  // Photos and videos on {n}.media.tumblr.com and va.media.tumblr.com play without cookies or a
  // Referer (SOURCES.md), so nothing needs the proxy; it may still serve them.
  mediaHosts: ['.media.tumblr.com'],
  mediaNeedProxy: false,
  // The API's `is_nsfw` of the blog or post.
  nsfw: true,
  routes: [
    // tmblr.co/{code} redirects to the post on its blog's host.
    {
      denotes: 'short',
      hosts: SHORT_HOSTS,
      path: /^\/(?<code>[A-Za-z0-9_-]{4,40})\/?$/,
      build: ({ code }) => ({ canonicalUrl: `https://tmblr.co/${code}`, contentId: `tmblr.co/${code}`, ids: { code: code! } }),
    },
    // {blog}.tumblr.com/post/{id}[/{slug}], the blog's own theme page (the blog is the host's label).
    { denotes: 'post', onAccountHost: true, path: new RegExp(`^/post/${ID}${TAIL}/?$`), build: ({ blog, id }) => post(blog!, id!) },
    { denotes: 'post', hosts: POST_HOSTS, path: new RegExp(`^/blog/view/${BLOG}/${ID}${TAIL}/?$`), build: ({ blog, id }) => post(blog!, id!) },
    { denotes: 'post', hosts: POST_HOSTS, path: new RegExp(`^/${BLOG}/${ID}${TAIL}/?$`), build: ({ blog, id }) => post(blog!, id!) },
  ],
};

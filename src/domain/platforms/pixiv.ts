// pixiv: an artwork (illustration, manga, ugoira) is /artworks/{id}, with a language prefix
// (/en/artworks/{id}), the old member_illust.php?illust_id={id}, or the /i/{id} short form; the
// embed fixers phixiv and ppxiv serve the same paths on their own hosts. Users, novels, tags are pages.
import type { RouteMatch } from './route.js';
import type { PlatformSpec } from './platform-spec.js';

/** The hosts the adapter calls or reads besides the canonical one, by what they serve. */
export const PIXIV_HOST = {
  /** The pictures: every one answers 403 without pixiv's Referer (SOURCES.md). */
  media: 'i.pximg.net',
} as const;

// Artwork ids are decimal, nine digits today (12 leaves room).
const ID = '(?<id>\\d{1,12})';

function artwork(id: string): RouteMatch {
  return { canonicalUrl: `https://www.pixiv.net/artworks/${id}`, contentId: id, ids: { id } };
}

export const pixiv: PlatformSpec<'pixiv'> = {
  id: 'pixiv',
  name: 'pixiv',
  themeColor: '#0096fa',
  canonicalHost: 'www.pixiv.net',
  // phixiv.net and ppxiv.net: embed fixers that answer pixiv's own paths (docs/design.md §3).
  hosts: ['pixiv.net', 'phixiv.net', 'ppxiv.net'],
  // touch.: the old mobile site's member_illust.php links.
  subdomains: ['www', 'touch'],
  // member.php?id= and member_illust.php?id= are a user's pages, named by the id.
  pageQuery: ['id'],
  kinds: ['image', 'gallery'],
  upstreamHosts: ['www.pixiv.net'],
  mediaHosts: [PIXIV_HOST.media],
  // i.pximg.net refuses a plain client. pixiv serves no video (an ugoira is read as its first
  // frame): what needs the proxy is every picture.
  mediaNeedProxy: true,
  imagesNeedProxy: true,
  // `xRestrict`: 1 R-18, 2 R-18G.
  nsfw: true,
  routes: [
    // /artworks/{id}, under a language prefix (/en/, /zh-tw/); phixiv's /artworks/{id}/{page} names one page of it.
    { denotes: 'post', path: new RegExp(`^/(?:[a-z]{2}(?:-[a-z]{2})?/)?artworks/${ID}(?:/\\d{1,4})?/?$`), build: ({ id }) => artwork(id!) },
    { denotes: 'post', path: new RegExp(`^/i/${ID}/?$`), build: ({ id }) => artwork(id!) },
    // mode=medium (the page), big, manga, manga_big: all the same artwork.
    { denotes: 'post', path: /^\/(?:[a-z]{2}(?:-[a-z]{2})?\/)?member_illust\.php$/, query: { illust_id: /\d{1,12}/ }, build: ({ illust_id: id }) => artwork(id!) },
  ],
};

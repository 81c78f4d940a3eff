// Imgur: a post of one image or video is /{id} (its file i.imgur.com/{id}.{ext}, with a thumbnail
// size letter after the id when it is one); an album is /a/{id}, and a gallery post (/gallery/{id},
// /t/{tag}/{id}, the older /topic/ and /r/ listings) is read as an album. Current links put the
// title's slug before the id (/gallery/{slug}-{id}).
import { hostVariants, type RouteMatch } from './route.js';
import type { PlatformSpec } from './platform-spec.js';

/** The hosts the adapter calls or reads besides the canonical one, by what they serve. */
export const IMGUR_HOST = {
  /** The web app's post API, API v3 and oEmbed. */
  api: 'api.imgur.com',
  /** The files themselves. */
  media: 'i.imgur.com',
} as const;

// Ids are five characters (the oldest) or seven.
const ID_CHARS = '(?:[A-Za-z0-9]{7}|[A-Za-z0-9]{5})';
const ID = `(?<id>${ID_CHARS})`;
/** A slug before the id, as current links write it. */
const SLUG = '(?:[^/]{0,300}-)?';
/** The thumbnail sizes (small square, big square, small, medium, large, huge) written after a file's id. */
const SIZE = '[sbtmlh]?';
const EXTENSIONS = 'jpe?g|png|gifv?|mp4|webm|webp|avif|apng|tiff?|bmp|heic';
/** First path segments of Imgur's own pages that happen to have an id's length. */
const RESERVED = 'about|rules|store|privacy|emerald|removed|contact|careers|account|gallery|upload|signin|search';
/** Not one of those names, alone or as a file name (i.imgur.com/removed.png is the deleted-file picture). */
const NOT_RESERVED = `(?!(?:${RESERVED})(?:[./]|$))`;

/** A file's post; `ext` when the URL named the file itself (i.imgur.com/{id}.{ext}), which the card can fall back on. */
function media(id: string, ext?: string): RouteMatch {
  return { canonicalUrl: `https://imgur.com/${id}`, contentId: id, ids: ext ? { id, ext: ext.toLowerCase() } : { id } };
}

function album(id: string): RouteMatch {
  return { canonicalUrl: `https://imgur.com/a/${id}`, contentId: `a/${id}`, ids: { album: id } };
}

const MAIN_HOSTS = hostVariants(['imgur.com'], ['www', 'm']);

export const imgur: PlatformSpec<'imgur'> = {
  id: 'imgur',
  name: 'Imgur',
  themeColor: '#1bb76e',
  canonicalHost: 'imgur.com',
  hosts: ['imgur.com'],
  subdomains: ['www', 'm', 'i'],
  // i.imgur.com paths are files: nothing on imgur.com.
  ownPathHosts: [IMGUR_HOST.media],
  kinds: ['image', 'gallery', 'video', 'link'],
  // The file host is asked about a file the URL names, when neither API will describe its post.
  upstreamHosts: [IMGUR_HOST.api, IMGUR_HOST.media],
  // Files play from i.imgur.com without cookies or a Referer (SOURCES.md).
  mediaHosts: [IMGUR_HOST.media],
  mediaNeedProxy: false,
  // The post's `is_mature` (the web app's API), the image's `nsfw` (API v3).
  nsfw: true,
  routes: [
    { denotes: 'post', hosts: [IMGUR_HOST.media], path: new RegExp(`^/${NOT_RESERVED}${ID}${SIZE}(?:\\.(?<ext>${EXTENSIONS}))?/?$`, 'i'), build: ({ id, ext }) => media(id!, ext) },
    { denotes: 'post', hosts: MAIN_HOSTS, path: new RegExp(`^/(?:a|gallery)/${SLUG}${ID}/?$`), build: ({ id }) => album(id!) },
    { denotes: 'post', hosts: MAIN_HOSTS, path: new RegExp(`^/(?:t|topic|r)/[A-Za-z0-9_-]{1,100}/${SLUG}${ID}/?$`), build: ({ id }) => album(id!) },
    { denotes: 'post', hosts: MAIN_HOSTS, path: new RegExp(`^/${NOT_RESERVED}${ID}${SIZE}(?:\\.(?:${EXTENSIONS}))?/?$`, 'i'), build: ({ id }) => media(id!) },
  ],
};

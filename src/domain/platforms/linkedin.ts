// LinkedIn: a feed post is named by its URN (`urn:li:{activity|ugcPost|share}:{id}`), whether the URL
// is the post's slug page, its feed update or its embed; Pulse articles by their slug; lnkd.in links
// redirect to either. The URN type is kept as the URL names it: the three are different ids.
import type { RouteMatch } from './route.js';
import type { PlatformSpec } from './platform-spec.js';

/** The hosts the adapter names apart from the canonical one. */
export const LINKEDIN_HOSTS = {
  /** The short-link host. */
  short: 'lnkd.in',
  /** Images and avatars, signed with an expiry (`e=`, epoch seconds) and a token (`t=`). */
  media: 'media.licdn.com',
} as const;

// Two-letter country sites (uk.linkedin.com, de.linkedin.com…) serve the same posts as www.
const COUNTRY_SUBDOMAINS = [
  'ae', 'ar', 'at', 'au', 'be', 'bg', 'br', 'ca', 'ch', 'cl', 'cn', 'co', 'cz', 'de', 'dk', 'ee', 'eg', 'es', 'fi', 'fr', 'gr',
  'hk', 'hr', 'hu', 'id', 'ie', 'il', 'in', 'it', 'jp', 'ke', 'kr', 'lt', 'lu', 'lv', 'ma', 'mx', 'my', 'ng', 'nl', 'no', 'nz',
  'pe', 'ph', 'pk', 'pl', 'pr', 'pt', 'ro', 'rs', 'ru', 'sa', 'se', 'sg', 'si', 'sk', 'th', 'tn', 'tr', 'tw', 'ua', 'uk', 'uy',
  've', 'vn', 'za',
];

// `ugcPost` is spelled in lower case in some slug URLs; the URN's own spelling is `ugcPost`.
const TYPE = '(?<type>activity|ugc[Pp]ost|share)';
const ID = '(?<id>[1-9][0-9]{8,24})';
// A colon of the URN, as typed or escaped (`urn%3Ali%3Aactivity%3A…`).
const COLON = '(?::|%3A)';
const URN = `urn${COLON}li${COLON}${TYPE}${COLON}${ID}`;

function post(spelled: string, id: string): RouteMatch {
  const type = spelled === 'ugcpost' ? 'ugcPost' : spelled;
  const urn = `urn:li:${type}:${id}`;
  return { canonicalUrl: `https://www.linkedin.com/feed/update/${urn}/`, contentId: urn, ids: { type, id } };
}

export const linkedin: PlatformSpec<'linkedin'> = {
  id: 'linkedin',
  name: 'LinkedIn',
  themeColor: '#0a66c2',
  canonicalHost: 'www.linkedin.com',
  hosts: ['linkedin.com', LINKEDIN_HOSTS.short],
  subdomains: ['www', 'm', ...COUNTRY_SUBDOMAINS],
  ownPathHosts: [LINKEDIN_HOSTS.short],
  kinds: ['image', 'link'],
  upstreamHosts: ['www.linkedin.com', LINKEDIN_HOSTS.short],
  // Signed, expiring, but served without a cookie or a Referer (SOURCES.md): no proxy needed.
  mediaHosts: [LINKEDIN_HOSTS.media],
  mediaNeedProxy: false,
  nsfw: false,
  routes: [
    { denotes: 'short', hosts: [LINKEDIN_HOSTS.short], path: /^\/(?<code>[A-Za-z0-9_-]{3,20})\/?$/, build: ({ code }) => ({ canonicalUrl: `https://lnkd.in/${code}`, contentId: `lnkd.in/${code}`, ids: { code: code! } }) },
    // /posts/{author}_{slug}-activity-{id}-{4 characters}: the slug and the suffix say nothing of the post.
    { denotes: 'post', path: new RegExp(`^/posts/[^/]{1,400}?[-_]${TYPE}-${ID}(?:-[A-Za-z0-9_-]{1,12})?/?$`), build: ({ type, id }) => post(type!, id!) },
    // /feed/update/urn:li:…, and the embed iframe's /embed/feed/update/urn:li:….
    { denotes: 'post', path: new RegExp(`^/(?:embed/)?feed/update/${URN}/?$`), build: ({ type, id }) => post(type!, id!) },
    {
      denotes: 'post',
      path: /^\/pulse\/(?<slug>[^/]{1,400})\/?$/,
      build: ({ slug }) => ({ canonicalUrl: `https://www.linkedin.com/pulse/${slug}`, contentId: `pulse/${slug}`, ids: { slug: slug! } }),
    },
  ],
};

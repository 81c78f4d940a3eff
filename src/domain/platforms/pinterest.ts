// Pinterest: a pin is named by its numeric id on pinterest.com, on every country domain and
// two-letter subdomain (uk.pinterest.com), with or without a title slug (`/pin/{slug}--{id}/`);
// pin.it links redirect through the URL shortener to the pin.
import { hostVariants, type RouteMatch } from './route.js';
import type { PlatformSpec } from './platform-spec.js';

/** The hosts the adapter names apart from the canonical one. */
export const PINTEREST_HOSTS = {
  /** The widgets API (`/v3/pidgets/pins/info/`), what pinit.js reads. */
  widgets: 'widgets.pinterest.com',
  /** The short-link host. */
  short: 'pin.it',
  /** Where pin.it sends a link first (`/url_shortener/{code}/redirect/`). */
  shortener: 'api.pinterest.com',
} as const;

// The country domains Pinterest serves pins on (the list yt-dlp's extractor accepts).
const COUNTRY_DOMAINS = [
  'pinterest.com', 'pinterest.co.uk', 'pinterest.de', 'pinterest.fr', 'pinterest.ca', 'pinterest.com.au', 'pinterest.jp',
  'pinterest.it', 'pinterest.es', 'pinterest.ch', 'pinterest.at', 'pinterest.pt', 'pinterest.nz', 'pinterest.co.nz',
  'pinterest.ie', 'pinterest.nl', 'pinterest.dk', 'pinterest.se', 'pinterest.cl', 'pinterest.ru', 'pinterest.co.kr',
  'pinterest.kr', 'pinterest.com.mx', 'pinterest.mx', 'pinterest.ph', 'pinterest.th', 'pinterest.com.uy', 'pinterest.co',
  'pinterest.info', 'pinterest.vn', 'pinterest.com.vn', 'pinterest.ec', 'pinterest.com.ec', 'pinterest.in', 'pinterest.co.in',
  'pinterest.pe', 'pinterest.com.pe', 'pinterest.co.at', 'pinterest.hu', 'pinterest.id', 'pinterest.com.py', 'pinterest.tw',
  'pinterest.be', 'pinterest.uk', 'pinterest.com.bo',
];

// The two-letter subdomains (country sites such as uk., de., br.), beside www., m. and the shortener's api.
const COUNTRY_SUBDOMAINS = [
  'ar', 'at', 'au', 'be', 'br', 'ca', 'ch', 'cl', 'co', 'cz', 'de', 'dk', 'es', 'fi', 'fr', 'gr', 'hu', 'id', 'ie', 'in', 'it',
  'jp', 'kr', 'mx', 'nl', 'no', 'nz', 'pe', 'ph', 'pl', 'pt', 'ro', 'ru', 'se', 'sk', 'th', 'tr', 'tw', 'uk', 'za',
];

// Pin ids are decimal (up to 19 digits today); a slug before `--` is the pin's title, dropped.
const PIN = '(?:[A-Za-z0-9%_-]{1,300}--)?(?<id>[1-9][0-9]{0,24})';
const CODE = '(?<code>[A-Za-z0-9]{4,20})';

function pin(id: string): RouteMatch {
  return { canonicalUrl: `https://www.pinterest.com/pin/${id}/`, contentId: id, ids: { id } };
}

function short(code: string): RouteMatch {
  return { canonicalUrl: `https://pin.it/${code}`, contentId: `pin.it/${code}`, ids: { code } };
}

const SHORT_HOSTS = hostVariants([PINTEREST_HOSTS.short], ['www']);

export const pinterest: PlatformSpec<'pinterest'> = {
  id: 'pinterest',
  name: 'Pinterest',
  themeColor: '#e60023',
  canonicalHost: 'www.pinterest.com',
  hosts: [...COUNTRY_DOMAINS, PINTEREST_HOSTS.short],
  subdomains: ['www', 'm', 'api', ...COUNTRY_SUBDOMAINS],
  ownPathHosts: [...SHORT_HOSTS, PINTEREST_HOSTS.shortener],
  kinds: ['image', 'video'],
  upstreamHosts: ['www.pinterest.com', PINTEREST_HOSTS.widgets, PINTEREST_HOSTS.short, PINTEREST_HOSTS.shortener],
  // Images on i.pinimg.com and videos on v1.pinimg.com play without cookies or a Referer
  // (SOURCES.md): nothing needs the proxy, which may still serve them.
  mediaHosts: ['i.pinimg.com', 'v1.pinimg.com'],
  mediaNeedProxy: false,
  nsfw: false,
  routes: [
    { denotes: 'short', hosts: SHORT_HOSTS, path: new RegExp(`^/${CODE}/?$`), build: ({ code }) => short(code!) },
    // The shortener's own redirect, pin.it's first hop: the same link.
    { denotes: 'short', hosts: [PINTEREST_HOSTS.shortener], path: new RegExp(`^/url_shortener/${CODE}/redirect/?$`), build: ({ code }) => short(code!) },
    // /pin/{id}/, with a slug, and the pages under a pin that name it (`/sent/` where pin.it lands).
    { denotes: 'post', path: new RegExp(`^/pin/${PIN}(?:/(?:sent|feedback|activity|comments))?/?$`), build: ({ id }) => pin(id!) },
  ],
};

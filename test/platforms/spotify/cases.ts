// Spotify's rows for the shared suites (test/platforms/cases.ts): a track from its embed page, and a
// spotify.link short link that redirects to it.
import fc from 'fast-check';
import { SPOTIFY_HOSTS } from '../../../src/domain/platforms/spotify.js';
import { dress, hostFrom, re, variantsOf, type PostCase } from '../../fuzz/url-dressing.js';
import type { PlatformCases } from '../cases.js';
import { parseEmbed } from '../../../src/infrastructure/platforms/spotify/embed.js';
import { parsePage } from '../../../src/infrastructure/platforms/spotify/page.js';

const ITEM_HOSTS = ['open.spotify.com', SPOTIFY_HOSTS.player];

// Posts for the fuzz suites (test/fuzz/url-arbitraries.ts): one item in 2–4 equivalent URLs (hosts,
// a language prefix, the embed players, the legacy user playlist, the old `/embed?uri=`).
const spotifyPost = fc
  .record({ type: fc.constantFrom('track', 'album', 'playlist', 'episode', 'show', 'artist'), id: re(/^[A-Za-z0-9]{22}$/), lang: re(/^intl-[a-z]{2}$/), user: re(/^[a-z0-9._]{1,30}$/) })
  .chain(({ type, id, lang, user }) => {
    const paths = [`/${type}/${id}`, `/${lang}/${type}/${id}`, `/embed/${type}/${id}`, ...(type === 'playlist' ? [`/user/${user}/playlist/${id}`] : [])];
    const form = fc.oneof(
      fc.record({ host: hostFrom(ITEM_HOSTS), path: fc.constantFrom(...paths), query: fc.constant([] as string[]), slash: fc.constant(true) }),
      fc.record({ host: fc.constant('open.spotify.com'), path: fc.constant('/embed'), query: fc.constant([`uri=spotify:${type}:${id}`] as string[]), slash: fc.constant(false) }),
    );
    return variantsOf(form, (f, d) => dress(f.host, f.path, d, { query: f.query, slash: f.slash })).map((variants): PostCase => ({ platform: 'spotify', denotes: 'post', contentId: `${type}/${id}`, variants }));
  });

/** spotify.link codes are case-sensitive: only the decoration varies. */
const shortLink = re(/^[A-Za-z0-9]{4,40}$/).chain((code) =>
  variantsOf(fc.constant(SPOTIFY_HOSTS.short), (h, d) => dress(h, `/${code}`, d)).map((variants): PostCase => ({ platform: 'spotify', denotes: 'short', contentId: `${SPOTIFY_HOSTS.short}/${code}`, variants })),
);

export const cases: PlatformCases = {
  // What GET /api/v1/platforms must say this platform can do: previews are sounds, not videos.
  capabilities: { shortLinks: true, video: false, nsfw: true, proxy: true },
  mediaNeedProxy: false,
  // An embed capture is read as the embed page; the others as the item's page, typed by their name.
  capturedPage: (html, file) => (file.includes('-embed-') ? parseEmbed(html) : parsePage(html, /(track|album|artist|episode|show|playlist)/.exec(file)?.[1] ?? 'track')),
  // Its pages that are not items: resolved as unsupported without asking the platform.
  pages: ['https://open.spotify.com/user/nadia.okafor', 'https://open.spotify.com/genre/0JQ5DAqbMKFEC4WFtoNRpw', 'https://open.spotify.com/search/rainy%20commute'],
  healthy: {
    url: 'https://open.spotify.com/track/3fXq9Lr2TnV8wKp1ZbYc7D?si=0a1b2c3d4e5f6789',
    scenario: 'track',
    kind: 'image',
    faults: {
      // The embed page's first half ends before its state script: a page without the item.
      'declares a Content-Length shorter than its body': 'blocked',
      // An embed page and item page stripped of their data are read as the wall such pages are in practice.
      'answers a schema with its fields missing': 'blocked',
    },
  },
  // Few resolvable ones: each walks the three-strategy chain (with its one retry per request) to
  // its degraded answer in the no-5xx suite; the URL table covers the other forms.
  wellFormed: [
    'https://open.spotify.com/track/3fXq9Lr2TnV8wKp1ZbYc7D?si=0a1b2c3d4e5f6789',
    'https://open.spotify.com/intl-de/embed/album/5pLm8Qw3Er7Ty1Ui9Op2As?utm_source=oembed',
    'https://play.spotify.com/user/nadia.okafor/playlist/2Zx4Cv6Bn8Mq1Wr3Et5Yu7',
    'https://spotify.link/Xq7Lm2Pz9Ab',
    'https://open.spotify.com/track/' + 'A'.repeat(400),
    'https://open.spotify.com/user/nadia.okafor',
  ],
  shortLinks: [
    {
      short: 'https://spotify.link/Xq7Lm2Pz9Ab',
      scenarios: ['short-link', 'track'],
      canonicalUrl: 'https://open.spotify.com/track/3fXq9Lr2TnV8wKp1ZbYc7D',
      kind: 'image',
    },
  ],
  fuzz: { post: spotifyPost, shortLinks: [shortLink] },
};

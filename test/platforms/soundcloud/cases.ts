// SoundCloud's rows for the shared suites (test/platforms/cases.ts): a track with its artwork and
// stream, and an on.soundcloud.com short link that redirects to it.
import fc from 'fast-check';
import { dress, hostFrom, re, variantsOf, type PostCase } from '../../fuzz/url-dressing.js';
import type { PlatformCases } from '../cases.js';

const TRACK_HOSTS = ['soundcloud.com', 'www.soundcloud.com', 'm.soundcloud.com'];
/** Words the URL routes read as SoundCloud's own pages or a user's tabs, never as permalinks. */
const NOT_PERMALINKS = new Set(['discover', 'search', 'stream', 'upload', 'you', 'settings', 'charts', 'tags', 'pages', 'jobs', 'messages', 'notifications', 'people', 'popular', 'mobile', 'imprint', 'terms-of-use', 'pro', 'artists', 'connect', 'feed', 'logout', 'signin', 'signup', 'oembed', 'player', 'embed', 'sets', 'likes', 'tracks', 'albums', 'reposts', 'followers', 'following', 'popular-tracks', 'comments', 'spotlight', 'stations', 'playlists', 'recommended']);
const permalink = re(/^[a-z0-9][a-z0-9_-]{0,40}$/).filter((p) => !NOT_PERMALINKS.has(p));

// Posts for the fuzz suites: one track or set in 2–4 equivalent URLs (hosts, a track's tabs, a
// track's permalink case; `sets` is a keyword, in lower case).
const soundcloudPost = fc.record({ user: permalink, name: permalink, set: fc.boolean() }).chain(({ user, name, set }) => {
  const path = set ? `/${user}/sets/${name}` : `/${user}/${name}`;
  const form = fc.record({ host: hostFrom(TRACK_HOSTS), tab: set ? fc.constant('') : fc.constantFrom('', '', '/recommended', '/likes', '/comments'), upper: set ? fc.constant(false) : fc.boolean() });
  return variantsOf(form, (f, d) => dress(f.host, `${f.upper ? path.toUpperCase() : path}${f.tab}`, d)).map(
    (variants): PostCase => ({ platform: 'soundcloud', denotes: 'post', contentId: path.slice(1), variants }),
  );
});

/** on.soundcloud.com codes are case-sensitive: only the decoration varies. */
const shortLink = re(/^[A-Za-z0-9]{5,20}$/).chain((code) =>
  variantsOf(fc.constant('on.soundcloud.com'), (h, d) => dress(h, `/${code}`, d)).map((variants): PostCase => ({ platform: 'soundcloud', denotes: 'short', contentId: `on.soundcloud.com/${code}`, variants })),
);

export const cases: PlatformCases = {
  // What GET /api/v1/platforms must say this platform can do: sounds are not videos, and the
  // capability `proxy` is derived from video media only.
  capabilities: { shortLinks: true, video: false, nsfw: true, proxy: true },
  mediaNeedProxy: true,
  // Its pages that are not posts: resolved as unsupported without asking the platform.
  pages: ['https://soundcloud.com/tidewatch', 'https://soundcloud.com/tidewatch/sets', 'https://soundcloud.com/discover'],
  healthy: {
    url: 'https://soundcloud.com/tidewatch/harbour-bells-at-low-tide',
    scenario: 'ok',
    kind: 'image',
    faults: {
      // The page then names no bundle (no client id to read), and oEmbed is JSON-only: neither can read it.
      'answers an HTML error page where JSON was expected': 'upstream-error',
    },
  },
  wellFormed: [
    'https://soundcloud.com/tidewatch/harbour-bells-at-low-tide',
    'https://m.soundcloud.com/tidewatch/harbour-bells-at-low-tide?in=tidewatch/sets/coastal&utm_source=clipboard',
    'https://soundcloud.com/tidewatch/sets/coastal-recordings',
    'https://soundcloud.com/tidewatch/harbour-bells-at-low-tide/s-AbC123xyz',
    'https://on.soundcloud.com/Hb7QxR2mZp',
    'https://soundcloud.com/tidewatch',
    'https://soundcloud.com/' + 'a'.repeat(64) + '/' + 'b'.repeat(400),
  ],
  shortLinks: [
    {
      short: 'https://on.soundcloud.com/Hb7QxR2mZp',
      scenarios: ['short-link', 'ok'],
      canonicalUrl: 'https://soundcloud.com/tidewatch/harbour-bells-at-low-tide',
      kind: 'image',
    },
  ],
  fuzz: { post: soundcloudPost, shortLinks: [shortLink] },
};

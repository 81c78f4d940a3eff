// Spotify's URL routes: the six kinds of item on open.spotify.com with language prefixes, in the
// embed players (and the old `/embed?uri=`), the legacy user-playlist form, play.spotify.com, share
// and tracking parameters; spotify.link; the web player's pages that are no item; `spotify:` URIs,
// which are not URLs the service takes; hosts that only look alike.
import { expect } from 'chai';
import { acceptUrl } from '../../../src/domain/accept-url.js';
import { canonicalTable, samePost } from '../../domain/platforms/canonical-table.js';

const TRACK = 'https://open.spotify.com/track/5nTtCOCds6I0PHMNtqelas';

describe('spotify URL routes', () => {
  canonicalTable([
    { input: TRACK, platform: 'spotify', canonical: TRACK, denotes: 'post', ids: { type: 'track', id: '5nTtCOCds6I0PHMNtqelas' } },
    // What the share menu copies: `si` (share id), and from other apps `context`, `pi`, `nd`, `utm_*`.
    { input: `${TRACK}?si=9b3f1c0d2e4a4b6c`, platform: 'spotify', canonical: TRACK },
    { input: `${TRACK}?si=9b3f1c0d2e4a4b6c&context=spotify%3Aalbum%3A2LIk90788K0zvyj2JJVwkJ&nd=1&dlsi=ab12`, platform: 'spotify', canonical: TRACK },
    { input: `${TRACK}?utm_source=generator&utm_medium=copy-link&pi=a-Xy12`, platform: 'spotify', canonical: TRACK },
    { input: 'http://OPEN.Spotify.com/track/5nTtCOCds6I0PHMNtqelas/#lyrics', platform: 'spotify', canonical: TRACK },
    { input: 'open.spotify.com/track/5nTtCOCds6I0PHMNtqelas', platform: 'spotify', canonical: TRACK },
    { input: 'https://open.spotify.com/intl-de/track/5nTtCOCds6I0PHMNtqelas', platform: 'spotify', canonical: TRACK },
    { input: 'https://open.spotify.com/intl-pt/track/5nTtCOCds6I0PHMNtqelas?si=x1', platform: 'spotify', canonical: TRACK },
    { input: 'https://open.spotify.com/intl-zh-hant/track/5nTtCOCds6I0PHMNtqelas', platform: 'spotify', canonical: TRACK },
    { input: 'https://open.spotify.com/embed/track/5nTtCOCds6I0PHMNtqelas?utm_source=oembed', platform: 'spotify', canonical: TRACK },
    { input: 'https://open.spotify.com/embed?uri=spotify:track:5nTtCOCds6I0PHMNtqelas', platform: 'spotify', canonical: TRACK },
    { input: 'https://play.spotify.com/track/5nTtCOCds6I0PHMNtqelas', platform: 'spotify', canonical: TRACK },
    // Ids are case-sensitive: the canonical form keeps the case.
    { input: 'https://open.spotify.com/track/4XfokvilxHAOQXfnWD9p0Q', platform: 'spotify', canonical: 'https://open.spotify.com/track/4XfokvilxHAOQXfnWD9p0Q' },
    { input: 'https://open.spotify.com/album/7s66wU1XJ2NsUuWM2NKiUV?si=AbC', platform: 'spotify', canonical: 'https://open.spotify.com/album/7s66wU1XJ2NsUuWM2NKiUV', ids: { type: 'album', id: '7s66wU1XJ2NsUuWM2NKiUV' } },
    { input: 'https://open.spotify.com/embed/album/7s66wU1XJ2NsUuWM2NKiUV?utm_source=oembed', platform: 'spotify', canonical: 'https://open.spotify.com/album/7s66wU1XJ2NsUuWM2NKiUV' },
    { input: 'https://open.spotify.com/playlist/37i9dQZF1DXcBWIGoYBM5M?si=4d1b0a', platform: 'spotify', canonical: 'https://open.spotify.com/playlist/37i9dQZF1DXcBWIGoYBM5M', ids: { type: 'playlist', id: '37i9dQZF1DXcBWIGoYBM5M' } },
    // The legacy playlist URL under its owner, and embedded.
    { input: 'https://open.spotify.com/user/spotify/playlist/37i9dQZF1DXcBWIGoYBM5M', platform: 'spotify', canonical: 'https://open.spotify.com/playlist/37i9dQZF1DXcBWIGoYBM5M', ids: { type: 'playlist', id: '37i9dQZF1DXcBWIGoYBM5M' } },
    { input: 'https://open.spotify.com/embed/user/spotify/playlist/37i9dQZF1DXcBWIGoYBM5M', platform: 'spotify', canonical: 'https://open.spotify.com/playlist/37i9dQZF1DXcBWIGoYBM5M' },
    { input: 'https://play.spotify.com/user/1234567890/playlist/37i9dQZF1DXcBWIGoYBM5M', platform: 'spotify', canonical: 'https://open.spotify.com/playlist/37i9dQZF1DXcBWIGoYBM5M' },
    { input: 'https://open.spotify.com/episode/64TORH3xleuD1wcnFsrH1E?si=ab&t=120', platform: 'spotify', canonical: 'https://open.spotify.com/episode/64TORH3xleuD1wcnFsrH1E', ids: { type: 'episode', id: '64TORH3xleuD1wcnFsrH1E' } },
    { input: 'https://open.spotify.com/embed-podcast/episode/64TORH3xleuD1wcnFsrH1E', platform: 'spotify', canonical: 'https://open.spotify.com/episode/64TORH3xleuD1wcnFsrH1E' },
    { input: 'https://open.spotify.com/show/4kYCRYJ3yK5DQbP5tbfZby', platform: 'spotify', canonical: 'https://open.spotify.com/show/4kYCRYJ3yK5DQbP5tbfZby', ids: { type: 'show', id: '4kYCRYJ3yK5DQbP5tbfZby' } },
    { input: 'https://open.spotify.com/embed/show/4kYCRYJ3yK5DQbP5tbfZby?theme=0', platform: 'spotify', canonical: 'https://open.spotify.com/show/4kYCRYJ3yK5DQbP5tbfZby' },
    { input: 'https://open.spotify.com/artist/1gR0gsQYfi6joyO1dlp76N?si=Qx', platform: 'spotify', canonical: 'https://open.spotify.com/artist/1gR0gsQYfi6joyO1dlp76N', ids: { type: 'artist', id: '1gR0gsQYfi6joyO1dlp76N' } },
    { input: 'https://spotify.link/ZuA6xkLzDyb', platform: 'spotify', canonical: 'https://spotify.link/ZuA6xkLzDyb', denotes: 'short', ids: { code: 'ZuA6xkLzDyb' } },
    { input: 'http://spotify.link/ZuA6xkLzDyb/?utm_source=whatsapp', platform: 'spotify', canonical: 'https://spotify.link/ZuA6xkLzDyb', denotes: 'short' },
    // Not items: a user's profile, genre, search, home and library pages, an artist's tabs, an id of the wrong length.
    { input: 'https://open.spotify.com/user/spotify', platform: 'spotify', canonical: 'https://open.spotify.com/user/spotify', denotes: 'page' },
    { input: 'https://open.spotify.com/genre/0JQ5DAqbMKFEC4WFtoNRpw?si=x', platform: 'spotify', canonical: 'https://open.spotify.com/genre/0JQ5DAqbMKFEC4WFtoNRpw', denotes: 'page' },
    { input: 'https://open.spotify.com/search/justice%20canon', platform: 'spotify', canonical: 'https://open.spotify.com/search/justice%20canon', denotes: 'page' },
    { input: 'https://open.spotify.com/', platform: 'spotify', canonical: 'https://open.spotify.com/', denotes: 'page' },
    { input: 'https://open.spotify.com/intl-fr', platform: 'spotify', canonical: 'https://open.spotify.com/intl-fr', denotes: 'page' },
    { input: 'https://open.spotify.com/collection/tracks', platform: 'spotify', canonical: 'https://open.spotify.com/collection/tracks', denotes: 'page' },
    { input: 'https://open.spotify.com/artist/1gR0gsQYfi6joyO1dlp76N/discography/all', platform: 'spotify', canonical: 'https://open.spotify.com/artist/1gR0gsQYfi6joyO1dlp76N/discography/all', denotes: 'page' },
    { input: 'https://open.spotify.com/track/5nTtCOCds6I0PHMNtqela', platform: 'spotify', canonical: 'https://open.spotify.com/track/5nTtCOCds6I0PHMNtqela', denotes: 'page' },
    { input: 'https://open.spotify.com/embed?uri=spotify:user:spotify', platform: 'spotify', canonical: 'https://open.spotify.com/embed', denotes: 'page' },
    { input: 'https://spotify.link/', platform: 'spotify', canonical: 'https://spotify.link/', denotes: 'page' },
  ]);

  samePost([
    TRACK,
    'https://open.spotify.com/intl-es/track/5nTtCOCds6I0PHMNtqelas?si=1',
    'https://open.spotify.com/embed/track/5nTtCOCds6I0PHMNtqelas',
    'https://play.spotify.com/track/5nTtCOCds6I0PHMNtqelas',
  ]);

  it('when given a spotify: URI (the desktop app’s "Copy Spotify URI"), refuses it: only http(s) URLs are taken', () => {
    for (const uri of ['spotify:track:5nTtCOCds6I0PHMNtqelas', 'spotify:album:7s66wU1XJ2NsUuWM2NKiUV', 'SPOTIFY:playlist:37i9dQZF1DXcBWIGoYBM5M']) {
      expect(acceptUrl(uri, 2048), uri).to.deep.equal({ ok: false, error: 'url must use http or https, not spotify.' });
    }
  });
});

describe('spotify matching traps', () => {
  canonicalTable([
    { input: 'https://open.spotify.com.evil.test/track/5nTtCOCds6I0PHMNtqelas', platform: 'none', canonical: 'https://open.spotify.com.evil.test/track/5nTtCOCds6I0PHMNtqelas' },
    { input: 'https://notspotify.com/track/5nTtCOCds6I0PHMNtqelas', platform: 'none', canonical: 'https://notspotify.com/track/5nTtCOCds6I0PHMNtqelas' },
    { input: 'https://open.notspotify.com/track/5nTtCOCds6I0PHMNtqelas', platform: 'none', canonical: 'https://open.notspotify.com/track/5nTtCOCds6I0PHMNtqelas' },
    { input: 'https://open.spotify.com@evil.test/track/5nTtCOCds6I0PHMNtqelas', platform: 'none', canonical: 'https://evil.test/track/5nTtCOCds6I0PHMNtqelas' },
    { input: 'https://spotify.link.evil.test/ZuA6xkLzDyb', platform: 'none', canonical: 'https://spotify.link.evil.test/ZuA6xkLzDyb' },
    // The company's site and the CDNs are no item hosts.
    { input: 'https://www.spotify.com/us/premium/', platform: 'none', canonical: 'https://www.spotify.com/us/premium/' },
    { input: 'https://p.scdn.co/mp3-preview/97b5eb03593683855fffada4248fcfffe4dcc263', platform: 'none', canonical: 'https://p.scdn.co/mp3-preview/97b5eb03593683855fffada4248fcfffe4dcc263' },
  ]);
});

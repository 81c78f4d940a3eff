// SoundCloud's URL routes: the variants people paste (hosts, a track's tabs, playlist context and
// share parameters, private share links, short links) as one canonical URL, pages that are not
// tracks or sets, and hosts that only look alike.
import { canonicalTable, samePost } from '../../domain/platforms/canonical-table.js';

const TRACK = 'https://soundcloud.com/tidewatch/harbour-bells-at-low-tide';

describe('soundcloud URL routes', () => {
  canonicalTable([
    { input: TRACK, platform: 'soundcloud', canonical: TRACK, denotes: 'post', ids: { user: 'tidewatch', track: 'harbour-bells-at-low-tide' } },
    { input: 'https://www.soundcloud.com/tidewatch/harbour-bells-at-low-tide', platform: 'soundcloud', canonical: TRACK },
    { input: 'https://m.soundcloud.com/tidewatch/harbour-bells-at-low-tide', platform: 'soundcloud', canonical: TRACK },
    { input: 'soundcloud.com/tidewatch/harbour-bells-at-low-tide/', platform: 'soundcloud', canonical: TRACK },
    // The app's share parameters and the playlist a track was played from.
    {
      input: 'https://soundcloud.com/tidewatch/harbour-bells-at-low-tide?ref=clipboard&p=i&c=0&si=0F1E2D3C4B5A69788796A5B4C3D2E1F0&utm_source=clipboard&utm_medium=text&utm_campaign=social_sharing',
      platform: 'soundcloud',
      canonical: TRACK,
    },
    { input: 'https://soundcloud.com/tidewatch/harbour-bells-at-low-tide?in=tidewatch/sets/coastal-recordings#t=1:05', platform: 'soundcloud', canonical: TRACK },
    // A track's tabs are the track.
    { input: 'https://soundcloud.com/tidewatch/harbour-bells-at-low-tide/recommended', platform: 'soundcloud', canonical: TRACK },
    { input: 'https://soundcloud.com/tidewatch/harbour-bells-at-low-tide/comments', platform: 'soundcloud', canonical: TRACK },
    // Real permalinks from the captures (SOURCES.md).
    {
      input: 'https://soundcloud.com/wearecc/open-minds-ep-21-dr-beth-harris-and-dr-steven-zucker-of-smarthistory',
      platform: 'soundcloud',
      canonical: 'https://soundcloud.com/wearecc/open-minds-ep-21-dr-beth-harris-and-dr-steven-zucker-of-smarthistory',
    },
    { input: 'https://soundcloud.com/breezy-123/sets/empty-playlist', platform: 'soundcloud', canonical: 'https://soundcloud.com/breezy-123/sets/empty-playlist', denotes: 'post', ids: { user: 'breezy-123', set: 'empty-playlist' } },
    // Private share links keep their secret token (the API needs it); its case matters.
    {
      input: 'https://soundcloud.com/tidewatch/slack-water/s-Q1w2E3r4T5y?si=abc',
      platform: 'soundcloud',
      canonical: 'https://soundcloud.com/tidewatch/slack-water/s-Q1w2E3r4T5y',
      ids: { user: 'tidewatch', track: 'slack-water', secret: 's-Q1w2E3r4T5y' },
    },
    { input: 'https://soundcloud.com/tidewatch/sets/demos/s-Zx9Yw8Vu7', platform: 'soundcloud', canonical: 'https://soundcloud.com/tidewatch/sets/demos/s-Zx9Yw8Vu7', denotes: 'post' },
    // The URL's case is kept; the content id is not split by it (samePost below).
    { input: 'https://soundcloud.com/TideWatch/Harbour-Bells-At-Low-Tide', platform: 'soundcloud', canonical: 'https://soundcloud.com/TideWatch/Harbour-Bells-At-Low-Tide' },
    // Short links stay short until /resolve expands them.
    { input: 'https://on.soundcloud.com/a8QmYdMnmxnsSTEp9', platform: 'soundcloud', canonical: 'https://on.soundcloud.com/a8QmYdMnmxnsSTEp9', denotes: 'short', ids: { code: 'a8QmYdMnmxnsSTEp9' } },
    { input: 'https://on.soundcloud.com/Hb7QxR2mZp?utm_source=clipboard', platform: 'soundcloud', canonical: 'https://on.soundcloud.com/Hb7QxR2mZp', denotes: 'short' },
    // Not tracks or sets: a profile and its tabs, SoundCloud's own pages, the home page.
    { input: 'https://soundcloud.com/trapcity?utm_source=clipboard', platform: 'soundcloud', canonical: 'https://soundcloud.com/trapcity', denotes: 'page' },
    { input: 'https://soundcloud.com/tidewatch/sets', platform: 'soundcloud', canonical: 'https://soundcloud.com/tidewatch/sets', denotes: 'page' },
    { input: 'https://soundcloud.com/tidewatch/likes', platform: 'soundcloud', canonical: 'https://soundcloud.com/tidewatch/likes', denotes: 'page' },
    { input: 'https://soundcloud.com/tidewatch/popular-tracks', platform: 'soundcloud', canonical: 'https://soundcloud.com/tidewatch/popular-tracks', denotes: 'page' },
    { input: 'https://soundcloud.com/discover/sets/charts-top:all-music', platform: 'soundcloud', canonical: 'https://soundcloud.com/discover/sets/charts-top:all-music', denotes: 'page' },
    { input: 'https://soundcloud.com/search/sounds?q=tide', platform: 'soundcloud', canonical: 'https://soundcloud.com/search/sounds', denotes: 'page' },
    { input: 'https://soundcloud.com/', platform: 'soundcloud', canonical: 'https://soundcloud.com/', denotes: 'page' },
    { input: 'https://on.soundcloud.com/', platform: 'soundcloud', canonical: 'https://on.soundcloud.com/', denotes: 'page' },
  ]);

  samePost([
    TRACK,
    'https://m.soundcloud.com/tidewatch/harbour-bells-at-low-tide/recommended?in=tidewatch/sets/coastal-recordings',
    'https://soundcloud.com/TideWatch/Harbour-Bells-At-Low-Tide',
  ]);
});

describe('soundcloud matching traps', () => {
  canonicalTable([
    { input: 'https://soundcloud.com.evil.test/tidewatch/harbour-bells-at-low-tide', platform: 'none', canonical: 'https://soundcloud.com.evil.test/tidewatch/harbour-bells-at-low-tide' },
    { input: 'https://soundcloud.com@evil.test/tidewatch/harbour-bells-at-low-tide', platform: 'none', canonical: 'https://evil.test/tidewatch/harbour-bells-at-low-tide' },
    { input: 'https://notsoundcloud.com/tidewatch/harbour-bells-at-low-tide', platform: 'none', canonical: 'https://notsoundcloud.com/tidewatch/harbour-bells-at-low-tide' },
    { input: 'https://on.soundcloud.co/Hb7QxR2mZp', platform: 'none', canonical: 'https://on.soundcloud.co/Hb7QxR2mZp' },
    { input: 'https://evil.test/?u=https://soundcloud.com/tidewatch/harbour-bells-at-low-tide', platform: 'none', canonical: 'https://evil.test/?u=https://soundcloud.com/tidewatch/harbour-bells-at-low-tide' },
  ]);
});

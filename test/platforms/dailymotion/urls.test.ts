// Dailymotion's URL routes: the variants people paste (hosts, slugs, players, dai.ly, tracking
// parameters) as one canonical video URL, pages that are not videos, and hosts that only look alike.
import { canonicalTable, samePost } from '../../domain/platforms/canonical-table.js';

describe('dailymotion URL routes', () => {
  canonicalTable([
    { input: 'https://www.dailymotion.com/video/x8q2k4m', platform: 'dailymotion', canonical: 'https://www.dailymotion.com/video/x8q2k4m', denotes: 'post', ids: { id: 'x8q2k4m' } },
    { input: 'https://dailymotion.com/video/x8q2k4m', platform: 'dailymotion', canonical: 'https://www.dailymotion.com/video/x8q2k4m' },
    { input: 'https://m.dailymotion.com/video/x8q2k4m', platform: 'dailymotion', canonical: 'https://www.dailymotion.com/video/x8q2k4m' },
    { input: 'https://WWW.DailyMotion.com/video/x8q2k4m', platform: 'dailymotion', canonical: 'https://www.dailymotion.com/video/x8q2k4m' },
    { input: 'www.dailymotion.com/video/x8q2k4m', platform: 'dailymotion', canonical: 'https://www.dailymotion.com/video/x8q2k4m' },
    { input: 'http://www.dailymotion.com/video/x8q2k4m/#comments', platform: 'dailymotion', canonical: 'https://www.dailymotion.com/video/x8q2k4m' },
    // The oldest ids are five characters; older links carry `_` and a title slug after the id.
    { input: 'https://www.dailymotion.com/video/xy0wd', platform: 'dailymotion', canonical: 'https://www.dailymotion.com/video/xy0wd', ids: { id: 'xy0wd' } },
    {
      input: 'http://www.dailymotion.com/video/x5kesuj_office-christmas-party-review-jason-bateman-olivia-munn-t-j-miller_news',
      platform: 'dailymotion',
      canonical: 'https://www.dailymotion.com/video/x5kesuj',
      ids: { id: 'x5kesuj' },
    },
    { input: 'https://www.dailymotion.com/video/x8q2k4m?playlist=x6hynp', platform: 'dailymotion', canonical: 'https://www.dailymotion.com/video/x8q2k4m' },
    { input: 'https://www.dailymotion.com/video/x8q2k4m?utm_source=twitter&utm_medium=social&utm_campaign=share&start=42', platform: 'dailymotion', canonical: 'https://www.dailymotion.com/video/x8q2k4m' },
    { input: 'https://www.dailymotion.com/embed/video/x8q2k4m?autoplay=1&queue-enable=false', platform: 'dailymotion', canonical: 'https://www.dailymotion.com/video/x8q2k4m' },
    { input: 'https://www.dailymotion.com/crawler/video/x8u4owg', platform: 'dailymotion', canonical: 'https://www.dailymotion.com/video/x8u4owg' },
    { input: 'http://www.dailymotion.com/swf/video/x3n92nf', platform: 'dailymotion', canonical: 'https://www.dailymotion.com/video/x3n92nf' },
    { input: 'https://geo.dailymotion.com/player.html?video=x89eyek&mute=true', platform: 'dailymotion', canonical: 'https://www.dailymotion.com/video/x89eyek', denotes: 'post' },
    {
      input: 'https://geo.dailymotion.com/player/xakln.html?video=x8mjju4&customConfig%5BcustomParams%5D=%2Ffr-fr%2Ftennis%2Fwimbledon',
      platform: 'dailymotion',
      canonical: 'https://www.dailymotion.com/video/x8mjju4',
    },
    { input: 'https://dai.ly/x8q2k4m', platform: 'dailymotion', canonical: 'https://www.dailymotion.com/video/x8q2k4m', denotes: 'post', ids: { id: 'x8q2k4m' } },
    { input: 'https://dai.ly/x8q2k4m?utm_source=whatsapp&si=abc', platform: 'dailymotion', canonical: 'https://www.dailymotion.com/video/x8q2k4m' },
    // Not videos: a playlist, a channel, a search, the home page, a player playing a playlist.
    { input: 'https://www.dailymotion.com/playlist/x6hynp', platform: 'dailymotion', canonical: 'https://www.dailymotion.com/playlist/x6hynp', denotes: 'page' },
    { input: 'https://www.dailymotion.com/jeanbamin?utm_source=x', platform: 'dailymotion', canonical: 'https://www.dailymotion.com/jeanbamin', denotes: 'page' },
    { input: 'https://m.dailymotion.com/user/nqtv/', platform: 'dailymotion', canonical: 'https://www.dailymotion.com/user/nqtv', denotes: 'page' },
    { input: 'https://www.dailymotion.com/search/tidal%20bore/videos', platform: 'dailymotion', canonical: 'https://www.dailymotion.com/search/tidal%20bore/videos', denotes: 'page' },
    { input: 'https://www.dailymotion.com/', platform: 'dailymotion', canonical: 'https://www.dailymotion.com/', denotes: 'page' },
    { input: 'https://geo.dailymotion.com/player/xf7zn.html?playlist=x7wdsj&mute=1', platform: 'dailymotion', canonical: 'https://geo.dailymotion.com/player/xf7zn.html?playlist=x7wdsj', denotes: 'page' },
    // A private link's `k…` id is not read (the adapter asks by `x` id): a page, kept as given.
    { input: 'https://www.dailymotion.com/video/k7MtHciueyTcrFtFKA2', platform: 'dailymotion', canonical: 'https://www.dailymotion.com/video/k7MtHciueyTcrFtFKA2', denotes: 'page' },
    { input: 'https://dai.ly/', platform: 'dailymotion', canonical: 'https://dai.ly/', denotes: 'page' },
  ]);

  samePost([
    'https://dai.ly/x8q2k4m',
    'https://geo.dailymotion.com/player.html?video=x8q2k4m',
    'https://www.dailymotion.com/embed/video/x8q2k4m',
    'https://m.dailymotion.com/video/x8q2k4m_tidal-bore-at-dawn?playlist=x6hynp',
  ]);
});

describe('dailymotion matching traps', () => {
  canonicalTable([
    { input: 'https://dailymotion.com.evil.test/video/x8q2k4m', platform: 'none', canonical: 'https://dailymotion.com.evil.test/video/x8q2k4m' },
    { input: 'https://www.dailymotion.com@evil.test/video/x8q2k4m', platform: 'none', canonical: 'https://evil.test/video/x8q2k4m' },
    { input: 'https://dai.ly.evil.test/x8q2k4m', platform: 'none', canonical: 'https://dai.ly.evil.test/x8q2k4m' },
    { input: 'https://notdailymotion.com/video/x8q2k4m', platform: 'none', canonical: 'https://notdailymotion.com/video/x8q2k4m' },
    { input: 'https://www.dailymotion.co/video/x8q2k4m', platform: 'none', canonical: 'https://www.dailymotion.co/video/x8q2k4m' },
    { input: 'https://evil.test/?u=https://www.dailymotion.com/video/x8q2k4m', platform: 'none', canonical: 'https://evil.test/?u=https://www.dailymotion.com/video/x8q2k4m' },
  ]);
});

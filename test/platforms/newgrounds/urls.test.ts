// Newgrounds' URL routes: portal and audio submissions as pasted (with or without www, the Flash
// format path, trailing slashes, tracking parameters) as one canonical URL each; users' profile
// hosts, art pages and other pages as pages; look-alike hosts on no platform.
import { canonicalTable, samePost } from '../../domain/platforms/canonical-table.js';

const MOVIE = 'https://www.newgrounds.com/portal/view/673111';
const AUDIO = 'https://www.newgrounds.com/audio/listen/549479';

describe('newgrounds URL routes', () => {
  canonicalTable([
    { input: MOVIE, platform: 'newgrounds', canonical: MOVIE, denotes: 'post', ids: { portal: '673111' } },
    { input: 'https://newgrounds.com/portal/view/673111', platform: 'newgrounds', canonical: MOVIE },
    { input: 'http://www.newgrounds.com/portal/view/673111/', platform: 'newgrounds', canonical: MOVIE },
    { input: 'https://WWW.NewGrounds.com/portal/view/673111#review', platform: 'newgrounds', canonical: MOVIE },
    { input: 'www.newgrounds.com/portal/view/673111', platform: 'newgrounds', canonical: MOVIE },
    { input: 'https://www.newgrounds.com/portal/view/297383/format/flash', platform: 'newgrounds', canonical: 'https://www.newgrounds.com/portal/view/297383', ids: { portal: '297383' } },
    { input: 'https://www.newgrounds.com/portal/view/297383/format/flash/?emulate=flash', platform: 'newgrounds', canonical: 'https://www.newgrounds.com/portal/view/297383' },
    { input: 'https://www.newgrounds.com/portal/view/673111?updated=1&utm_source=share&utm_medium=twitter', platform: 'newgrounds', canonical: MOVIE },
    { input: 'https://www.newgrounds.com/portal/view/59593', platform: 'newgrounds', canonical: 'https://www.newgrounds.com/portal/view/59593' },
    { input: AUDIO, platform: 'newgrounds', canonical: AUDIO, denotes: 'post', ids: { audio: '549479' } },
    { input: 'https://newgrounds.com/audio/listen/549479/', platform: 'newgrounds', canonical: AUDIO },
    { input: 'http://www.newgrounds.com/audio/listen/549479?ref=playlist&fbclid=IwAR0x', platform: 'newgrounds', canonical: AUDIO },
    { input: 'https://www.newgrounds.com/audio/listen/1770007#comments', platform: 'newgrounds', canonical: 'https://www.newgrounds.com/audio/listen/1770007' },
    // Not submissions: users' profiles (on their own host), art pages, the portal's lists, the home page.
    { input: 'https://gullworks.newgrounds.com/', platform: 'newgrounds', canonical: 'https://gullworks.newgrounds.com/', denotes: 'page' },
    { input: 'https://GullWorks.newgrounds.com/movies?page=2', platform: 'newgrounds', canonical: 'https://gullworks.newgrounds.com/movies', denotes: 'page' },
    { input: 'https://gullworks.newgrounds.com/portal/view/673111', platform: 'newgrounds', canonical: 'https://gullworks.newgrounds.com/portal/view/673111', denotes: 'page' },
    { input: 'https://www.newgrounds.com/art/view/gullworks/harbour-sketch', platform: 'newgrounds', canonical: 'https://www.newgrounds.com/art/view/gullworks/harbour-sketch', denotes: 'page' },
    { input: 'https://www.newgrounds.com/playlist/3456789/gull-songs', platform: 'newgrounds', canonical: 'https://www.newgrounds.com/playlist/3456789/gull-songs', denotes: 'page' },
    { input: 'https://www.newgrounds.com/movies/browse?sort=date', platform: 'newgrounds', canonical: 'https://www.newgrounds.com/movies/browse', denotes: 'page' },
    { input: 'https://www.newgrounds.com/portal/view/0', platform: 'newgrounds', canonical: 'https://www.newgrounds.com/portal/view/0', denotes: 'page' },
    { input: 'https://www.newgrounds.com/', platform: 'newgrounds', canonical: 'https://www.newgrounds.com/', denotes: 'page' },
  ]);

  samePost(['https://newgrounds.com/portal/view/673111/format/flash', 'http://www.newgrounds.com/portal/view/673111/?utm_source=x', MOVIE]);
});

describe('newgrounds matching traps', () => {
  canonicalTable([
    { input: 'https://newgrounds.com.example.org/portal/view/673111', platform: 'none', canonical: 'https://newgrounds.com.example.org/portal/view/673111' },
    { input: 'https://notnewgrounds.com/portal/view/673111', platform: 'none', canonical: 'https://notnewgrounds.com/portal/view/673111' },
    { input: 'https://www.newgrounds.com@evil.test/portal/view/673111', platform: 'none', canonical: 'https://evil.test/portal/view/673111' },
    { input: 'https://www.newgrounds.co/audio/listen/549479', platform: 'none', canonical: 'https://www.newgrounds.co/audio/listen/549479' },
    { input: 'https://a.b.newgrounds.com/portal/view/673111', platform: 'none', canonical: 'https://a.b.newgrounds.com/portal/view/673111' },
    { input: 'https://evil.test/?u=https://www.newgrounds.com/portal/view/673111', platform: 'none', canonical: 'https://evil.test/?u=https://www.newgrounds.com/portal/view/673111' },
  ]);
});

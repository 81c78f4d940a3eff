// OK's URL routes: the video URLs people paste (mobile hosts, odnoklassniki.ru, the embed and the old
// Flash player, the -0 suffix, tracking parameters) as one canonical URL; profiles, groups and
// catalogues as pages; hosts that only look alike as none.
import { canonicalTable, samePost } from '../../domain/platforms/canonical-table.js';

const VIDEO = 'https://ok.ru/video/7410002001';

describe('okru URL routes', () => {
  canonicalTable([
    { input: VIDEO, platform: 'okru', canonical: VIDEO, denotes: 'post', ids: { id: '7410002001' } },
    { input: 'https://www.ok.ru/video/7410002001', platform: 'okru', canonical: VIDEO },
    { input: 'https://m.ok.ru/video/7410002001', platform: 'okru', canonical: VIDEO },
    { input: 'https://mobile.ok.ru/video/7410002001/', platform: 'okru', canonical: VIDEO },
    { input: 'http://OK.RU/video/7410002001#comments', platform: 'okru', canonical: VIDEO },
    { input: 'https://ok.ru/video/7410002001?utm_source=vk&utm_medium=share&st.cmd=anonymVideo', platform: 'okru', canonical: VIDEO },
    { input: 'https://odnoklassniki.ru/video/7410002001', platform: 'okru', canonical: VIDEO },
    { input: 'https://www.odnoklassniki.ru/video/7410002001', platform: 'okru', canonical: VIDEO },
    { input: 'https://m.odnoklassniki.ru/video/7410002001', platform: 'okru', canonical: VIDEO },
    // The embed player, and the old Flash player's address (og:video in the 2018 capture).
    { input: 'https://ok.ru/videoembed/7410002001?autoplay=1', platform: 'okru', canonical: VIDEO, denotes: 'post' },
    { input: 'http://ok.ru/videoembed/7410002001', platform: 'okru', canonical: VIDEO },
    { input: 'https://ok.ru/web-api/video/moviePlayer/7410002001', platform: 'okru', canonical: VIDEO },
    // The -0 suffix names the video it is on: kept.
    { input: 'https://ok.ru/video/7410002002-0', platform: 'okru', canonical: 'https://ok.ru/video/7410002002-0', ids: { id: '7410002002-0' } },
    { input: 'https://ok.ru/videoembed/7410002002-0', platform: 'okru', canonical: 'https://ok.ru/video/7410002002-0' },
    // Not videos: profiles, groups, a user's video list, a catalogue, the home page.
    { input: 'https://ok.ru/profile/581000000001', platform: 'okru', canonical: 'https://ok.ru/profile/581000000001', denotes: 'page' },
    { input: 'https://m.ok.ru/group/570000000002?utm_source=x', platform: 'okru', canonical: 'https://ok.ru/group/570000000002', denotes: 'page' },
    { input: 'https://ok.ru/volgarowing', platform: 'okru', canonical: 'https://ok.ru/volgarowing', denotes: 'page' },
    { input: 'https://ok.ru/video/c1234567', platform: 'okru', canonical: 'https://ok.ru/video/c1234567', denotes: 'page' },
    { input: 'https://ok.ru/video', platform: 'okru', canonical: 'https://ok.ru/video', denotes: 'page' },
    { input: 'https://ok.ru/', platform: 'okru', canonical: 'https://ok.ru/', denotes: 'page' },
  ]);

  samePost([VIDEO, 'https://m.ok.ru/video/7410002001', 'https://ok.ru/videoembed/7410002001', 'https://odnoklassniki.ru/web-api/video/moviePlayer/7410002001']);
});

describe('okru matching traps', () => {
  canonicalTable([
    { input: 'https://ok.ru.example.org/video/7410002001', platform: 'none', canonical: 'https://ok.ru.example.org/video/7410002001' },
    { input: 'https://book.ru/video/7410002001', platform: 'none', canonical: 'https://book.ru/video/7410002001' },
    { input: 'https://notodnoklassniki.ru/video/7410002001', platform: 'none', canonical: 'https://notodnoklassniki.ru/video/7410002001' },
    { input: 'https://ok.ru@evil.test/video/7410002001', platform: 'none', canonical: 'https://evil.test/video/7410002001' },
    { input: 'https://ok.ru.evil.test/videoembed/7410002001', platform: 'none', canonical: 'https://ok.ru.evil.test/videoembed/7410002001' },
  ]);
});

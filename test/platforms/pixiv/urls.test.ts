// pixiv's URL routes: the variants people paste (language prefixes, the old member_illust.php, /i/,
// the phixiv and ppxiv embed fixers, tracking parameters) as one canonical artwork URL, pages that
// are not artworks, and hosts that only look alike.
import { canonicalTable, samePost } from '../../domain/platforms/canonical-table.js';

const ART = 'https://www.pixiv.net/artworks/118000101';

describe('pixiv URL routes', () => {
  canonicalTable([
    { input: 'https://www.pixiv.net/artworks/118000101', platform: 'pixiv', canonical: ART, denotes: 'post', ids: { id: '118000101' } },
    { input: 'https://pixiv.net/artworks/118000101', platform: 'pixiv', canonical: ART },
    { input: 'http://www.pixiv.net/artworks/118000101/', platform: 'pixiv', canonical: ART },
    { input: 'www.pixiv.net/artworks/118000101', platform: 'pixiv', canonical: ART },
    { input: 'https://WWW.PIXIV.NET/artworks/118000101#comments', platform: 'pixiv', canonical: ART },
    { input: 'https://www.pixiv.net/en/artworks/118000101', platform: 'pixiv', canonical: ART, denotes: 'post', ids: { id: '118000101' } },
    { input: 'https://www.pixiv.net/zh-tw/artworks/118000101', platform: 'pixiv', canonical: ART },
    { input: 'https://www.pixiv.net/artworks/118000101?utm_source=twitter&utm_medium=share&utm_campaign=artwork', platform: 'pixiv', canonical: ART },
    { input: 'https://www.pixiv.net/en/artworks/118000101?p=2&lang=en', platform: 'pixiv', canonical: ART },
    { input: 'https://www.pixiv.net/member_illust.php?mode=medium&illust_id=118000101', platform: 'pixiv', canonical: ART, denotes: 'post', ids: { id: '118000101' } },
    { input: 'http://www.pixiv.net/member_illust.php?illust_id=118000101&mode=manga', platform: 'pixiv', canonical: ART },
    { input: 'https://touch.pixiv.net/member_illust.php?mode=medium&illust_id=118000101&ref=rn-b', platform: 'pixiv', canonical: ART },
    { input: 'https://www.pixiv.net/i/118000101', platform: 'pixiv', canonical: ART, denotes: 'post' },
    { input: 'https://pixiv.net/i/118000101?ref=share', platform: 'pixiv', canonical: ART },
    // The embed fixers answer pixiv's own paths; phixiv's /{page} after the id picks one page of the work.
    { input: 'https://phixiv.net/artworks/118000101', platform: 'pixiv', canonical: ART, denotes: 'post' },
    { input: 'https://www.phixiv.net/en/artworks/118000101/2', platform: 'pixiv', canonical: ART },
    { input: 'https://ppxiv.net/artworks/118000101', platform: 'pixiv', canonical: ART },
    { input: 'https://www.ppxiv.net/member_illust.php?mode=medium&illust_id=118000101', platform: 'pixiv', canonical: ART },
    // Not artworks: users (all forms), a user's works, novels, tags, rankings, the home page.
    { input: 'https://www.pixiv.net/en/users/41000001', platform: 'pixiv', canonical: 'https://www.pixiv.net/en/users/41000001', denotes: 'page' },
    { input: 'https://www.pixiv.net/users/41000001/illustrations?p=2', platform: 'pixiv', canonical: 'https://www.pixiv.net/users/41000001/illustrations', denotes: 'page' },
    { input: 'https://www.pixiv.net/member.php?id=41000001&utm_source=x', platform: 'pixiv', canonical: 'https://www.pixiv.net/member.php?id=41000001', denotes: 'page' },
    { input: 'https://www.pixiv.net/member_illust.php?id=41000001&type=illust', platform: 'pixiv', canonical: 'https://www.pixiv.net/member_illust.php?id=41000001', denotes: 'page' },
    { input: 'https://phixiv.net/users/41000001', platform: 'pixiv', canonical: 'https://www.pixiv.net/users/41000001', denotes: 'page' },
    { input: 'https://www.pixiv.net/novel/show.php?id=21000001', platform: 'pixiv', canonical: 'https://www.pixiv.net/novel/show.php?id=21000001', denotes: 'page' },
    { input: 'https://www.pixiv.net/tags/%E6%B5%B7/artworks', platform: 'pixiv', canonical: 'https://www.pixiv.net/tags/%E6%B5%B7/artworks', denotes: 'page' },
    { input: 'https://www.pixiv.net/ranking.php?mode=daily', platform: 'pixiv', canonical: 'https://www.pixiv.net/ranking.php', denotes: 'page' },
    { input: 'https://www.pixiv.net/artworks/', platform: 'pixiv', canonical: 'https://www.pixiv.net/artworks', denotes: 'page' },
    { input: 'https://www.pixiv.net/', platform: 'pixiv', canonical: 'https://www.pixiv.net/', denotes: 'page' },
  ]);

  samePost([
    'https://www.pixiv.net/artworks/118000101',
    'https://www.pixiv.net/en/artworks/118000101',
    'https://www.pixiv.net/member_illust.php?mode=medium&illust_id=118000101',
    'https://www.pixiv.net/i/118000101',
    'https://phixiv.net/artworks/118000101',
    'https://ppxiv.net/en/artworks/118000101',
  ]);
});

describe('pixiv matching traps', () => {
  canonicalTable([
    { input: 'https://notpixiv.net/artworks/118000101', platform: 'none', canonical: 'https://notpixiv.net/artworks/118000101' },
    { input: 'https://pixiv.net.evil.test/artworks/118000101', platform: 'none', canonical: 'https://pixiv.net.evil.test/artworks/118000101' },
    { input: 'https://www.pixiv.net@evil.test/artworks/118000101', platform: 'none', canonical: 'https://evil.test/artworks/118000101' },
    { input: 'https://www.pixiv.com/artworks/118000101', platform: 'none', canonical: 'https://www.pixiv.com/artworks/118000101' },
    { input: 'https://phixiv.net.example.com/artworks/118000101', platform: 'none', canonical: 'https://phixiv.net.example.com/artworks/118000101' },
    { input: 'https://evil-pixiv.net/artworks/118000101', platform: 'none', canonical: 'https://evil-pixiv.net/artworks/118000101' },
    // The picture host is pixiv's, but its files are not posts the URL routes read.
    { input: 'https://i.pximg.net/img-original/img/2024/05/01/20/15/30/118000101_p0.png', platform: 'none', canonical: 'https://i.pximg.net/img-original/img/2024/05/01/20/15/30/118000101_p0.png' },
  ]);
});

// VK's URL routes: the video, clip and wall URLs people paste (mobile and new hosts, vk.ru and
// vkvideo.ru, the player, overlays on any page, tracking parameters) as one canonical URL each;
// profiles, communities and catalogues as pages; hosts that only look alike as none.
import { canonicalTable, samePost } from '../../domain/platforms/canonical-table.js';

const VIDEO = 'https://vk.com/video-214750091_456239017';

describe('vk URL routes', () => {
  canonicalTable([
    { input: VIDEO, platform: 'vk', canonical: VIDEO, denotes: 'post', ids: { owner: '-214750091', video: '456239017' } },
    { input: 'https://m.vk.com/video-214750091_456239017', platform: 'vk', canonical: VIDEO },
    { input: 'https://new.vk.com/video-214750091_456239017', platform: 'vk', canonical: VIDEO },
    { input: 'http://www.vk.com/video-214750091_456239017/', platform: 'vk', canonical: VIDEO },
    { input: 'https://vk.ru/video-214750091_456239017', platform: 'vk', canonical: VIDEO },
    { input: 'https://vkvideo.ru/video-214750091_456239017?list=ln-Fx9aB3cD&t=1m5s', platform: 'vk', canonical: VIDEO },
    { input: 'https://m.vkvideo.ru/video-214750091_456239017', platform: 'vk', canonical: VIDEO },
    // A user's video (positive owner id); clips share the id space of videos.
    { input: 'https://vk.com/video73310042_456239020', platform: 'vk', canonical: 'https://vk.com/video73310042_456239020', ids: { owner: '73310042', video: '456239020' } },
    { input: 'https://vk.com/clip-214750091_456239045', platform: 'vk', canonical: 'https://vk.com/video-214750091_456239045' },
    { input: 'https://vkvideo.ru/clip73310042_456239021?utm_source=telegram', platform: 'vk', canonical: 'https://vk.com/video73310042_456239021' },
    // The player iframe, with or without its hash and options.
    { input: 'https://vk.com/video_ext.php?oid=-214750091&id=456239017&hash=0a1b2c3d4e5f6789&hd=2', platform: 'vk', canonical: VIDEO, denotes: 'post' },
    { input: 'https://vkvideo.ru/video_ext.php?oid=73310042&id=456239020', platform: 'vk', canonical: 'https://vk.com/video73310042_456239020' },
    // The video overlay (`?z=`) on any page: a community, the video section, a wall post, a feed.
    { input: 'https://vk.com/lakesideferry?z=video-214750091_456239017%2Fpl_wall_-214750091', platform: 'vk', canonical: VIDEO, denotes: 'post' },
    { input: 'https://vk.com/video?z=video-214750091_456239017%2Fpl_cat_trends', platform: 'vk', canonical: VIDEO },
    { input: 'https://m.vk.com/wall-214750091_1205?z=video-214750091_456239017', platform: 'vk', canonical: VIDEO },
    { input: 'https://vk.com/clips-214750091?z=clip-214750091_456239045', platform: 'vk', canonical: 'https://vk.com/video-214750091_456239045' },
    // Wall posts: their page, and the post overlay (`?w=`) on any page.
    { input: 'https://vk.com/wall-214750091_1205', platform: 'vk', canonical: 'https://vk.com/wall-214750091_1205', denotes: 'post', ids: { owner: '-214750091', wall: '1205' } },
    { input: 'https://m.vk.com/wall73310042_88?utm_source=vk&from=feed', platform: 'vk', canonical: 'https://vk.com/wall73310042_88' },
    { input: 'https://vk.com/lakesideferry?w=wall-214750091_1205', platform: 'vk', canonical: 'https://vk.com/wall-214750091_1205', denotes: 'post' },
    { input: 'https://vk.ru/feed?w=wall-214750091_1205%2Fall', platform: 'vk', canonical: 'https://vk.com/wall-214750091_1205' },
    // Not posts: profiles, communities, the video catalogues, a photo overlay, the home page.
    { input: 'https://vk.com/durov', platform: 'vk', canonical: 'https://vk.com/durov', denotes: 'page' },
    { input: 'https://m.vk.com/club214750091?from=groups', platform: 'vk', canonical: 'https://vk.com/club214750091', denotes: 'page' },
    { input: 'https://vkvideo.ru/@lakesideferry', platform: 'vk', canonical: 'https://vk.com/@lakesideferry', denotes: 'page' },
    { input: 'https://vk.com/video/@lakesideferry', platform: 'vk', canonical: 'https://vk.com/video/@lakesideferry', denotes: 'page' },
    { input: 'https://vk.com/lakesideferry?z=photo-214750091_457239001%2Fwall-214750091_1205', platform: 'vk', canonical: 'https://vk.com/lakesideferry', denotes: 'page' },
    { input: 'https://vk.com/video_ext.php?oid=-214750091', platform: 'vk', canonical: 'https://vk.com/video_ext.php', denotes: 'page' },
    { input: 'https://vk.com/', platform: 'vk', canonical: 'https://vk.com/', denotes: 'page' },
  ]);

  samePost([
    VIDEO,
    'https://vkvideo.ru/video-214750091_456239017',
    'https://vk.com/video_ext.php?oid=-214750091&id=456239017&hash=0a1b2c3d4e5f6789',
    'https://m.vk.com/lakesideferry?z=video-214750091_456239017%2Fpl_wall_-214750091',
    'https://vk.com/clip-214750091_456239017',
  ]);
});

describe('vk matching traps', () => {
  canonicalTable([
    { input: 'https://notvk.com/video-214750091_456239017', platform: 'none', canonical: 'https://notvk.com/video-214750091_456239017' },
    { input: 'https://vk.com.evil.test/video-214750091_456239017', platform: 'none', canonical: 'https://vk.com.evil.test/video-214750091_456239017' },
    { input: 'https://vk.com@evil.test/wall-1_2', platform: 'none', canonical: 'https://evil.test/wall-1_2' },
    { input: 'https://vkvideo.ru.evil.test/video1_2', platform: 'none', canonical: 'https://vkvideo.ru.evil.test/video1_2' },
    { input: 'https://evil.test/?z=video-214750091_456239017', platform: 'none', canonical: 'https://evil.test/?z=video-214750091_456239017' },
  ]);
});

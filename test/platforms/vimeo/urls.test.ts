// Vimeo's URL routes: the variants people paste (hosts, channels, groups, showcases, the player,
// unlisted hashes, tracking parameters) as one canonical video URL, pages that are not videos, and
// hosts that only look alike.
import { canonicalTable, samePost } from '../../domain/platforms/canonical-table.js';

describe('vimeo URL routes', () => {
  canonicalTable([
    { input: 'https://vimeo.com/31158841', platform: 'vimeo', canonical: 'https://vimeo.com/31158841', denotes: 'post', ids: { id: '31158841' } },
    { input: 'https://www.vimeo.com/31158841', platform: 'vimeo', canonical: 'https://vimeo.com/31158841' },
    { input: 'http://vimeo.com/56015672#at=0', platform: 'vimeo', canonical: 'https://vimeo.com/56015672' },
    { input: 'vimeo.com/235352744', platform: 'vimeo', canonical: 'https://vimeo.com/235352744' },
    { input: 'https://VIMEO.com/31158841/?share=copy&fl=sv&fe=ci', platform: 'vimeo', canonical: 'https://vimeo.com/31158841' },
    { input: 'https://vimeo.com/31158841?utm_source=newsletter&utm_medium=email', platform: 'vimeo', canonical: 'https://vimeo.com/31158841' },
    // Unlisted: the hash is part of the video's address (and of its cache key).
    { input: 'https://vimeo.com/235352744/ebd66989cc', platform: 'vimeo', canonical: 'https://vimeo.com/235352744/ebd66989cc', denotes: 'post', ids: { id: '235352744', hash: 'ebd66989cc' } },
    { input: 'https://vimeo.com/144579403/ec02229140?share=copy', platform: 'vimeo', canonical: 'https://vimeo.com/144579403/ec02229140' },
    { input: 'https://player.vimeo.com/video/311983548?h=3c5f4a6b1e', platform: 'vimeo', canonical: 'https://vimeo.com/311983548/3c5f4a6b1e', ids: { id: '311983548', hash: '3c5f4a6b1e' } },
    { input: 'https://player.vimeo.com/video/235352744?h=ebd66989cc&app_id=122963&badge=0&autopause=0', platform: 'vimeo', canonical: 'https://vimeo.com/235352744/ebd66989cc' },
    // The player, in a channel, a group, a showcase (and its old album name).
    { input: 'https://player.vimeo.com/video/338319342', platform: 'vimeo', canonical: 'https://vimeo.com/338319342', denotes: 'post', ids: { id: '338319342' } },
    { input: 'https://player.vimeo.com/video/31158841?app_id=122963&autoplay=1#t=30s', platform: 'vimeo', canonical: 'https://vimeo.com/31158841' },
    { input: 'https://vimeo.com/channels/staffpicks/338319342', platform: 'vimeo', canonical: 'https://vimeo.com/338319342', ids: { id: '338319342' } },
    { input: 'https://vimeo.com/groups/motion/videos/31158841', platform: 'vimeo', canonical: 'https://vimeo.com/31158841' },
    { input: 'https://vimeo.com/showcase/7063231/video/401749070', platform: 'vimeo', canonical: 'https://vimeo.com/401749070' },
    { input: 'https://vimeo.com/album/2632481/video/79010983', platform: 'vimeo', canonical: 'https://vimeo.com/79010983' },
    // A hash that is not hex is no hash: the page it names is not a video.
    { input: 'https://vimeo.com/31158841/likes', platform: 'vimeo', canonical: 'https://vimeo.com/31158841/likes', denotes: 'page' },
    // Not videos: a channel, a showcase, a user, the home page, the player host's other pages.
    { input: 'https://vimeo.com/channels/staffpicks', platform: 'vimeo', canonical: 'https://vimeo.com/channels/staffpicks', denotes: 'page' },
    { input: 'https://vimeo.com/showcase/7063231?utm_source=x', platform: 'vimeo', canonical: 'https://vimeo.com/showcase/7063231', denotes: 'page' },
    { input: 'https://www.vimeo.com/islandsandrivers/', platform: 'vimeo', canonical: 'https://vimeo.com/islandsandrivers', denotes: 'page' },
    { input: 'https://vimeo.com/', platform: 'vimeo', canonical: 'https://vimeo.com/', denotes: 'page' },
    { input: 'https://player.vimeo.com/api/player.js', platform: 'vimeo', canonical: 'https://player.vimeo.com/api/player.js', denotes: 'page' },
    // A player path on the site host is no player.
    { input: 'https://vimeo.com/video/31158841', platform: 'vimeo', canonical: 'https://vimeo.com/video/31158841', denotes: 'page' },
  ]);

  samePost([
    'https://vimeo.com/338319342',
    'https://player.vimeo.com/video/338319342?autoplay=1',
    'https://vimeo.com/channels/staffpicks/338319342',
    'https://www.vimeo.com/338319342?share=copy',
  ]);
  samePost(['https://vimeo.com/235352744/ebd66989cc', 'https://player.vimeo.com/video/235352744?h=ebd66989cc&app_id=122963']);
});

describe('vimeo matching traps', () => {
  canonicalTable([
    { input: 'https://vimeo.com.evil.test/31158841', platform: 'none', canonical: 'https://vimeo.com.evil.test/31158841' },
    { input: 'https://vimeo.com@evil.test/31158841', platform: 'none', canonical: 'https://evil.test/31158841' },
    { input: 'https://notvimeo.com/31158841', platform: 'none', canonical: 'https://notvimeo.com/31158841' },
    { input: 'https://vimeo.co/31158841', platform: 'none', canonical: 'https://vimeo.co/31158841' },
    { input: 'https://i.vimeocdn.com/video/448600816_295x166.jpg', platform: 'none', canonical: 'https://i.vimeocdn.com/video/448600816_295x166.jpg' },
    { input: 'https://evil.test/?u=https://vimeo.com/31158841', platform: 'none', canonical: 'https://evil.test/?u=https://vimeo.com/31158841' },
  ]);
});

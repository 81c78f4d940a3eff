// Streamable's URL routes: a video's page, embed (/e/), bare player (/o/) and old share links (/s/)
// as one canonical URL, site pages that are not videos, and hosts that only look alike.
import { canonicalTable, samePost } from '../../domain/platforms/canonical-table.js';

describe('streamable URL routes', () => {
  canonicalTable([
    { input: 'https://streamable.com/ql7tuy', platform: 'streamable', canonical: 'https://streamable.com/ql7tuy', denotes: 'post', ids: { code: 'ql7tuy' } },
    { input: 'https://www.streamable.com/ql7tuy', platform: 'streamable', canonical: 'https://streamable.com/ql7tuy' },
    { input: 'http://streamable.com/dnd1', platform: 'streamable', canonical: 'https://streamable.com/dnd1', ids: { code: 'dnd1' } },
    { input: 'streamable.com/moo', platform: 'streamable', canonical: 'https://streamable.com/moo' },
    { input: 'https://STREAMABLE.COM/ql7tuy/', platform: 'streamable', canonical: 'https://streamable.com/ql7tuy' },
    { input: 'https://streamable.com/ql7tuy?src=player-page-share&utm_source=reddit', platform: 'streamable', canonical: 'https://streamable.com/ql7tuy' },
    { input: 'https://streamable.com/e/dnd1', platform: 'streamable', canonical: 'https://streamable.com/dnd1', denotes: 'post' },
    { input: 'https://streamable.com/e/ql7tuy?autoplay=1&nocontrols=1', platform: 'streamable', canonical: 'https://streamable.com/ql7tuy' },
    { input: 'https://streamable.com/o/ql7tuy', platform: 'streamable', canonical: 'https://streamable.com/ql7tuy' },
    { input: 'https://streamable.com/s/okkqk', platform: 'streamable', canonical: 'https://streamable.com/okkqk' },
    { input: 'https://streamable.com/s/okkqk/drxjds', platform: 'streamable', canonical: 'https://streamable.com/okkqk', ids: { code: 'okkqk' } },
    { input: 'https://streamable.com/ql7tuy#t=12', platform: 'streamable', canonical: 'https://streamable.com/ql7tuy' },
    { input: 'https://streamable.com/uhoe7l?t=5', platform: 'streamable', canonical: 'https://streamable.com/uhoe7l' },
    // Site pages: not videos.
    { input: 'https://streamable.com/login', platform: 'streamable', canonical: 'https://streamable.com/login', denotes: 'page' },
    { input: 'https://streamable.com/upload?utm_source=x', platform: 'streamable', canonical: 'https://streamable.com/upload', denotes: 'page' },
    { input: 'https://streamable.com/pricing/', platform: 'streamable', canonical: 'https://streamable.com/pricing', denotes: 'page' },
    { input: 'https://streamable.com/', platform: 'streamable', canonical: 'https://streamable.com/', denotes: 'page' },
    { input: 'https://streamable.com/documentation', platform: 'streamable', canonical: 'https://streamable.com/documentation', denotes: 'page' },
    // A page whose name only starts like a site page is a code.
    { input: 'https://streamable.com/login2', platform: 'streamable', canonical: 'https://streamable.com/login2', denotes: 'post' },
    { input: 'https://streamable.com/e/', platform: 'streamable', canonical: 'https://streamable.com/e', denotes: 'page' },
  ]);

  samePost(['https://streamable.com/ql7tuy', 'https://streamable.com/e/ql7tuy', 'https://www.streamable.com/o/ql7tuy?autoplay=1', 'https://streamable.com/s/ql7tuy/ab12cd']);
});

describe('streamable matching traps', () => {
  canonicalTable([
    { input: 'https://streamable.com.evil.test/ql7tuy', platform: 'none', canonical: 'https://streamable.com.evil.test/ql7tuy' },
    { input: 'https://streamable.com@evil.test/ql7tuy', platform: 'none', canonical: 'https://evil.test/ql7tuy' },
    { input: 'https://notstreamable.com/ql7tuy', platform: 'none', canonical: 'https://notstreamable.com/ql7tuy' },
    { input: 'https://cdn-cf-east.streamable.com/video/mp4/ql7tuy.mp4', platform: 'none', canonical: 'https://cdn-cf-east.streamable.com/video/mp4/ql7tuy.mp4' },
    { input: 'https://api.streamable.com/videos/ql7tuy', platform: 'none', canonical: 'https://api.streamable.com/videos/ql7tuy' },
  ]);
});

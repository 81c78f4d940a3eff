// Twitch's URL routes: the clip and video URLs people paste (clip host, channel clip pages, the clip
// embed, old /v/ links, the player) as one canonical URL each, pages that are not posts (channels,
// the directory, a player on a live channel), and hosts that only look alike.
import { canonicalTable, samePost } from '../../domain/platforms/canonical-table.js';

const SLUG = 'KettleHarbourLight-aB3dE5fG7hJ9kL1m';
const CLIP = `https://clips.twitch.tv/${SLUG}`;
const VOD = 'https://www.twitch.tv/videos/2388901234';

describe('twitch URL routes', () => {
  canonicalTable([
    { input: CLIP, platform: 'twitch', canonical: CLIP, denotes: 'post', ids: { slug: SLUG } },
    // The slug keeps its case: Twitch's slugs are case-sensitive.
    { input: 'https://clips.twitch.tv/FaintLightGullWholeWheat', platform: 'twitch', canonical: 'https://clips.twitch.tv/FaintLightGullWholeWheat', ids: { slug: 'FaintLightGullWholeWheat' } },
    { input: `https://www.twitch.tv/harbourlight/clip/${SLUG}?filter=clips&range=7d&sort=time`, platform: 'twitch', canonical: CLIP, denotes: 'post' },
    { input: `https://m.twitch.tv/harbourlight/clip/${SLUG}`, platform: 'twitch', canonical: CLIP },
    { input: 'https://m.twitch.tv/clip/FaintLightGullWholeWheat', platform: 'twitch', canonical: 'https://clips.twitch.tv/FaintLightGullWholeWheat' },
    { input: 'https://go.twitch.tv/rossbroadcast/clip/ConfidentBraveHumanChefFrank', platform: 'twitch', canonical: 'https://clips.twitch.tv/ConfidentBraveHumanChefFrank' },
    { input: `https://clips.twitch.tv/embed?clip=${SLUG}&parent=example.com&autoplay=false`, platform: 'twitch', canonical: CLIP, denotes: 'post' },
    // The older clip form under the channel on the clip host.
    { input: 'https://clips.twitch.tv/rflegendary/UninterestedBeeDAESuppy', platform: 'twitch', canonical: 'https://clips.twitch.tv/UninterestedBeeDAESuppy' },
    { input: `twitch.tv/harbourlight/clip/${SLUG}/?utm_source=share&tt_medium=clips_web`, platform: 'twitch', canonical: CLIP },
    { input: VOD, platform: 'twitch', canonical: VOD, denotes: 'post', ids: { video: '2388901234' } },
    { input: 'https://www.twitch.tv/videos/2388901234?t=1h2m3s&filter=archives', platform: 'twitch', canonical: VOD },
    { input: 'http://twitch.tv/videos/2388901234/#chat', platform: 'twitch', canonical: VOD },
    { input: 'https://m.twitch.tv/videos/2388901234', platform: 'twitch', canonical: VOD },
    { input: 'http://www.twitch.tv/riotgames/v/6528877?t=5m10s', platform: 'twitch', canonical: 'https://www.twitch.tv/videos/6528877', ids: { video: '6528877' } },
    { input: 'https://www.twitch.tv/harbourlight/video/2388901234', platform: 'twitch', canonical: VOD },
    { input: 'https://player.twitch.tv/?video=v2388901234&parent=example.com&autoplay=false', platform: 'twitch', canonical: VOD, denotes: 'post' },
    { input: 'https://player.twitch.tv/?video=2388901234&parent=example.com', platform: 'twitch', canonical: VOD },
    { input: 'https://WWW.Twitch.TV/videos/2388901234', platform: 'twitch', canonical: VOD },
    // Not posts: a channel (live or offline), its videos tab, the directory, a live player, the clip host's home.
    { input: 'https://www.twitch.tv/twit', platform: 'twitch', canonical: 'https://www.twitch.tv/twit', denotes: 'page' },
    { input: 'https://m.twitch.tv/harbourlight/videos?filter=archives', platform: 'twitch', canonical: 'https://www.twitch.tv/harbourlight/videos', denotes: 'page' },
    { input: 'https://www.twitch.tv/directory/category/just-chatting', platform: 'twitch', canonical: 'https://www.twitch.tv/directory/category/just-chatting', denotes: 'page' },
    { input: 'https://player.twitch.tv/?channel=harbourlight&parent=example.com', platform: 'twitch', canonical: 'https://player.twitch.tv/?channel=harbourlight', denotes: 'page' },
    { input: 'https://clips.twitch.tv/', platform: 'twitch', canonical: 'https://clips.twitch.tv/', denotes: 'page' },
    { input: 'https://clips.twitch.tv/embed?parent=example.com', platform: 'twitch', canonical: 'https://clips.twitch.tv/embed', denotes: 'page' },
  ]);

  samePost([CLIP, `https://www.twitch.tv/harbourlight/clip/${SLUG}`, `https://clips.twitch.tv/embed?clip=${SLUG}&parent=x.test`, `https://m.twitch.tv/clip/${SLUG}`]);
  samePost([VOD, 'https://player.twitch.tv/?video=v2388901234', 'https://www.twitch.tv/harbourlight/v/2388901234', 'https://go.twitch.tv/videos/2388901234?t=10s']);
});

describe('twitch matching traps', () => {
  canonicalTable([
    { input: `https://twitch.tv.evil.test/videos/2388901234`, platform: 'none', canonical: 'https://twitch.tv.evil.test/videos/2388901234' },
    { input: `https://clips.twitch.tv@evil.test/${SLUG}`, platform: 'none', canonical: `https://evil.test/${SLUG}` },
    { input: `https://nottwitch.tv/videos/2388901234`, platform: 'none', canonical: 'https://nottwitch.tv/videos/2388901234' },
    { input: `https://www.twitch.com/videos/2388901234`, platform: 'none', canonical: 'https://www.twitch.com/videos/2388901234' },
    { input: `https://clips.twitchcdn.net/${SLUG}`, platform: 'none', canonical: `https://clips.twitchcdn.net/${SLUG}` },
    { input: `https://evil.test/?u=${CLIP}`, platform: 'none', canonical: `https://evil.test/?u=${CLIP}` },
  ]);
});

// Imgur's URL routes: a file's post under its page, its file and thumbnail names, and albums and
// gallery posts (with their title slugs, tags, and the older topic and subreddit listings) as one
// canonical URL each; pages that are not posts, and hosts that only look alike.
import { canonicalTable, samePost } from '../../domain/platforms/canonical-table.js';

describe('imgur URL routes', () => {
  canonicalTable([
    { input: 'https://imgur.com/X6rkCc5', platform: 'imgur', canonical: 'https://imgur.com/X6rkCc5', denotes: 'post', ids: { id: 'X6rkCc5' } },
    { input: 'https://www.imgur.com/X6rkCc5', platform: 'imgur', canonical: 'https://imgur.com/X6rkCc5' },
    { input: 'https://m.imgur.com/X6rkCc5?utm_source=share&utm_medium=android', platform: 'imgur', canonical: 'https://imgur.com/X6rkCc5' },
    // Files (the captures' X6rkCc5.jpg), their thumbnail sizes, gifv and mp4 renditions.
    { input: 'https://i.imgur.com/X6rkCc5.jpg', platform: 'imgur', canonical: 'https://imgur.com/X6rkCc5', denotes: 'post', ids: { id: 'X6rkCc5', ext: 'jpg' } },
    { input: 'https://i.imgur.com/I9t6B7B.jpeg?maxwidth=520&fidelity=grand', platform: 'imgur', canonical: 'https://imgur.com/I9t6B7B' },
    { input: 'https://i.imgur.com/A61SaA1h.jpg', platform: 'imgur', canonical: 'https://imgur.com/A61SaA1', ids: { id: 'A61SaA1', ext: 'jpg' } },
    { input: 'https://i.imgur.com/A61SaA1.gifv', platform: 'imgur', canonical: 'https://imgur.com/A61SaA1', ids: { id: 'A61SaA1', ext: 'gifv' } },
    // A file named in upper case is asked for in lower case, as Imgur serves it.
    { input: 'https://i.imgur.com/A61SaA1.PNG', platform: 'imgur', canonical: 'https://imgur.com/A61SaA1', ids: { id: 'A61SaA1', ext: 'png' } },
    { input: 'https://i.imgur.com/crGpqCV.mp4', platform: 'imgur', canonical: 'https://imgur.com/crGpqCV' },
    { input: 'https://i.imgur.com/X6rkCc5.JPG', platform: 'imgur', canonical: 'https://imgur.com/X6rkCc5' },
    { input: 'https://imgur.com/X6rkCc5.png', platform: 'imgur', canonical: 'https://imgur.com/X6rkCc5' },
    // The oldest five-character ids, and a five-character id with a size letter.
    { input: 'https://imgur.com/Q95ko', platform: 'imgur', canonical: 'https://imgur.com/Q95ko', ids: { id: 'Q95ko' } },
    { input: 'https://i.imgur.com/Q95kos.jpg', platform: 'imgur', canonical: 'https://imgur.com/Q95ko' },
    // Albums and gallery posts: one canonical album URL.
    { input: 'https://imgur.com/a/iX265HX', platform: 'imgur', canonical: 'https://imgur.com/a/iX265HX', denotes: 'post', ids: { album: 'iX265HX' } },
    { input: 'http://imgur.com/a/j6Orj', platform: 'imgur', canonical: 'https://imgur.com/a/j6Orj' },
    { input: 'https://imgur.com/gallery/YcAQlkx', platform: 'imgur', canonical: 'https://imgur.com/a/YcAQlkx', ids: { album: 'YcAQlkx' } },
    { input: 'https://imgur.com/gallery/three-lighthouses-on-one-coast-Zp4kL2x', platform: 'imgur', canonical: 'https://imgur.com/a/Zp4kL2x' },
    { input: 'https://imgur.com/a/enen-no-shouboutai-iX265HX#/', platform: 'imgur', canonical: 'https://imgur.com/a/iX265HX' },
    { input: 'https://imgur.com/t/unmuted/6lAn9VQ', platform: 'imgur', canonical: 'https://imgur.com/a/6lAn9VQ' },
    { input: 'http://imgur.com/topic/Aww/ll5Vk', platform: 'imgur', canonical: 'https://imgur.com/a/ll5Vk' },
    { input: 'http://imgur.com/r/aww/VQcQPhM', platform: 'imgur', canonical: 'https://imgur.com/a/VQcQPhM' },
    // Not posts: a profile, a tag, Imgur's own pages, the home page, a file name that is no id.
    { input: 'https://imgur.com/user/harbourlight', platform: 'imgur', canonical: 'https://imgur.com/user/harbourlight', denotes: 'page' },
    { input: 'https://imgur.com/t/unmuted', platform: 'imgur', canonical: 'https://imgur.com/t/unmuted', denotes: 'page' },
    { input: 'https://imgur.com/privacy', platform: 'imgur', canonical: 'https://imgur.com/privacy', denotes: 'page' },
    { input: 'https://imgur.com/upload?utm_source=x', platform: 'imgur', canonical: 'https://imgur.com/upload', denotes: 'page' },
    { input: 'https://imgur.com/', platform: 'imgur', canonical: 'https://imgur.com/', denotes: 'page' },
    { input: 'https://i.imgur.com/removed.png', platform: 'imgur', canonical: 'https://i.imgur.com/removed.png', denotes: 'page' },
  ]);

  samePost(['https://imgur.com/X6rkCc5', 'https://i.imgur.com/X6rkCc5.jpg', 'https://i.imgur.com/X6rkCc5h.jpg', 'https://m.imgur.com/X6rkCc5?ref=share']);
  samePost(['https://imgur.com/a/Zp4kL2x', 'https://imgur.com/gallery/Zp4kL2x', 'https://imgur.com/gallery/three-lighthouses-Zp4kL2x', 'https://imgur.com/t/lighthouses/Zp4kL2x']);
});

describe('imgur matching traps', () => {
  canonicalTable([
    { input: 'https://imgur.com.evil.test/X6rkCc5', platform: 'none', canonical: 'https://imgur.com.evil.test/X6rkCc5' },
    { input: 'https://i.imgur.com@evil.test/X6rkCc5.jpg', platform: 'none', canonical: 'https://evil.test/X6rkCc5.jpg' },
    { input: 'https://notimgur.com/X6rkCc5', platform: 'none', canonical: 'https://notimgur.com/X6rkCc5' },
    { input: 'https://imgur.co/X6rkCc5', platform: 'none', canonical: 'https://imgur.co/X6rkCc5' },
    { input: 'https://evil.test/?u=https://imgur.com/X6rkCc5', platform: 'none', canonical: 'https://evil.test/?u=https://imgur.com/X6rkCc5' },
  ]);
});

import { canonicalTable, samePost } from '../../domain/platforms/canonical-table.js';

const PFBID = 'pfbid02XM9UtqVbDnZsYmFcCKxJqNtsQmUfDMvcdVsqhXgqjz7PZfKLzTwjHUsWXFwq8xM5l';

describe('facebook URL routes', () => {
  canonicalTable([
    { input: `https://www.facebook.com/ironmaiden/posts/${PFBID}`, platform: 'facebook', canonical: `https://www.facebook.com/ironmaiden/posts/${PFBID}`, denotes: 'post', ids: { type: 'post', id: PFBID, owner: 'ironmaiden' } },
    { input: `https://m.facebook.com/IronMaiden/posts/${PFBID}/?mibextid=xfxF2i&rdid=abc`, platform: 'facebook', canonical: `https://www.facebook.com/IronMaiden/posts/${PFBID}`, ids: { type: 'post', id: PFBID, owner: 'IronMaiden' } },
    { input: 'https://www.facebook.com/ironmaiden/posts/10158012345678901?fbclid=IwAR0abc', platform: 'facebook', canonical: 'https://www.facebook.com/ironmaiden/posts/10158012345678901' },
    { input: 'https://web.facebook.com/ironmaiden/posts/10158012345678901', platform: 'facebook', canonical: 'https://www.facebook.com/ironmaiden/posts/10158012345678901' },
    // The title slug Facebook's own rel=canonical writes (/{owner}/posts/{slug}/{id}/) is dropped.
    { input: 'https://www.facebook.com/ironmaiden/posts/legacy-of-the-beast-touring-update-202021i-hope-you-and-your-loved-ones-are-stay/10157024746512051/', platform: 'facebook', canonical: 'https://www.facebook.com/ironmaiden/posts/10157024746512051', denotes: 'post', ids: { type: 'post', id: '10157024746512051', owner: 'ironmaiden' } },
    { input: 'https://m.facebook.com/LittleMix/posts/-nothing-comes-between-us-/567261421429868/?mibextid=abc', platform: 'facebook', canonical: 'https://www.facebook.com/LittleMix/posts/567261421429868', denotes: 'post' },
    { input: `https://www.facebook.com/ironmaiden/posts/caf%C3%A9-au-lait/${PFBID}`, platform: 'facebook', canonical: `https://www.facebook.com/ironmaiden/posts/${PFBID}`, denotes: 'post' },
    { input: 'https://fb.com/ironmaiden/posts/10158012345678901', platform: 'facebook', canonical: 'https://www.facebook.com/ironmaiden/posts/10158012345678901' },
    { input: 'https://www.facebook.com/permalink.php?story_fbid=10158012345678901&id=100044123456789&ref=embed_post', platform: 'facebook', canonical: 'https://www.facebook.com/permalink.php?story_fbid=10158012345678901&id=100044123456789', ids: { type: 'post', id: '10158012345678901', owner: '100044123456789' } },
    { input: 'https://m.facebook.com/story.php?story_fbid=10158012345678901&id=100044123456789&mibextid=Nif5oz', platform: 'facebook', canonical: 'https://www.facebook.com/permalink.php?story_fbid=10158012345678901&id=100044123456789' },
    { input: `https://mbasic.facebook.com/permalink.php?story_fbid=${PFBID}&id=100044123456789`, platform: 'facebook', canonical: `https://www.facebook.com/permalink.php?story_fbid=${PFBID}&id=100044123456789` },
    { input: 'https://www.facebook.com/photo.php?fbid=10158012345678902&set=a.123&type=3', platform: 'facebook', canonical: 'https://www.facebook.com/photo/?fbid=10158012345678902', ids: { type: 'photo', id: '10158012345678902' } },
    { input: 'https://www.facebook.com/photo/?fbid=10158012345678902&set=a.10150123456789012', platform: 'facebook', canonical: 'https://www.facebook.com/photo/?fbid=10158012345678902' },
    { input: 'https://www.facebook.com/ironmaiden/photos/a.10150123456789012/10158012345678902/?type=3', platform: 'facebook', canonical: 'https://www.facebook.com/photo/?fbid=10158012345678902' },
    { input: 'https://www.facebook.com/watch/?v=1234567890123456&ref=sharing', platform: 'facebook', canonical: 'https://www.facebook.com/watch/?v=1234567890123456', ids: { type: 'video', id: '1234567890123456' } },
    { input: 'https://www.facebook.com/watch?v=1234567890123456', platform: 'facebook', canonical: 'https://www.facebook.com/watch/?v=1234567890123456' },
    { input: 'https://www.facebook.com/video.php?v=1234567890123456', platform: 'facebook', canonical: 'https://www.facebook.com/watch/?v=1234567890123456' },
    { input: 'https://www.facebook.com/IronMaiden/videos/1234567890123456/', platform: 'facebook', canonical: 'https://www.facebook.com/watch/?v=1234567890123456', ids: { type: 'video', id: '1234567890123456', owner: 'IronMaiden' } },
    { input: 'https://www.facebook.com/ironmaiden/videos/the-trooper-live/1234567890123456/?mibextid=rS40aB7S9Ucbxw6v', platform: 'facebook', canonical: 'https://www.facebook.com/watch/?v=1234567890123456' },
    { input: 'https://www.facebook.com/watch/live/?ref=watch_permalink&v=1234567890123456', platform: 'facebook', canonical: 'https://www.facebook.com/watch/?v=1234567890123456' },
    { input: 'https://www.facebook.com/ironmaiden/videos/vb.100044123456789/1234567890123456/?type=3', platform: 'facebook', canonical: 'https://www.facebook.com/watch/?v=1234567890123456' },
    { input: 'https://www.facebook.com/ironmaiden/photos/pb.100044123456789.-2207520000/10158012345678902/', platform: 'facebook', canonical: 'https://www.facebook.com/photo/?fbid=10158012345678902' },
    { input: 'https://www.facebook.com/reel/1234567890123456?s=yWDuG2&fs=e', platform: 'facebook', canonical: 'https://www.facebook.com/reel/1234567890123456', ids: { type: 'reel', id: '1234567890123456' } },
    { input: 'https://www.facebook.com/groups/123456789012345/posts/987654321098765/', platform: 'facebook', canonical: 'https://www.facebook.com/groups/123456789012345/posts/987654321098765', ids: { type: 'group-post', id: '987654321098765', group: '123456789012345' } },
    { input: 'https://m.facebook.com/groups/SomeGroup/permalink/987654321098765/?comment_id=1', platform: 'facebook', canonical: 'https://www.facebook.com/groups/somegroup/posts/987654321098765' },
    { input: 'https://fb.watch/aBcD1eF2g/', platform: 'facebook', canonical: 'https://fb.watch/aBcD1eF2g/', denotes: 'short', ids: { code: 'aBcD1eF2g' } },
    { input: 'https://FB.WATCH/aBcD1eF2g?mibextid=abc', platform: 'facebook', canonical: 'https://fb.watch/aBcD1eF2g/', denotes: 'short' },
    { input: 'https://www.facebook.com/share/p/1AbCdEfGhJ/', platform: 'facebook', canonical: 'https://www.facebook.com/share/p/1AbCdEfGhJ/', denotes: 'short' },
    { input: 'https://m.facebook.com/share/v/1AbCdEfGhJ?mibextid=wwXIfr', platform: 'facebook', canonical: 'https://www.facebook.com/share/v/1AbCdEfGhJ/', denotes: 'short' },
    { input: 'https://www.facebook.com/share/r/1AbCdEfGhJ/', platform: 'facebook', canonical: 'https://www.facebook.com/share/r/1AbCdEfGhJ/', denotes: 'short' },
    { input: 'https://www.facebook.com/share/1AbCdEfGhJ/', platform: 'facebook', canonical: 'https://www.facebook.com/share/1AbCdEfGhJ/', denotes: 'short' },
    { input: 'https://www.facebook.com/ironmaiden/', platform: 'facebook', canonical: 'https://www.facebook.com/ironmaiden', denotes: 'page' },
    { input: 'https://www.facebook.com/profile.php?id=100044123456789&sk=photos&fbclid=x', platform: 'facebook', canonical: 'https://www.facebook.com/profile.php?id=100044123456789', denotes: 'page' },
    { input: 'https://fb.watch/', platform: 'facebook', canonical: 'https://fb.watch/', denotes: 'page' },
  ]);

  describe('title slug and owner case', () => {
    samePost(
      [
        'https://www.facebook.com/ironmaiden/posts/legacy-of-the-beast-touring-update-202021i-hope-you-and-your-loved-ones-are-stay/10157024746512051/',
        'https://www.facebook.com/ironmaiden/posts/10157024746512051',
        'https://www.facebook.com/IronMaiden/posts/10157024746512051/',
      ],
      ['https://www.facebook.com/ironmaiden/posts/10157024746512051', 'https://www.facebook.com/ironmaiden/posts/10157024746512051', 'https://www.facebook.com/IronMaiden/posts/10157024746512051'],
    );
  });
});

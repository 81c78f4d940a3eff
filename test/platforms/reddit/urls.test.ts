import { canonicalTable, samePost } from '../../domain/platforms/canonical-table.js';

describe('reddit URL routes', () => {
  canonicalTable([
    { input: 'https://www.reddit.com/r/aww/comments/gnl55y/sticky_bun_for_you/', platform: 'reddit', canonical: 'https://www.reddit.com/r/aww/comments/gnl55y/', denotes: 'post', ids: { sub: 'aww', id: 'gnl55y' } },
    { input: 'https://reddit.com/r/aww/comments/gnl55y', platform: 'reddit', canonical: 'https://www.reddit.com/r/aww/comments/gnl55y/' },
    { input: 'https://www.reddit.com/r/investing/comments/7pfpeq/some_title/?rdt=46144&utm_source=share&utm_medium=web2x&context=3', platform: 'reddit', canonical: 'https://www.reddit.com/r/investing/comments/7pfpeq/' },
    { input: 'https://old.reddit.com/r/AskReddit/comments/GNL55Y/title/', platform: 'reddit', canonical: 'https://www.reddit.com/r/askreddit/comments/gnl55y/' },
    { input: 'https://new.reddit.com/r/aww/comments/gnl55y/', platform: 'reddit', canonical: 'https://www.reddit.com/r/aww/comments/gnl55y/' },
    { input: 'https://np.reddit.com/r/aww/comments/gnl55y/', platform: 'reddit', canonical: 'https://www.reddit.com/r/aww/comments/gnl55y/' },
    { input: 'https://m.reddit.com/r/aww/comments/gnl55y/sticky_bun_for_you', platform: 'reddit', canonical: 'https://www.reddit.com/r/aww/comments/gnl55y/' },
    { input: 'https://sh.reddit.com/r/aww/comments/gnl55y/', platform: 'reddit', canonical: 'https://www.reddit.com/r/aww/comments/gnl55y/' },
    { input: 'https://www.rxddit.com/r/aww/comments/gnl55y/sticky_bun_for_you/', platform: 'reddit', canonical: 'https://www.reddit.com/r/aww/comments/gnl55y/' },
    { input: 'https://vxreddit.com/r/aww/comments/gnl55y/', platform: 'reddit', canonical: 'https://www.reddit.com/r/aww/comments/gnl55y/' },
    { input: 'https://www.reddit.com/r/aww/comments/gnl55y/comment/fra1b2c/?utm_source=share', platform: 'reddit', canonical: 'https://www.reddit.com/r/aww/comments/gnl55y/comment/fra1b2c/', ids: { sub: 'aww', id: 'gnl55y', cid: 'fra1b2c' } },
    { input: 'https://www.reddit.com/r/aww/comments/gnl55y/sticky_bun_for_you/fra1b2c/?context=3', platform: 'reddit', canonical: 'https://www.reddit.com/r/aww/comments/gnl55y/comment/fra1b2c/' },
    { input: 'https://www.reddit.com/comments/gnl55y/', platform: 'reddit', canonical: 'https://www.reddit.com/comments/gnl55y/', ids: { id: 'gnl55y' } },
    { input: 'https://redd.it/gnl55y', platform: 'reddit', canonical: 'https://www.reddit.com/comments/gnl55y/', denotes: 'post' },
    { input: 'https://www.reddit.com/gallery/gnl55y', platform: 'reddit', canonical: 'https://www.reddit.com/comments/gnl55y/' },
    { input: 'https://www.reddit.com/user/spez/comments/abc123/hello/', platform: 'reddit', canonical: 'https://www.reddit.com/user/spez/comments/abc123/', ids: { user: 'spez', id: 'abc123' } },
    { input: 'https://www.reddit.com/u/Spez/comments/abc123/', platform: 'reddit', canonical: 'https://www.reddit.com/user/Spez/comments/abc123/', ids: { user: 'Spez', id: 'abc123' } },
    { input: 'https://www.reddit.com/r/u_Spez/comments/ABC123/', platform: 'reddit', canonical: 'https://www.reddit.com/user/Spez/comments/abc123/', ids: { user: 'Spez', id: 'abc123' } },
    { input: 'https://www.reddit.com/r/u_spez/comments/abc123/hello/', platform: 'reddit', canonical: 'https://www.reddit.com/user/spez/comments/abc123/' },
    { input: 'https://www.reddit.com/r/redditdev/s/WNauetbiNG', platform: 'reddit', canonical: 'https://www.reddit.com/r/redditdev/s/WNauetbiNG', denotes: 'short' },
    { input: 'https://reddit.com/r/RedditDev/s/WNauetbiNG/?utm_name=iossmf', platform: 'reddit', canonical: 'https://www.reddit.com/r/redditdev/s/WNauetbiNG', denotes: 'short' },
    { input: 'https://v.redd.it/abc123xyz0', platform: 'reddit', canonical: 'https://v.redd.it/abc123xyz0', denotes: 'short' },
    { input: 'https://V.REDD.IT/abc123xyz0/', platform: 'reddit', canonical: 'https://v.redd.it/abc123xyz0', denotes: 'short' },
    { input: 'https://i.redd.it/abcdef123.jpg', platform: 'reddit', canonical: 'https://i.redd.it/abcdef123.jpg', denotes: 'page' },
    { input: 'https://www.reddit.com/r/aww/', platform: 'reddit', canonical: 'https://www.reddit.com/r/aww', denotes: 'page' },
    { input: 'https://www.reddit.com/user/spez', platform: 'reddit', canonical: 'https://www.reddit.com/user/spez', denotes: 'page' },
  ]);

  describe('handle case', () => {
    // A username keeps its case; a subreddit's name and the ids are lower-cased as before.
    samePost(
      ['https://www.reddit.com/u/Spez/comments/abc123/', 'https://www.reddit.com/user/spez/comments/ABC123/', 'https://www.reddit.com/r/AskReddit/comments/abc123/'],
      ['https://www.reddit.com/user/Spez/comments/abc123/', 'https://www.reddit.com/user/spez/comments/abc123/', 'https://www.reddit.com/r/askreddit/comments/abc123/'],
    );
  });
});

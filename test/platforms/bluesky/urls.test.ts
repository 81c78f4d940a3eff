import { canonicalTable, samePost } from '../../domain/platforms/canonical-table.js';

const DID = 'did:plc:z72i7hdynmk6r22z27h6tvur';

describe('bluesky URL routes', () => {
  canonicalTable([
    { input: 'https://bsky.app/profile/bsky.app/post/3l6oveex3ii2l', platform: 'bluesky', canonical: 'https://bsky.app/profile/bsky.app/post/3l6oveex3ii2l', denotes: 'post', ids: { actor: 'bsky.app', rkey: '3l6oveex3ii2l' } },
    { input: 'https://bsky.app/profile/Jay.Bsky.Team/post/3l6oveex3ii2l', platform: 'bluesky', canonical: 'https://bsky.app/profile/jay.bsky.team/post/3l6oveex3ii2l' },
    { input: 'https://bsky.app/profile/jay.bsky.team/post/3l6oveex3ii2l/', platform: 'bluesky', canonical: 'https://bsky.app/profile/jay.bsky.team/post/3l6oveex3ii2l' },
    { input: 'https://BSKY.APP/profile/jay.bsky.team/post/3l6oveex3ii2l', platform: 'bluesky', canonical: 'https://bsky.app/profile/jay.bsky.team/post/3l6oveex3ii2l' },
    { input: 'https://www.bsky.app/profile/jay.bsky.team/post/3l6oveex3ii2l', platform: 'bluesky', canonical: 'https://bsky.app/profile/jay.bsky.team/post/3l6oveex3ii2l' },
    { input: 'bsky.app/profile/jay.bsky.team/post/3l6oveex3ii2l', platform: 'bluesky', canonical: 'https://bsky.app/profile/jay.bsky.team/post/3l6oveex3ii2l' },
    { input: 'https://bsky.app/profile/jay.bsky.team/post/3l6oveex3ii2l?ref_src=embed&utm_source=x', platform: 'bluesky', canonical: 'https://bsky.app/profile/jay.bsky.team/post/3l6oveex3ii2l' },
    { input: `https://bsky.app/profile/${DID}/post/3l6oveex3ii2l`, platform: 'bluesky', canonical: `https://bsky.app/profile/${DID}/post/3l6oveex3ii2l`, ids: { actor: DID, rkey: '3l6oveex3ii2l' } },
    { input: 'https://bsky.app/profile/did:web:example.com%3A8080/post/3l6oveex3ii2l', platform: 'bluesky', canonical: 'https://bsky.app/profile/did:web:example.com%3A8080/post/3l6oveex3ii2l' },
    // Found by the fuzz suite: a `%` that starts no escape is a literal `%` (`%25`) and `%33` is `3`,
    // in the DID as in the canonical URL, which must stay a valid URI and read back as the same post.
    { input: 'https://bsky.app/profile/did:web:j-.test%%33A06015/post/3l6oveex3ii2l', platform: 'bluesky', canonical: 'https://bsky.app/profile/did:web:j-.test%253A06015/post/3l6oveex3ii2l', denotes: 'post', ids: { actor: 'did:web:j-.test%253A06015', rkey: '3l6oveex3ii2l' } },
    { input: 'https://bsky.app/profile/did:web:example.com%3a8080/post/3l6oveex3ii2l', platform: 'bluesky', canonical: 'https://bsky.app/profile/did:web:example.com%3A8080/post/3l6oveex3ii2l' },
    { input: 'https://fxbsky.app/profile/jay.bsky.team/post/3l6oveex3ii2l', platform: 'bluesky', canonical: 'https://bsky.app/profile/jay.bsky.team/post/3l6oveex3ii2l' },
    { input: 'https://bskyx.app/profile/jay.bsky.team/post/3l6oveex3ii2l', platform: 'bluesky', canonical: 'https://bsky.app/profile/jay.bsky.team/post/3l6oveex3ii2l' },
    { input: 'https://bsky.app/profile/jay.bsky.team/post/3l6oveex3ii2l/liked-by', platform: 'bluesky', canonical: 'https://bsky.app/profile/jay.bsky.team/post/3l6oveex3ii2l' },
    { input: 'https://bsky.app/profile/jay.bsky.team/post/3l6oveex3ii2l/quotes', platform: 'bluesky', canonical: 'https://bsky.app/profile/jay.bsky.team/post/3l6oveex3ii2l' },
    { input: 'at://jay.bsky.team/app.bsky.feed.post/3l6oveex3ii2l', platform: 'bluesky', canonical: 'https://bsky.app/profile/jay.bsky.team/post/3l6oveex3ii2l' },
    { input: `at://${DID}/app.bsky.feed.post/3l6oveex3ii2l`, platform: 'bluesky', canonical: `https://bsky.app/profile/${DID}/post/3l6oveex3ii2l` },
    { input: 'http://bsky.app:80/profile/jay.bsky.team/post/3l6oveex3ii2l#reply', platform: 'bluesky', canonical: 'https://bsky.app/profile/jay.bsky.team/post/3l6oveex3ii2l' },
    { input: 'https://bsky.app/profile/jay.bsky.team', platform: 'bluesky', canonical: 'https://bsky.app/profile/jay.bsky.team', denotes: 'page' },
    { input: 'https://bsky.app/profile/jay.bsky.team/feed/whats-hot/', platform: 'bluesky', canonical: 'https://bsky.app/profile/jay.bsky.team/feed/whats-hot', denotes: 'page' },
    { input: 'https://bsky.app/', platform: 'bluesky', canonical: 'https://bsky.app/', denotes: 'page' },
  ]);

  describe('handle case', () => {
    // Bluesky is the exception (docs/design.md §3): a handle is a domain name, written in lower case.
    samePost(['https://bsky.app/profile/Jay.Bsky.Team/post/3l6oveex3ii2l', 'https://bsky.app/profile/jay.bsky.team/post/3l6oveex3ii2l'], ['https://bsky.app/profile/jay.bsky.team/post/3l6oveex3ii2l', 'https://bsky.app/profile/jay.bsky.team/post/3l6oveex3ii2l']);
  });
});

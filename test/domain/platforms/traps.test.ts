import { canonicalTable } from './canonical-table.js';

// URLs that name a platform somewhere but are not on its host: they must get no adapter, and
// their normalised URL must carry no userinfo, port or fragment.
describe('platform matching traps', () => {
  canonicalTable([
    { input: 'https://x.com.evil.test/jack/status/20', platform: 'none', canonical: 'https://x.com.evil.test/jack/status/20' },
    { input: 'https://x.com@evil.test/jack/status/20', platform: 'none', canonical: 'https://evil.test/jack/status/20' },
    { input: 'https://user:pass@evil.test:8443/jack/status/20#frag', platform: 'none', canonical: 'https://evil.test/jack/status/20' },
    { input: 'https://evil.test/https://x.com/jack/status/20', platform: 'none', canonical: 'https://evil.test/https://x.com/jack/status/20' },
    { input: 'https://evil.test/?u=https://x.com/jack/status/20', platform: 'none', canonical: 'https://evil.test/?u=https://x.com/jack/status/20' },
    { input: 'https://evil.test/#https://x.com/jack/status/20', platform: 'none', canonical: 'https://evil.test/' },
    { input: 'https://notx.com/jack/status/20', platform: 'none', canonical: 'https://notx.com/jack/status/20' },
    { input: 'https://x.co/jack/status/20', platform: 'none', canonical: 'https://x.co/jack/status/20' },
    { input: 'https://twitter.com.evil.test/jack/status/20', platform: 'none', canonical: 'https://twitter.com.evil.test/jack/status/20' },
    { input: 'https://evil.x.com/jack/status/20', platform: 'none', canonical: 'https://evil.x.com/jack/status/20' },
    { input: 'https://notbsky.app/profile/jay.bsky.team/post/3l6oveex3ii2l', platform: 'none', canonical: 'https://notbsky.app/profile/jay.bsky.team/post/3l6oveex3ii2l' },
    { input: 'https://bsky.app.evil.test/profile/jay.bsky.team/post/3l6oveex3ii2l', platform: 'none', canonical: 'https://bsky.app.evil.test/profile/jay.bsky.team/post/3l6oveex3ii2l' },
    { input: 'https://youtube.com.evil.test/watch?v=dQw4w9WgXcQ', platform: 'none', canonical: 'https://youtube.com.evil.test/watch?v=dQw4w9WgXcQ' },
    { input: 'https://youtube.co/watch?v=dQw4w9WgXcQ', platform: 'none', canonical: 'https://youtube.co/watch?v=dQw4w9WgXcQ' },
    { input: 'https://y0utube.com/watch?v=dQw4w9WgXcQ', platform: 'none', canonical: 'https://y0utube.com/watch?v=dQw4w9WgXcQ' },
    { input: 'https://instagram.com.evil.test/p/BWUDBntl3_Z/', platform: 'none', canonical: 'https://instagram.com.evil.test/p/BWUDBntl3_Z/' },
    { input: 'https://lnstagram.com/p/BWUDBntl3_Z/', platform: 'none', canonical: 'https://lnstagram.com/p/BWUDBntl3_Z/' },
    // A Cyrillic "о" in ".cоm" makes a different (punycode) host.
    { input: 'https://www.tiktok.cоm/@scout2015/video/6718335390845095173', platform: 'none', canonical: 'https://www.tiktok.xn--cm-fmc/@scout2015/video/6718335390845095173' },
    { input: 'https://old.reddit.com.evil.test/r/aww/comments/gnl55y/', platform: 'none', canonical: 'https://old.reddit.com.evil.test/r/aww/comments/gnl55y/' },
    { input: 'https://a.b.reddit.com/r/aww/comments/gnl55y/', platform: 'none', canonical: 'https://a.b.reddit.com/r/aww/comments/gnl55y/' },
    { input: 'https://fb.watch.evil.test/aBcD1eF2g/', platform: 'none', canonical: 'https://fb.watch.evil.test/aBcD1eF2g/' },
    { input: 'https://threads.org/@zuck/post/CuVvRcttG57', platform: 'none', canonical: 'https://threads.org/@zuck/post/CuVvRcttG57' },
    { input: 'https://mastodon.example/@someone/111000000000000010', platform: 'none', canonical: 'https://mastodon.example/@someone/111000000000000010' },
    { input: 'https://social.evil.test/@gargron/109318821117356215', platform: 'none', canonical: 'https://social.evil.test/@gargron/109318821117356215' },
    { input: 'https://mastodon.social.evil.test/@gargron/109318821117356215', platform: 'none', canonical: 'https://mastodon.social.evil.test/@gargron/109318821117356215' },
    { input: 'https://EVIL.TEST./Some/Path?q=1', platform: 'none', canonical: 'https://evil.test/Some/Path?q=1' },
    { input: 'https://bücher.example/x', platform: 'none', canonical: 'https://xn--bcher-kva.example/x' },
    { input: 'http://127.0.0.1:8080/jack/status/20', platform: 'none', canonical: 'http://127.0.0.1/jack/status/20' },
  ]);
});

// Telegram's URL routes: the variants people paste (three hosts, the /s/ preview form, the widget's
// ?embed=1, ?single, ?comment=, tracking parameters) as one canonical post URL, the channel keeping
// the URL's spelling; channels, previews, invites and private links as pages; look-alike hosts.
import { canonicalTable, samePost } from '../../domain/platforms/canonical-table.js';

describe('telegram URL routes', () => {
  canonicalTable([
    { input: 'https://t.me/durov/142', platform: 'telegram', canonical: 'https://t.me/durov/142', denotes: 'post', ids: { channel: 'durov', id: '142' } },
    { input: 't.me/durov/142', platform: 'telegram', canonical: 'https://t.me/durov/142' },
    { input: 'http://t.me/durov/142/', platform: 'telegram', canonical: 'https://t.me/durov/142' },
    { input: 'https://telegram.me/durov/142', platform: 'telegram', canonical: 'https://t.me/durov/142' },
    { input: 'https://www.telegram.me/durov/142', platform: 'telegram', canonical: 'https://t.me/durov/142' },
    { input: 'https://telegram.dog/durov/142', platform: 'telegram', canonical: 'https://t.me/durov/142' },
    // The channel keeps the URL's spelling (the adapter answers with Telegram's own); the content id does not.
    { input: 'https://t.me/SudPress53/6529', platform: 'telegram', canonical: 'https://t.me/SudPress53/6529', denotes: 'post', ids: { channel: 'SudPress53', id: '6529' } },
    { input: 'https://T.ME/sudpress53/6529', platform: 'telegram', canonical: 'https://t.me/sudpress53/6529' },
    // The channel preview scrolled to the post.
    { input: 'https://t.me/s/chollometro/28542', platform: 'telegram', canonical: 'https://t.me/chollometro/28542', denotes: 'post' },
    { input: 'https://telegram.me/s/teslahunt/15513?before=15600', platform: 'telegram', canonical: 'https://t.me/teslahunt/15513' },
    // One item of an album, the embed widget (as the iframe names it), a comment under the post.
    { input: 'https://t.me/teslahunt/2351?single', platform: 'telegram', canonical: 'https://t.me/teslahunt/2351' },
    { input: 'https://t.me/chollometro/28542?embed=1&mode=tme', platform: 'telegram', canonical: 'https://t.me/chollometro/28542' },
    { input: 'https://t.me/sudpress53/6529?embed=1&userpic=true&dark=1', platform: 'telegram', canonical: 'https://t.me/sudpress53/6529' },
    { input: 'https://t.me/durov/142?comment=51873', platform: 'telegram', canonical: 'https://t.me/durov/142' },
    { input: 'https://t.me/durov/142?utm_source=twitter&utm_medium=social#top', platform: 'telegram', canonical: 'https://t.me/durov/142' },
    // Four-letter (auctioned) usernames, and a 32-character one.
    { input: 'https://t.me/news/90210', platform: 'telegram', canonical: 'https://t.me/news/90210', ids: { channel: 'news', id: '90210' } },
    { input: 'https://t.me/a_very_long_channel_name_of_32_ch/1', platform: 'telegram', canonical: 'https://t.me/a_very_long_channel_name_of_32_ch/1' },
    // Not posts: a channel, its preview, invites, a private channel's link (members only), a topic
    // message, sticker packs, a login code, usernames too short or starting with a digit.
    { input: 'https://t.me/durov', platform: 'telegram', canonical: 'https://t.me/durov', denotes: 'page' },
    { input: 'https://t.me/durov/?utm_source=x', platform: 'telegram', canonical: 'https://t.me/durov', denotes: 'page' },
    { input: 'https://t.me/s/durov', platform: 'telegram', canonical: 'https://t.me/s/durov', denotes: 'page' },
    { input: 'https://t.me/+AbCdEfGhIjK1mN2o', platform: 'telegram', canonical: 'https://t.me/+AbCdEfGhIjK1mN2o', denotes: 'page' },
    { input: 'https://t.me/joinchat/AAAAAEkk2WdoDrB4-Q8-gg', platform: 'telegram', canonical: 'https://t.me/joinchat/AAAAAEkk2WdoDrB4-Q8-gg', denotes: 'page' },
    { input: 'https://telegram.me/joinchat/12345', platform: 'telegram', canonical: 'https://t.me/joinchat/12345', denotes: 'page' },
    { input: 'https://t.me/c/1658393576/6529', platform: 'telegram', canonical: 'https://t.me/c/1658393576/6529', denotes: 'page' },
    { input: 'https://t.me/pythonchat/4/120333', platform: 'telegram', canonical: 'https://t.me/pythonchat/4/120333', denotes: 'page' },
    { input: 'https://t.me/addstickers/Animals', platform: 'telegram', canonical: 'https://t.me/addstickers/Animals', denotes: 'page' },
    { input: 'https://t.me/login/84512', platform: 'telegram', canonical: 'https://t.me/login/84512', denotes: 'page' },
    { input: 'https://t.me/abc/12', platform: 'telegram', canonical: 'https://t.me/abc/12', denotes: 'page' },
    { input: 'https://t.me/1channel/12', platform: 'telegram', canonical: 'https://t.me/1channel/12', denotes: 'page' },
    { input: 'https://t.me/durov/0', platform: 'telegram', canonical: 'https://t.me/durov/0', denotes: 'page' },
    { input: 'https://t.me/', platform: 'telegram', canonical: 'https://t.me/', denotes: 'page' },
  ]);

  samePost([
    'https://t.me/SudPress53/6529',
    'https://telegram.me/s/sudpress53/6529',
    'https://telegram.dog/sudpress53/6529?single',
    'https://t.me/sudpress53/6529?embed=1&mode=tme',
  ]);
});

describe('telegram matching traps', () => {
  canonicalTable([
    { input: 'https://t.me.example.com/durov/142', platform: 'none', canonical: 'https://t.me.example.com/durov/142' },
    { input: 'https://nott.me/durov/142', platform: 'none', canonical: 'https://nott.me/durov/142' },
    { input: 'https://telegram.me.evil.test/durov/142', platform: 'none', canonical: 'https://telegram.me.evil.test/durov/142' },
    { input: 'https://t.me@evil.test/durov/142', platform: 'none', canonical: 'https://evil.test/durov/142' },
    { input: 'https://durov.t.me/142', platform: 'none', canonical: 'https://durov.t.me/142' },
    { input: 'https://telegram.org/durov/142', platform: 'none', canonical: 'https://telegram.org/durov/142' },
    { input: 'https://evil.test/?u=https://t.me/durov/142', platform: 'none', canonical: 'https://evil.test/?u=https://t.me/durov/142' },
  ]);
});

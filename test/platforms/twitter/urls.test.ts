import { expect } from 'chai';
import { twitterRespelledUrl } from '../../../src/domain/platforms/twitter.js';
import { canonicalTable, samePost } from '../../domain/platforms/canonical-table.js';

describe('twitter URL routes', () => {
  canonicalTable([
    { input: 'https://x.com/jack/status/20', platform: 'twitter', canonical: 'https://x.com/jack/status/20', denotes: 'post', ids: { user: 'jack', id: '20' } },
    { input: 'https://twitter.com/jack/status/20', platform: 'twitter', canonical: 'https://x.com/jack/status/20' },
    { input: 'https://www.twitter.com/jack/status/20/', platform: 'twitter', canonical: 'https://x.com/jack/status/20' },
    { input: 'https://mobile.twitter.com/jack/status/20?s=20&t=abcDEF', platform: 'twitter', canonical: 'https://x.com/jack/status/20' },
    { input: 'https://m.twitter.com/jack/status/20', platform: 'twitter', canonical: 'https://x.com/jack/status/20' },
    { input: 'HTTPS://X.COM/Jack/status/20', platform: 'twitter', canonical: 'https://x.com/Jack/status/20', ids: { user: 'Jack', id: '20' } },
    { input: 'x.com/jack/status/20', platform: 'twitter', canonical: 'https://x.com/jack/status/20' },
    { input: 'https://x.com/jack/statuses/20', platform: 'twitter', canonical: 'https://x.com/jack/status/20' },
    { input: 'https://x.com/NASA/status/1445078208190291973/photo/1', platform: 'twitter', canonical: 'https://x.com/NASA/status/1445078208190291973' },
    { input: 'https://x.com/NASA/status/1445078208190291973/video/1', platform: 'twitter', canonical: 'https://x.com/NASA/status/1445078208190291973' },
    { input: 'https://x.com/jack/status/20/analytics', platform: 'twitter', canonical: 'https://x.com/jack/status/20' },
    { input: 'https://x.com/jack/status/20/mediaViewer?currentTweet=20', platform: 'twitter', canonical: 'https://x.com/jack/status/20' },
    { input: 'https://twitter.com/i/web/status/20', platform: 'twitter', canonical: 'https://x.com/i/status/20', ids: { id: '20' } },
    { input: 'https://x.com/i/status/20', platform: 'twitter', canonical: 'https://x.com/i/status/20', ids: { id: '20' } },
    // Handles keep the URL's case (docs/design.md §3); `i` in either case still means "no handle".
    { input: 'https://x.com/SpaceX/status/1', platform: 'twitter', canonical: 'https://x.com/SpaceX/status/1', denotes: 'post', ids: { user: 'SpaceX', id: '1' } },
    { input: 'https://twitter.com/SPACEX/statuses/1/photo/1', platform: 'twitter', canonical: 'https://x.com/SPACEX/status/1' },
    { input: 'https://x.com/I/status/20', platform: 'twitter', canonical: 'https://x.com/i/status/20', ids: { id: '20' } },
    { input: 'https://twitter.com/statuses/20', platform: 'twitter', canonical: 'https://x.com/i/status/20' },
    { input: 'https://x.com/i/bookmarks?post_id=20', platform: 'twitter', canonical: 'https://x.com/i/status/20' },
    { input: 'https://fxtwitter.com/jack/status/20', platform: 'twitter', canonical: 'https://x.com/jack/status/20' },
    { input: 'https://d.fxtwitter.com/jack/status/20.mp4', platform: 'twitter', canonical: 'https://x.com/jack/status/20' },
    { input: 'https://fxtwitter.com/jack/status/20/en', platform: 'twitter', canonical: 'https://x.com/jack/status/20' },
    { input: 'https://fixupx.com/jack/status/20', platform: 'twitter', canonical: 'https://x.com/jack/status/20' },
    { input: 'https://vxtwitter.com/jack/status/20', platform: 'twitter', canonical: 'https://x.com/jack/status/20' },
    { input: 'https://fixvx.com/jack/status/20', platform: 'twitter', canonical: 'https://x.com/jack/status/20' },
    { input: 'https://twittpr.com/jack/status/20', platform: 'twitter', canonical: 'https://x.com/jack/status/20' },
    { input: 'https://nitter.net/jack/status/20#m', platform: 'twitter', canonical: 'https://x.com/jack/status/20' },
    { input: 'http://x.com:443/jack/status/20', platform: 'twitter', canonical: 'https://x.com/jack/status/20' },
    { input: 'https://x.com./jack/status/20', platform: 'twitter', canonical: 'https://x.com/jack/status/20' },
    { input: 'https://t.co/AbCdE12345', platform: 'twitter', canonical: 'https://t.co/AbCdE12345', denotes: 'short', ids: { code: 'AbCdE12345' } },
    { input: 'http://T.CO/AbCdE12345/?amp=1', platform: 'twitter', canonical: 'https://t.co/AbCdE12345', denotes: 'short' },
    // Found by the fuzz suite: trailing slashes read as one (a page's canonical URL drops them, and
    // was a post), and escaped letters and digits are those characters (RFC 3986 §6.2.2.2).
    { input: 'https://x.com/jack/status/20//', platform: 'twitter', canonical: 'https://x.com/jack/status/20', denotes: 'post' },
    { input: 'https://t.co/a//', platform: 'twitter', canonical: 'https://t.co/a', denotes: 'short' },
    { input: 'https://x.com/%6Aack/%73tatus/%32%30', platform: 'twitter', canonical: 'https://x.com/jack/status/20', denotes: 'post' },
    { input: 'https://x.com/%6aack%2fmedia', platform: 'twitter', canonical: 'https://x.com/jack%2Fmedia', denotes: 'page' },
    { input: 'https://x.com/jack', platform: 'twitter', canonical: 'https://x.com/jack', denotes: 'page' },
    { input: 'https://twitter.com/jack/?lang=en', platform: 'twitter', canonical: 'https://x.com/jack', denotes: 'page' },
    { input: 'https://x.com/', platform: 'twitter', canonical: 'https://x.com/', denotes: 'page' },
    { input: 'https://t.co/', platform: 'twitter', canonical: 'https://t.co/', denotes: 'page' },
  ]);

  describe('handle case', () => {
    it('when X spells the URL\'s handle in another case, gives the canonical URL with its spelling', () => {
      expect(twitterRespelledUrl({ user: 'spacex', id: '1' }, 'SpaceX')).to.equal('https://x.com/SpaceX/status/1');
      expect(twitterRespelledUrl({ user: 'SPACEX', id: '1' }, 'SpaceX')).to.equal('https://x.com/SpaceX/status/1');
    });

    it('when X spells it the same, gives the canonical URL as it is (X spelled it)', () => {
      expect(twitterRespelledUrl({ user: 'SpaceX', id: '1' }, 'SpaceX')).to.equal('https://x.com/SpaceX/status/1');
    });

    it('when X names another account, or the URL names none, gives nothing', () => {
      expect(twitterRespelledUrl({ user: 'spacex', id: '1' }, 'elonmusk')).to.equal(undefined);
      expect(twitterRespelledUrl({ id: '1' }, 'SpaceX')).to.equal(undefined);
    });

    it('when X\'s spelling is no handle (a Kelvin sign that lower-cases to k, a slash), gives nothing', () => {
      expect(twitterRespelledUrl({ user: 'spacexk', id: '1' }, 'SpaceX\u212A')).to.equal(undefined);
      expect(twitterRespelledUrl({ user: 'space/x', id: '1' }, 'Space/X')).to.equal(undefined);
    });

    samePost(['https://x.com/SpaceX/status/1', 'https://x.com/spacex/status/1', 'https://x.com/i/status/1'], ['https://x.com/SpaceX/status/1', 'https://x.com/spacex/status/1', 'https://x.com/i/status/1']);
  });
});

import { createSpecList } from '../../../src/domain/platforms/index.js';
import { expect } from 'chai';
import { mastodonRespelledUrl } from '../../../src/domain/platforms/mastodon.js';
import { canonicalTable, samePost } from '../../domain/platforms/canonical-table.js';

describe('mastodon URL routes', () => {
  canonicalTable([
    { input: 'https://mastodon.social/@Gargron/109318821117356215', platform: 'mastodon', canonical: 'https://mastodon.social/@Gargron/109318821117356215', denotes: 'post', ids: { instance: 'mastodon.social', user: 'Gargron', id: '109318821117356215' } },
    { input: 'https://mastodon.social/@gargron/109318821117356215/', platform: 'mastodon', canonical: 'https://mastodon.social/@gargron/109318821117356215' },
    { input: 'https://mastodon.social/users/Gargron/statuses/109318821117356215', platform: 'mastodon', canonical: 'https://mastodon.social/@Gargron/109318821117356215' },
    { input: 'https://mastodon.social/users/gargron/statuses/109318821117356215/activity', platform: 'mastodon', canonical: 'https://mastodon.social/@gargron/109318821117356215' },
    { input: 'https://mastodon.social/@gargron/109318821117356215/embed', platform: 'mastodon', canonical: 'https://mastodon.social/@gargron/109318821117356215' },
    { input: 'https://MASTODON.SOCIAL/@gargron/109318821117356215?utm_source=x', platform: 'mastodon', canonical: 'https://mastodon.social/@gargron/109318821117356215' },
    { input: 'https://www.mastodon.social/@gargron/109318821117356215', platform: 'mastodon', canonical: 'https://mastodon.social/@gargron/109318821117356215' },
    { input: 'mastodon.social/@gargron/109318821117356215', platform: 'mastodon', canonical: 'https://mastodon.social/@gargron/109318821117356215' },
    { input: 'https://mastodon.social/@someone@fosstodon.org/109318821117356215', platform: 'mastodon', canonical: 'https://mastodon.social/@someone@fosstodon.org/109318821117356215' },
    { input: 'https://fosstodon.org/@kev/110000000000000001', platform: 'mastodon', canonical: 'https://fosstodon.org/@kev/110000000000000001' },
    { input: 'https://hachyderm.io/@nova/109000000000000002#comments', platform: 'mastodon', canonical: 'https://hachyderm.io/@nova/109000000000000002' },
    { input: 'https://infosec.exchange/@someone/111000000000000003', platform: 'mastodon', canonical: 'https://infosec.exchange/@someone/111000000000000003' },
    { input: 'https://mas.to/@someone/111000000000000004', platform: 'mastodon', canonical: 'https://mas.to/@someone/111000000000000004' },
    { input: 'https://mstdn.social/@someone/111000000000000005', platform: 'mastodon', canonical: 'https://mstdn.social/@someone/111000000000000005' },
    { input: 'https://mastodon.online/@someone/111000000000000006', platform: 'mastodon', canonical: 'https://mastodon.online/@someone/111000000000000006' },
    { input: 'https://mastodon.world/@someone/111000000000000007', platform: 'mastodon', canonical: 'https://mastodon.world/@someone/111000000000000007' },
    { input: 'https://techhub.social/@someone/111000000000000008', platform: 'mastodon', canonical: 'https://techhub.social/@someone/111000000000000008' },
    { input: 'https://universeodon.com/@someone/111000000000000009', platform: 'mastodon', canonical: 'https://universeodon.com/@someone/111000000000000009' },
    { input: 'https://mastodon.social/@Gargron', platform: 'mastodon', canonical: 'https://mastodon.social/@Gargron', denotes: 'page' },
    { input: 'https://mastodon.social/explore/', platform: 'mastodon', canonical: 'https://mastodon.social/explore', denotes: 'page' },
    { input: 'https://social.example/@someone/111000000000000010', platform: 'none', canonical: 'https://social.example/@someone/111000000000000010' },
  ]);

  describe('handle case', () => {
    const ids = { instance: 'mastodon.social', id: '109318821117356215' };

    it('when the instance spells the URL\'s username in another case (acct), gives the canonical URL with its spelling', () => {
      expect(mastodonRespelledUrl({ ...ids, user: 'gargron' }, 'Gargron')).to.equal('https://mastodon.social/@Gargron/109318821117356215');
      expect(mastodonRespelledUrl({ ...ids, user: 'someone@fosstodon.org' }, 'SomeOne@fosstodon.org')).to.equal('https://mastodon.social/@SomeOne@fosstodon.org/109318821117356215');
    });

    it('when the instance spells it the same, gives the canonical URL as it is (the instance spelled it)', () => {
      expect(mastodonRespelledUrl({ ...ids, user: 'Gargron' }, 'Gargron')).to.equal(`https://${ids.instance}/@Gargron/${ids.id}`);
    });

    it('when the instance names another account, or the acct is no username, gives nothing', () => {
      expect(mastodonRespelledUrl({ ...ids, user: 'gargron' }, 'someone')).to.equal(undefined);
      expect(mastodonRespelledUrl({ ...ids, user: 'gargron' }, 'gargron@mastodon.social')).to.equal(undefined);
      expect(mastodonRespelledUrl({ ...ids, user: 'gar/gron' }, 'Gar/Gron')).to.equal(undefined);
    });

    samePost(
      ['https://mastodon.social/@Gargron/109318821117356215', 'https://mastodon.social/@gargron/109318821117356215', 'https://www.mastodon.social/users/GARGRON/statuses/109318821117356215'],
      ['https://mastodon.social/@Gargron/109318821117356215', 'https://mastodon.social/@gargron/109318821117356215', 'https://mastodon.social/@GARGRON/109318821117356215'],
    );
    samePost(['https://mastodon.social/@Someone@Fosstodon.org/1', 'https://mastodon.social/@someone@fosstodon.org/1'], ['https://mastodon.social/@Someone@Fosstodon.org/1', 'https://mastodon.social/@someone@fosstodon.org/1']);
  });

  describe('with MASTODON_INSTANCES', () => {
    canonicalTable(
      [
        { input: 'https://social.example/@someone/111000000000000010', platform: 'mastodon', canonical: 'https://social.example/@someone/111000000000000010', denotes: 'post' },
        { input: 'https://Social.Example./users/someone/statuses/111000000000000010', platform: 'mastodon', canonical: 'https://social.example/@someone/111000000000000010' },
        { input: 'https://mastodon.social/@gargron/109318821117356215', platform: 'mastodon', canonical: 'https://mastodon.social/@gargron/109318821117356215' },
        { input: 'https://xn--bcher-kva.example/@someone/1', platform: 'mastodon', canonical: 'https://xn--bcher-kva.example/@someone/1' },
      ],
      createSpecList({ mastodonInstances: ['social.example', 'bücher.example', ' '] }),
    );
  });
});

// The X and Mastodon adapters report the post's canonical URL with the URL's handle as the platform
// spells it (X `screen_name`, Mastodon `acct`) when the two differ only in case (docs/design.md §3), and
// only for the account that owns the post id: never a repost's or a boost's original author.
import { expect } from 'chai';
import nock from 'nock';
import type { AdapterResult, PostRef } from '../../src/application/ports/platform-adapter.port.js';
import { createSpecList } from '../../src/domain/platforms/index.js';
import { MastodonAdapter } from '../../src/infrastructure/platforms/mastodon/index.js';
import { TwitterAdapter } from '../../src/infrastructure/platforms/twitter/index.js';
import { testHttpClient } from '../support/http.js';

const ID = '1790000000000888001';

function xPost(user?: string): PostRef {
  return { platform: 'twitter', canonicalUrl: `https://x.com/${user ?? 'i'}/status/${ID}`, contentId: ID, ids: user ? { user, id: ID } : { id: ID } };
}

function syndicationAnswer(body: object): void {
  nock('https://cdn.syndication.twimg.com').get('/tweet-result').query(true).reply(200, body);
}

function tweet(id: string, screenName: string, text = 'Liftoff'): object {
  return { __typename: 'Tweet', id_str: id, text, user: { screen_name: screenName, name: 'Someone' }, entities: {}, mediaDetails: [] };
}

/** GraphQL's TweetResultByRestId answer (reached once syndication refuses with 429). */
function graphqlAnswer(result: object): void {
  nock('https://cdn.syndication.twimg.com').get('/tweet-result').query(true).reply(429, '');
  nock('https://api.x.com').post('/1.1/guest/activate.json').reply(200, { guest_token: '1790000000000900009' });
  nock('https://api.x.com')
    .get(/\/TweetResultByRestId/)
    .query(true)
    .reply(200, { data: { tweetResult: { result } } });
}

function graphqlTweet(id: string, screenName: string, extra: object = {}): object {
  return {
    __typename: 'Tweet',
    rest_id: id,
    core: { user_results: { result: { __typename: 'User', core: { screen_name: screenName, name: 'Someone' } } } },
    legacy: { id_str: id, full_text: 'Liftoff', entities: {}, ...extra },
  };
}

async function resolveX(post: PostRef): Promise<AdapterResult> {
  return new TwitterAdapter(testHttpClient(), { credential: () => undefined }).resolve(post, AbortSignal.timeout(5000));
}

function spelling(result: AdapterResult): string | undefined {
  expect(result.ok, JSON.stringify(result)).to.equal(true);
  return result.ok ? result.canonicalUrl : undefined;
}

describe('platform spelling of the URL handle', () => {
  afterEach(() => nock.cleanAll());

  describe('X', () => {
    it('when the syndication answer spells the URL\'s handle in another case, reports the canonical URL with its spelling', async () => {
      syndicationAnswer(tweet(ID, 'SpaceX'));
      expect(spelling(await resolveX(xPost('spacex')))).to.equal(`https://x.com/SpaceX/status/${ID}`);
    });

    it('when the spelling is the URL\'s already, reports it (the platform spelled it); when the URL names no handle, reports none', async () => {
      syndicationAnswer(tweet(ID, 'SpaceX'));
      expect(spelling(await resolveX(xPost('SpaceX')))).to.equal(`https://x.com/SpaceX/status/${ID}`);
      syndicationAnswer(tweet(ID, 'SpaceX'));
      expect(spelling(await resolveX(xPost()))).to.equal(undefined);
    });

    it('when the syndication answer is another post than the one asked for, reports none', async () => {
      syndicationAnswer(tweet('1790000000000888999', 'SpaceX'));
      expect(spelling(await resolveX(xPost('spacex')))).to.equal(undefined);
    });

    it('when GraphQL answers, reports the spelling of the post\'s own author', async () => {
      graphqlAnswer(graphqlTweet(ID, 'SpaceX'));
      expect(spelling(await resolveX(xPost('SPACEX')))).to.equal(`https://x.com/SpaceX/status/${ID}`);
    });

    it('when GraphQL answers a repost, reports none for the reposted author the URL named (the id is the reposter\'s)', async () => {
      const original = graphqlTweet('1790000000000888002', 'SpaceX');
      graphqlAnswer(graphqlTweet(ID, 'reposter', { retweeted_status_result: { result: original } }));
      const result = await resolveX(xPost('spacex'));
      expect(result.ok && result.card.author?.url).to.equal('https://x.com/SpaceX');
      expect(spelling(result)).to.equal(undefined);
    });
  });

  describe('Mastodon', () => {
    const STATUS = '113900000000009001';
    const post = (user: string): PostRef => ({
      platform: 'mastodon',
      canonicalUrl: `https://mastodon.social/@${user}/${STATUS}`,
      contentId: `mastodon.social/${STATUS}`,
      ids: { instance: 'mastodon.social', user, id: STATUS },
    });
    const status = (id: string, acct: string, extra: object = {}) => ({
      id,
      content: '<p>Toot</p>',
      account: { acct, url: `https://mastodon.social/@${acct}`, display_name: 'Someone' },
      media_attachments: [],
      ...extra,
    });
    const resolve = (body: object, user: string) => {
      nock('https://mastodon.social').get(`/api/v1/statuses/${STATUS}`).reply(200, body);
      return new MastodonAdapter(testHttpClient(), createSpecList()).resolve(post(user), AbortSignal.timeout(5000));
    };

    it('when the status\'s acct spells the URL\'s username in another case, reports the canonical URL with its spelling', async () => {
      expect(spelling(await resolve(status(STATUS, 'Gargron'), 'gargron'))).to.equal(`https://mastodon.social/@Gargron/${STATUS}`);
    });

    it('when the status is a boost, reports none for the boosted author the URL named (the status is the booster\'s)', async () => {
      const result = await resolve(status(STATUS, 'booster', { reblog: status('113900000000009002', 'Gargron') }), 'gargron');
      expect(result.ok && result.card.author?.url).to.equal('https://mastodon.social/@Gargron');
      expect(spelling(result)).to.equal(undefined);
    });
  });
});

// Handles keep the case the URL gives them, and a title slug names the same post (docs/design.md §3),
// through the whole service: /canonical answers the URL's spelling, and case variants or a slugged
// URL of one post share one cache entry (the key is the content id), so one upstream request.
import { expect } from 'chai';
import type { Redis } from 'ioredis';
import nock from 'nock';
import { exchangeBody, exchangeMatches, loadRecordedExchanges } from '../../src/infrastructure/http/recorded-exchanges.js';
import { q, TestApp } from '../support/app.js';
import { fixturePath, rawHeaders } from '../support/fixtures.js';
import { adminClient, describeWithRedis, REDIS_URL, uniquePrefix } from '../support/redis.js';

const POST_ID = '1790000000000777001';

/** X's syndication answer for post POST_ID by @SpaceX (only the fields the adapter reads). */
function syndicationTweet(): object {
  return { __typename: 'Tweet', id_str: POST_ID, text: 'Liftoff', user: { screen_name: 'SpaceX', name: 'SpaceX' }, entities: {}, mediaDetails: [] };
}

/** Answers X's syndication API for POST_ID, counting the requests. */
function syndication(): { calls: number } {
  const upstream = { calls: 0 };
  nock('https://cdn.syndication.twimg.com')
    .persist()
    .get('/tweet-result')
    .query((query) => query['id'] === POST_ID)
    .reply(() => {
      upstream.calls++;
      return [200, syndicationTweet()];
    });
  return upstream;
}

/** Registers a recorded fixture's exchanges (any number of times), counting the requests. */
function countedFixture(platform: string, scenario: string): { calls: number } {
  const upstream = { calls: 0 };
  for (const def of loadRecordedExchanges(fixturePath(platform, scenario))) {
    nock(def.scope)
      .persist()
      .intercept((uri: string) => exchangeMatches(def, def.method, new URL(uri, def.scope)), def.method.toUpperCase())
      .reply(
        def.status ?? 200,
        () => {
          upstream.calls++;
          return exchangeBody(def);
        },
        rawHeaders(def),
      );
  }
  return upstream;
}

function withoutCacheHit(body: Record<string, unknown>): Record<string, unknown> {
  const { cacheHit: _, ...rest } = body;
  return rest;
}

describe('handle case and title slugs over HTTP', () => {
  let app: TestApp;
  beforeEach(async () => {
    app = await TestApp.start();
  });
  afterEach(async () => {
    nock.cleanAll();
    await app.close();
  });

  it('when /canonical is given https://x.com/SpaceX/status/1, answers https://x.com/SpaceX/status/1', async () => {
    const res = await app.get(`/api/v1/canonical?url=${q('https://x.com/SpaceX/status/1')}`);
    expect(res.status).to.equal(200);
    expect(res.body).to.deep.equal({ platform: 'twitter', canonicalUrl: 'https://x.com/SpaceX/status/1' });
  });

  it('when /canonical is given a Mastodon @Gargron post or a Bluesky handle in capitals, keeps Gargron and lower-cases the Bluesky handle', async () => {
    const mastodon = await app.get(`/api/v1/canonical?url=${q('https://mastodon.social/users/Gargron/statuses/109318821117356215')}`);
    expect(mastodon.body).to.deep.equal({ platform: 'mastodon', canonicalUrl: 'https://mastodon.social/@Gargron/109318821117356215' });
    const bluesky = await app.get(`/api/v1/canonical?url=${q('https://bsky.app/profile/Jay.Bsky.Team/post/3l6oveex3ii2l')}`);
    expect(bluesky.body).to.deep.equal({ platform: 'bluesky', canonicalUrl: 'https://bsky.app/profile/jay.bsky.team/post/3l6oveex3ii2l' });
  });

  it('when two case variants of one X post are resolved, makes one upstream request and answers the second from the cache', async () => {
    const upstream = syndication();
    const first = await app.get(`/api/v1/resolve?url=${q(`https://x.com/SpaceX/status/${POST_ID}`)}`);
    expect(first.body).to.include({ status: 'ok', platform: 'twitter', canonicalUrl: `https://x.com/SpaceX/status/${POST_ID}`, cacheHit: false, description: 'Liftoff' });
    const second = await app.get(`/api/v1/resolve?url=${q(`https://twitter.com/spacex/status/${POST_ID}`)}`);
    expect(second.body).to.include({ status: 'ok', cacheHit: true });
    expect(withoutCacheHit(second.body)).to.deep.equal(withoutCacheHit(first.body));
    expect(upstream.calls).to.equal(1);
  });

  it('when the first request spells the handle in another case than X, answers every case variant with X\'s spelling from one upstream request', async () => {
    const upstream = syndication();
    const lower = await app.get(`/api/v1/resolve?url=${q(`https://x.com/spacex/status/${POST_ID}`)}`);
    expect(lower.body).to.include({ status: 'ok', canonicalUrl: `https://x.com/SpaceX/status/${POST_ID}`, cacheHit: false });
    const upper = await app.get(`/api/v1/resolve?url=${q(`https://x.com/SPACEX/status/${POST_ID}`)}`);
    expect(upper.body).to.include({ status: 'ok', canonicalUrl: `https://x.com/SpaceX/status/${POST_ID}`, cacheHit: true });
    expect(upstream.calls).to.equal(1);
    // /canonical fetches nothing: it keeps the URL's own spelling.
    const canonical = await app.get(`/api/v1/canonical?url=${q(`https://x.com/spacex/status/${POST_ID}`)}`);
    expect(canonical.body).to.deep.equal({ platform: 'twitter', canonicalUrl: `https://x.com/spacex/status/${POST_ID}` });
  });

  it('when another spelling of the post was cached first and X did not spell it, answers each request under its own canonical URL from the one entry', async () => {
    const upstream = syndication();
    const first = await app.get(`/api/v1/resolve?url=${q(`https://x.com/i/status/${POST_ID}`)}`);
    expect(first.body).to.include({ status: 'ok', canonicalUrl: `https://x.com/i/status/${POST_ID}`, cacheHit: false });
    const second = await app.get(`/api/v1/resolve?url=${q(`https://twitter.com/SomeoneElse/status/${POST_ID}`)}`);
    expect(second.body).to.include({ status: 'ok', canonicalUrl: `https://x.com/SomeoneElse/status/${POST_ID}`, cacheHit: true });
    expect(upstream.calls).to.equal(1);
  });

  it('when /canonical is given a Facebook post URL with the title slug of its rel=canonical, answers the URL without the slug', async () => {
    const slugged = await app.get(`/api/v1/canonical?url=${q('https://www.facebook.com/LittleMix/posts/-nothing-comes-between-us-/567261421429868/')}`);
    expect(slugged.body).to.deep.equal({ platform: 'facebook', canonicalUrl: 'https://www.facebook.com/LittleMix/posts/567261421429868' });
  });

  it('when a Facebook post is resolved with its title slug and then without, resolves it once and answers both alike', async () => {
    const upstream = countedFixture('facebook', 'post-text');
    const slugged = await app.get(`/api/v1/resolve?url=${q('https://www.facebook.com/harbourbakery/posts/fresh-rye-this-morning/1234567890123456/')}`);
    expect(slugged.body).to.include({ status: 'ok', platform: 'facebook', canonicalUrl: 'https://www.facebook.com/harbourbakery/posts/1234567890123456', cacheHit: false });
    const plain = await app.get(`/api/v1/resolve?url=${q('https://www.facebook.com/harbourbakery/posts/1234567890123456')}`);
    expect(plain.body).to.include({ cacheHit: true });
    expect(withoutCacheHit(plain.body)).to.deep.equal(withoutCacheHit(slugged.body));
    expect(upstream.calls).to.equal(1);
  });
});

/** The result-cache keys under `prefix` (SCAN: never KEYS on the shared Redis). */
async function resultKeys(client: Redis, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  let cursor = '0';
  do {
    const [next, found] = await client.scan(cursor, 'MATCH', `${prefix}r1:*`, 'COUNT', 500);
    keys.push(...found);
    cursor = next;
  } while (cursor !== '0');
  return keys;
}

describeWithRedis('handle case with the Redis cache', () => {
  const prefix = uniquePrefix('handle-case');
  const admin = adminClient(prefix);
  let app: TestApp;
  before(async () => {
    app = await TestApp.start({ REDIS_URL, REDIS_KEY_PREFIX: prefix });
  });
  after(async () => {
    nock.cleanAll();
    await app?.close();
  });

  it('when two case variants of one X post are resolved, stores one entry under the post id and makes one upstream request', async () => {
    const upstream = syndication();
    await app.get(`/api/v1/resolve?url=${q(`https://x.com/spacex/status/${POST_ID}`)}`);
    const second = await app.get(`/api/v1/resolve?url=${q(`https://x.com/SPACEX/status/${POST_ID}`)}`);
    expect(second.body).to.include({ status: 'ok', cacheHit: true });
    expect(upstream.calls).to.equal(1);
    expect(await resultKeys(admin(), prefix)).to.deep.equal([`${prefix}r1:twitter:${POST_ID}`]);
  });
});

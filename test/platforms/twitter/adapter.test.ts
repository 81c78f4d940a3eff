// The X adapter through the real HTTP adapter, answered by the nock fixtures in
// test/platforms/twitter/fixtures/ (our own users, ids and texts, shaped like X's answers). Each fixture
// exchange is answered once, in order, so the requests listed by each test are exactly those made.
import { expect } from 'chai';
import nock from 'nock';
import type { UpstreamError } from '../../../src/application/errors.js';
import type { PlatformCredentials } from '../../../src/application/credentials.js';
import type { AdapterResult, PostRef } from '../../../src/application/ports/platform-adapter.port.js';
import type { Card } from '../../../src/domain/card.js';
import type { RecordedExchange } from '../../../src/infrastructure/http/recorded-exchanges.js';
import { tombstoneReason } from '../../../src/infrastructure/platforms/twitter/card.js';
import { parseTweetResult, parseTweetResultByRestId } from '../../../src/infrastructure/platforms/twitter/tweet-result.js';
import { syndicationToken, syndicationUrl } from '../../../src/infrastructure/platforms/twitter/syndication.js';
import { given, type Given } from '../../support/given.js';
import { twitter as twitterSpec } from '../../../src/domain/platforms/twitter.js';
import { capabilitiesOf } from '../../../src/domain/platforms/platform-spec.js';

const SYN = 'GET cdn.syndication.twimg.com/tweet-result';
const ACTIVATE = 'POST api.x.com/1.1/guest/activate.json';
const GQL = 'GET api.x.com/graphql/f2sagi1jweVHFkTUIHzmMQ/TweetResultByRestId';
const TOKEN_A = '1790000000000900001';
const TOKEN_B = '1790000000000900002';
const SESSION = { auth_token: 'a1b2c3d4e5f6a7b8c9d0sessiontoken', ct0: 'c5f0e1d2c3b4a5968778695a4b3c2d1e' };
const VIDEO = 'https://video.twimg.com';
const MEDIA = 'https://pbs.twimg.com/media';

interface Sent {
  route: string;
  headers: Record<string, string>;
}

type NockOptions = (def: RecordedExchange) => nock.Options;

type XOptions = { credentials?: PlatformCredentials; nock?: NockOptions; skip?: (def: RecordedExchange) => boolean };

/** X under test: every exchange of the fixture answered once, in file order (`skip` leaves some out). */
function xWith(scenarios: string | string[] = [], options: XOptions = {}): Given<'twitter'> {
  const { skip } = options;
  return given('twitter', scenarios, { once: true, credentials: options.credentials ?? {}, headerRules: options.nock, only: skip && ((def) => !skip(def)) });
}

/** Each request the adapter made: method, host and path, and its headers. */
function sentOf(under: Given): Sent[] {
  return under.requests.map((request) => {
    const url = new URL(request.url);
    return { route: `${request.method} ${url.host}${url.pathname}`, headers: { ...request.headers } };
  });
}

function postRef(id: string): PostRef {
  return { platform: 'twitter', canonicalUrl: `https://x.com/i/status/${id}`, contentId: id, ids: { id } };
}

async function resolve(scenario: string, id: string, options: Omit<XOptions, 'skip'> = {}): Promise<{ result: AdapterResult; routes: string[]; sent: Sent[] }> {
  const x = xWith(scenario, options);
  const { result } = await x.resolvePost(postRef(id));
  expect(nock.pendingMocks(), 'every fixture exchange was requested').to.deep.equal([]);
  const sent = sentOf(x);
  return { result, routes: sent.map((s) => s.route), sent };
}

function ok(card: Card): AdapterResult {
  return { ok: true, card };
}

const marta = { title: 'Marta Kowalczyk (@marta_bakes)', author: { name: 'Marta Kowalczyk', url: 'https://x.com/marta_bakes' } };
const noah = { title: 'Noah Brandt (@noah_codes)', author: { name: 'Noah Brandt', url: 'https://x.com/noah_codes' } };

describe('twitter adapter', () => {
  afterEach(() => nock.cleanAll());

  describe('syndication (first strategy)', () => {
    it('when the post is a reply with one photo and a link, returns an image card at the original size, the link written out, mentions and the media link dropped', async () => {
      const { result, routes } = await resolve('syndication-photo', '1790000000000000101');
      expect(result).to.deep.equal(
        ok({
          kind: 'image',
          ...marta,
          description: '🍞 Proof the starter works: crumb & notes at https://bakery.example/notes/starter-week-3',
          nsfw: false,
          image: { url: `${MEDIA}/GnPhotoAAA1.jpg?name=orig`, width: 3000, height: 2000 },
        }),
      );
      expect(routes).to.deep.equal([SYN]);
    });

    it('when the post has three photos, returns a gallery of the three in post order', async () => {
      const images = [
        { url: `${MEDIA}/GnLoafRye01.jpg?name=orig`, width: 2400, height: 1600 },
        { url: `${MEDIA}/GnLoafSpelt.jpg?name=orig`, width: 1600, height: 2400 },
        { url: `${MEDIA}/GnLoafWheat.jpg?name=orig`, width: 2000, height: 2000 },
      ];
      const { result } = await resolve('syndication-gallery', '1790000000000000102');
      expect(result).to.deep.equal(ok({ kind: 'gallery', ...marta, description: 'Three loaves, three flours', nsfw: false, image: images[0], images }));
    });

    it('when the post has a video, returns the MP4 variant with the highest bitrate, its size from its path, and the poster', async () => {
      const { result } = await resolve('syndication-video', '1790000000000000103');
      const base = `${VIDEO}/ext_tw_video/1790000000000000990/pu`;
      expect(result).to.deep.equal(
        ok({
          kind: 'video',
          ...marta,
          description: 'Shaping a batard, full speed',
          nsfw: false,
          video: { url: `${base}/vid/avc1/1280x720/Large0001.mp4?tag=12`, mimeType: 'video/mp4', width: 1280, height: 720 },
          image: { url: 'https://pbs.twimg.com/ext_tw_video_thumb/1790000000000000990/pu/img/PosterFrame01.jpg', width: 1920, height: 1080 },
        }),
      );
    });

    it('when the post has a GIF, returns it as an MP4 video', async () => {
      const { result } = await resolve('syndication-gif', '1790000000000000104');
      expect(result).to.deep.equal(
        ok({
          kind: 'video',
          ...marta,
          description: 'when the dough finally rises',
          nsfw: false,
          video: { url: `${VIDEO}/tweet_video/GnGifRising.mp4`, mimeType: 'video/mp4', width: 498, height: 280 },
          image: { url: 'https://pbs.twimg.com/tweet_video_thumb/GnGifRising.jpg', width: 498, height: 280 },
        }),
      );
    });

    it("when the post quotes a post with photos and has none of its own, returns the quoted post's photos with its own text", async () => {
      const images = [
        { url: `${MEDIA}/GnCrumbOne1.jpg?name=orig`, width: 1200, height: 900 },
        { url: `${MEDIA}/GnCrumbTwo1.jpg?name=orig`, width: 900, height: 1200 },
      ];
      const { result } = await resolve('syndication-quote', '1790000000000000105');
      expect(result).to.deep.equal(ok({ kind: 'gallery', ...marta, description: 'This is the one I meant', nsfw: false, image: images[0], images }));
    });

    it('when the post is possibly_sensitive, returns nsfw true', async () => {
      const { result } = await resolve('syndication-sensitive', '1790000000000000106');
      expect(result).to.deep.equal(
        ok({
          kind: 'image',
          title: 'Ines Duarte (@ines_draws)',
          author: { name: 'Ines Duarte', url: 'https://x.com/ines_draws' },
          description: 'Life drawing, week 3',
          nsfw: true,
          image: { url: `${MEDIA}/GnFigure001.jpg?name=orig`, width: 1400, height: 2000 },
        }),
      );
    });

    it("when the post has a link card, returns a link card with the card's largest picture and the link written out", async () => {
      const { result } = await resolve('syndication-link-card', '1790000000000000107');
      expect(result).to.deep.equal(
        ok({
          kind: 'link',
          ...marta,
          description: 'New post on proofing baskets https://bakery.example/posts/proofing-baskets',
          nsfw: false,
          image: { url: 'https://pbs.twimg.com/card_img/1790000000000000777/BasketCd?format=jpg&name=orig', width: 1200, height: 628 },
        }),
      );
    });

    const refusals: { scenario: string; id: string; when: string; reason: string }[] = [
      { scenario: 'syndication-empty', id: '1790000000000000108', when: 'answers {}', reason: 'not-found' },
      { scenario: 'syndication-404', id: '1790000000000000109', when: 'answers 404', reason: 'not-found' },
      { scenario: 'syndication-tombstone-deleted', id: '1790000000000000110', when: 'answers a "deleted" tombstone', reason: 'not-found' },
      { scenario: 'syndication-tombstone-age', id: '1790000000000000111', when: 'answers an age-restricted tombstone (no session)', reason: 'age-restricted' },
      { scenario: 'syndication-tombstone-protected', id: '1790000000000000112', when: 'answers a "limits who can view" tombstone (no session)', reason: 'private' },
    ];
    for (const { scenario, id, when, reason } of refusals) {
      it(`when syndication ${when}, returns ${reason} without asking GraphQL`, async () => {
        const { result, routes } = await resolve(scenario, id);
        expect(result).to.deep.equal({ ok: false, reason });
        expect(routes).to.deep.equal([SYN]);
      });
    }
  });

  describe('guest GraphQL (second strategy)', () => {
    it('when syndication is throttled, takes a guest token and returns the long post with its whole note_tweet text', async () => {
      const { result, routes } = await resolve('graphql-long-post', '1790000000000000201');
      const note = 'A long thread about sourdough hydration, written as one post. ' + 'Water matters more than flour. '.repeat(12) + 'Full table: https://bakery.example/hydration-table';
      expect(result).to.deep.equal(
        ok({ kind: 'image', ...noah, description: note, nsfw: false, image: { url: `${MEDIA}/GnHydration.jpg?name=orig`, width: 1600, height: 1200 } }),
      );
      expect(routes).to.deep.equal([SYN, ACTIVATE, GQL]);
    });

    const unavailable: { scenario: string; id: string; when: string; reason: string }[] = [
      { scenario: 'graphql-nsfw-logged-out', id: '1790000000000000202', when: 'TweetUnavailable NsfwLoggedOut', reason: 'age-restricted' },
      { scenario: 'graphql-protected', id: '1790000000000000203', when: 'TweetUnavailable Protected', reason: 'private' },
      { scenario: 'graphql-suspended', id: '1790000000000000204', when: 'TweetUnavailable Suspended', reason: 'not-found' },
      { scenario: 'graphql-tombstone', id: '1790000000000000205', when: 'a TweetTombstone', reason: 'not-found' },
      { scenario: 'graphql-empty', id: '1790000000000000206', when: 'an empty tweetResult', reason: 'not-found' },
      { scenario: 'graphql-query-retired', id: '1790000000000000211', when: '404 (a retired query id, not a missing post)', reason: 'upstream-error' },
    ];
    for (const { scenario, id, when, reason } of unavailable) {
      it(`when syndication fails and GraphQL answers ${when}, returns ${reason}`, async () => {
        const { result, routes } = await resolve(scenario, id);
        expect(result).to.deep.equal({ ok: false, reason });
        expect(routes).to.deep.equal([SYN, ACTIVATE, GQL]);
      });
    }

    it('when the tweet comes as TweetWithVisibilityResults with photo warnings, returns the gallery with nsfw true', async () => {
      const images = [
        { url: `${MEDIA}/GnStormOne1.jpg?name=orig`, width: 2048, height: 1365 },
        { url: `${MEDIA}/GnStormTwo1.jpg?name=orig`, width: 1365, height: 2048 },
      ];
      const { result } = await resolve('graphql-visibility-results', '1790000000000000207');
      expect(result).to.deep.equal(
        ok({
          kind: 'gallery',
          title: 'Lena Fischer (@lena_f)',
          author: { name: 'Lena Fischer', url: 'https://x.com/lena_f' },
          description: 'Storm over the harbour, two frames',
          nsfw: true,
          image: images[0],
          images,
        }),
      );
    });

    it('when the id is a repost, returns the reposted post with its author and video', async () => {
      const base = `${VIDEO}/ext_tw_video/1790000000000000991/pu`;
      const { result } = await resolve('graphql-repost', '1790000000000000208');
      expect(result).to.deep.equal(
        ok({
          kind: 'video',
          title: 'Oven Club (@oven_club)',
          author: { name: 'Oven Club', url: 'https://x.com/oven_club' },
          description: 'Bake-along starts at 10',
          nsfw: false,
          video: { url: `${base}/vid/avc1/1280x720/Large0001.mp4?tag=12`, mimeType: 'video/mp4', width: 1280, height: 720 },
          image: { url: 'https://pbs.twimg.com/ext_tw_video_thumb/1790000000000000991/pu/img/PosterFrame01.jpg', width: 1920, height: 1080 },
        }),
      );
    });

    it('when GraphQL refuses the guest token with 403, takes a new token and retries once with it', async () => {
      const { result, routes, sent } = await resolve('graphql-token-refresh', '1790000000000000209');
      expect(result).to.deep.equal(
        ok({
          kind: 'video',
          ...noah,
          description: 'Second try',
          nsfw: false,
          video: { url: `${VIDEO}/tweet_video/GnGifSecond.mp4`, mimeType: 'video/mp4', width: 498, height: 280 },
          image: { url: 'https://pbs.twimg.com/tweet_video_thumb/GnGifSecond.jpg', width: 498, height: 280 },
        }),
      );
      expect(routes).to.deep.equal([SYN, ACTIVATE, GQL, ACTIVATE, GQL]);
      const tokens = sent.filter((s) => s.route === GQL).map((s) => s.headers['x-guest-token']);
      expect(tokens).to.deep.equal([TOKEN_A, TOKEN_B]);
    });

    it('when GraphQL answers 429 to the new token too, returns rate-limited after one retry', async () => {
      const { result, routes } = await resolve('graphql-token-spent', '1790000000000000210');
      expect(result).to.deep.equal({ ok: false, reason: 'rate-limited' });
      expect(routes).to.deep.equal([SYN, ACTIVATE, GQL, ACTIVATE, GQL]);
    });

    it('when activate.json answers 403 after syndication was throttled, returns blocked', async () => {
      const { result, routes } = await resolve('graphql-activation-refused', '1790000000000000212');
      expect(result).to.deep.equal({ ok: false, reason: 'blocked' });
      expect(routes).to.deep.equal([SYN, ACTIVATE]);
    });

    it('when a second post is resolved by the same adapter, reuses the guest token', async () => {
      const under = xWith('graphql-token-reused');
      const x = under.adapter;
      const first = await x.resolve(postRef('1790000000000000213'), AbortSignal.timeout(5000));
      const second = await x.resolve(postRef('1790000000000000214'), AbortSignal.timeout(5000));
      expect([first, second]).to.deep.equal([ok({ kind: 'link', ...noah, description: 'first of two', nsfw: false }), ok({ kind: 'link', ...noah, description: 'second of two', nsfw: false })]);
      expect(sentOf(under).map((s) => s.route)).to.deep.equal([SYN, ACTIVATE, GQL, SYN, GQL]);
      expect(sentOf(under).filter((s) => s.route === GQL).map((s) => s.headers['x-guest-token'])).to.deep.equal([TOKEN_A, TOKEN_A]);
    });

    it('when two posts are resolved at once, they share one guest token activation', async () => {
      const under = xWith('graphql-token-reused');
      const x = under.adapter;
      const results = await Promise.all(['1790000000000000213', '1790000000000000214'].map((id) => x.resolve(postRef(id), AbortSignal.timeout(5000))));
      expect(results.map((r) => r.ok && r.card.description)).to.deep.equal(['first of two', 'second of two']);
      expect(sentOf(under).filter((s) => s.route === ACTIVATE)).to.have.length(1);
    });

    it("when the activation it joined is cut short by the other resolve's budget, takes a token of its own", async () => {
      const first = '1790000000000000297';
      nock('https://cdn.syndication.twimg.com').get(/^\/tweet-result/).times(2).reply(429, '');
      nock('https://api.x.com').post('/1.1/guest/activate.json').delay(400).reply(200, { guest_token: TOKEN_A });
      nock('https://api.x.com').post('/1.1/guest/activate.json').reply(200, { guest_token: TOKEN_B });
      const under = xWith('graphql-token-reused', { skip: (def) => !def.path.includes('1790000000000000214') || def.scope.includes('syndication') });
      const x = under.adapter;
      const cut = x.resolve(postRef(first), AbortSignal.timeout(150)).catch((e: unknown) => (e as UpstreamError).code);
      await new Promise((resolve) => setTimeout(resolve, 50));
      const second = await x.resolve(postRef('1790000000000000214'), AbortSignal.timeout(5000));
      expect(await cut).to.equal('UPSTREAM_TIMEOUT');
      expect(second).to.deep.equal(ok({ kind: 'link', ...noah, description: 'second of two', nsfw: false }));
      expect(sentOf(under).filter((s) => s.route === GQL).map((s) => s.headers['x-guest-token'])).to.deep.equal([TOKEN_B]);
    });

    it('when syndication gives a long post cut short, returns the whole text from GraphQL', async () => {
      const { result, routes } = await resolve('syndication-long-post', '1790000000000000215');
      const note = 'Notes from the regional bread fair. ' + 'Every stall had a different rye. '.repeat(10) + 'The end.';
      expect(result).to.deep.equal(ok({ kind: 'link', ...marta, description: note, nsfw: false }));
      expect(routes).to.deep.equal([SYN, ACTIVATE, GQL]);
    });

    it('when syndication gives a long post cut short and GraphQL fails, returns the syndication card with the cut text', async () => {
      const { result, routes } = await resolve('syndication-long-post-graphql-down', '1790000000000000215');
      const note = 'Notes from the regional bread fair. ' + 'Every stall had a different rye. '.repeat(10) + 'The end.';
      expect(result).to.deep.equal(ok({ kind: 'link', ...marta, description: note.slice(0, 275) + '…', nsfw: false }));
      expect(routes).to.deep.equal([SYN, ACTIVATE]);
    });

    it('when the syndication connection fails, goes on to GraphQL', async () => {
      nock('https://cdn.syndication.twimg.com').get(/^\/tweet-result/).replyWithError('socket hang up');
      const under = xWith('graphql-protected', { skip: (def) => def.scope.includes('syndication') });
      const x = under.adapter;
      expect(await x.resolve(postRef('1790000000000000203'), AbortSignal.timeout(5000))).to.deep.equal({ ok: false, reason: 'private' });
      expect(sentOf(under).map((s) => s.route)).to.deep.equal([SYN, ACTIVATE, GQL]);
    });

    it('when every connection fails, returns upstream-error after trying both strategies', async () => {
      nock('https://cdn.syndication.twimg.com').get(/^\/tweet-result/).replyWithError('socket hang up');
      nock('https://api.x.com').post('/1.1/guest/activate.json').replyWithError('socket hang up');
      const under = xWith();
      const x = under.adapter;
      expect(await x.resolve(postRef('1790000000000000299'), AbortSignal.timeout(5000))).to.deep.equal({ ok: false, reason: 'upstream-error' });
      expect(sentOf(under).map((s) => s.route)).to.deep.equal([SYN, ACTIVATE]);
    });

    it('when the resolve budget runs out during syndication, stops without asking GraphQL', async () => {
      nock('https://cdn.syndication.twimg.com').get(/^\/tweet-result/).delay(1000).reply(200, {});
      const activate = nock('https://api.x.com').post('/1.1/guest/activate.json').reply(200, { guest_token: TOKEN_A });
      const under = xWith();
      const x = under.adapter;
      const error = await x.resolve(postRef('1790000000000000298'), AbortSignal.timeout(100)).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect((error as UpstreamError).code).to.equal('UPSTREAM_TIMEOUT');
      expect(sentOf(under).map((s) => s.route)).to.deep.equal([SYN]);
      expect(activate.isDone()).to.equal(false);
    });
  });

  describe('credentials', () => {
    const sessionCookie = `auth_token=${SESSION.auth_token}; ct0=${SESSION.ct0}`;

    it('when session cookies are configured, GraphQL sends them with the ct0 CSRF token instead of a guest token, and sees the age-gated post', async () => {
      const { result, routes } = await resolve('session-age-gated', '1790000000000000216', {
        credentials: { twitter: { cookies: SESSION } },
        nock: (def) =>
          def.scope === 'https://api.x.com'
            ? { reqheaders: { cookie: sessionCookie, 'x-csrf-token': SESSION.ct0, 'x-twitter-auth-type': 'OAuth2Session' }, badheaders: ['x-guest-token'] }
            : { badheaders: ['cookie', 'x-csrf-token'] },
      });
      expect(result).to.deep.equal(
        ok({
          kind: 'image',
          title: 'Ines Duarte (@ines_draws)',
          author: { name: 'Ines Duarte', url: 'https://x.com/ines_draws' },
          description: 'Figure study, charcoal',
          nsfw: true,
          image: { url: `${MEDIA}/GnCharcoal1.jpg?name=orig`, width: 1500, height: 2100 },
        }),
      );
      expect(routes).to.deep.equal([SYN, GQL]);
      const serialised = JSON.stringify(result);
      expect(serialised).not.to.include(SESSION.auth_token);
      expect(serialised).not.to.include(SESSION.ct0);
    });

    it('when no credentials are configured, sends the guest token and no session header', async () => {
      const { result } = await resolve('graphql-nsfw-logged-out', '1790000000000000202', {
        nock: (def) =>
          def.path.startsWith('/graphql/')
            ? { reqheaders: { 'x-guest-token': TOKEN_A, cookie: `guest_id=v1%3A${TOKEN_A}` }, badheaders: ['x-csrf-token', 'x-twitter-auth-type'] }
            : { badheaders: ['cookie', 'x-csrf-token'] },
      });
      expect(result).to.deep.equal({ ok: false, reason: 'age-restricted' });
    });

    it('when the cookies lack ct0, stays a guest and sends none of them', async () => {
      const { result, routes, sent } = await resolve('graphql-nsfw-logged-out', '1790000000000000202', {
        credentials: { twitter: { cookies: { auth_token: SESSION.auth_token } } },
      });
      expect(result).to.deep.equal({ ok: false, reason: 'age-restricted' });
      expect(routes).to.deep.equal([SYN, ACTIVATE, GQL]);
      expect(JSON.stringify(sent)).not.to.include(SESSION.auth_token);
    });
  });

  describe('readShortLink', () => {
    const hops: { scenario: string; url: string; when: string; hop: unknown }[] = [
      { scenario: 'short-link-redirect', url: 'https://t.co/Ab12Cd34Ef', when: 't.co answers 301', hop: { ok: true, location: 'https://twitter.com/marta_bakes/status/1790000000000000101' } },
      { scenario: 'short-link-meta-refresh', url: 'https://t.co/Gh56Ij78Kl', when: 't.co answers 200 with a meta refresh', hop: { ok: true, location: 'https://x.com/noah_codes/status/1790000000000000201' } },
      { scenario: 'short-link-missing', url: 'https://t.co/Mn90Op12Qr', when: 't.co answers 404', hop: { ok: false, reason: 'not-found' } },
    ];
    for (const { scenario, url, when, hop } of hops) {
      it(`when ${when}, returns ${JSON.stringify(hop)}`, async () => {
        const under = xWith(scenario);
        const x = under.adapter;
        expect(await x.readShortLink(url, AbortSignal.timeout(5000))).to.deep.equal(hop);
        expect(sentOf(under).map((s) => s.route)).to.deep.equal([`GET t.co${new URL(url).pathname}`]);
      });
    }
  });

  it('when the post reference has no id, returns unsupported without a request', async () => {
    const under = xWith();
    const x = under.adapter;
    expect(await x.resolve({ ...postRef('1'), ids: {} }, AbortSignal.timeout(5000))).to.deep.equal({ ok: false, reason: 'unsupported' });
    expect(sentOf(under)).to.deep.equal([]);
  });

  it('declares every host it calls, t.co included, and the two media hosts', () => {
    const x = xWith().adapter;
    expect(x.upstreamHosts).to.deep.equal(['cdn.syndication.twimg.com', 'api.x.com', 't.co']);
    expect(twitterSpec.mediaHosts).to.deep.equal(['pbs.twimg.com', 'video.twimg.com']);
    // proxy: videos on video.twimg.com get a playableUrl when asked (needsProxy false does not stop it).
    expect(capabilitiesOf(twitterSpec)).to.deep.equal({ video: true, nsfw: true, shortLinks: true, proxy: true });
  });
});

// Shapes no fixture above carries, checked on bodies alone.
describe('twitter parsers', () => {
  const user = { result: { __typename: 'User', core: { name: 'Paul Klee', screen_name: 'paul_k' }, legacy: {} } };
  const photo = (key: string, extra: Record<string, unknown> = {}) => ({
    type: 'photo',
    media_url_https: `${MEDIA}/${key}.jpg`,
    original_info: { width: 800, height: 600 },
    url: 'https://t.co/MeDiA00001',
    ...extra,
  });
  const tweet = (legacy: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
    __typename: 'Tweet',
    core: { user_results: user },
    legacy: { full_text: 'hello', entities: {}, possibly_sensitive: false, ...legacy },
    ...extra,
  });
  const withMedia = (...media: unknown[]) => ({ extended_entities: { media } });

  it("computes the syndication token as the widget does (id 20 → '6dq1a2xwd93')", () => {
    expect(syndicationToken('20')).to.equal('6dq1a2xwd93');
    const url = new URL(syndicationUrl('20'));
    expect([url.host, url.pathname, url.searchParams.get('id'), url.searchParams.get('token'), url.searchParams.get('lang')]).to.deep.equal([
      'cdn.syndication.twimg.com',
      '/tweet-result',
      '20',
      '6dq1a2xwd93',
      'en',
    ]);
  });

  it("when the quoted post is a TweetWithVisibilityResults marked sensitive, borrows its photo and its nsfw flag", () => {
    const quoted = { __typename: 'TweetWithVisibilityResults', tweet: tweet({ possibly_sensitive: true, ...withMedia(photo('GnQuoted01')) }) };
    const result = parseTweetResult(tweet({}, { quoted_status_result: { result: quoted } }));
    expect(result.ok && result.card).to.deep.include({ kind: 'image', nsfw: true, image: { url: `${MEDIA}/GnQuoted01.jpg?name=orig`, width: 800, height: 600 } });
  });

  it("when the post has media of its own and quotes another, keeps its own and ignores the quoted post's flag", () => {
    const quoted = tweet({ possibly_sensitive: true, ...withMedia(photo('GnQuoted01')) });
    const result = parseTweetResult(tweet(withMedia(photo('GnOwnPic01')), { quoted_status_result: { result: quoted } }));
    expect(result.ok && result.card).to.deep.include({ kind: 'image', nsfw: false, image: { url: `${MEDIA}/GnOwnPic01.jpg?name=orig`, width: 800, height: 600 } });
  });

  it('when the quoted post is unavailable, borrows nothing and returns a link card', () => {
    const result = parseTweetResult(tweet({}, { quoted_status_result: { result: { __typename: 'TweetUnavailable', reason: 'Protected' } } }));
    expect(result.ok && result.card.kind).to.equal('link');
  });

  it('when a video offers only an HLS playlist, returns the playlist', () => {
    const hlsOnly = {
      type: 'video',
      media_url_https: 'https://pbs.twimg.com/amplify_video_thumb/1/img/P.jpg',
      original_info: { width: 1280, height: 720 },
      video_info: { variants: [{ content_type: 'application/x-mpegURL', url: `${VIDEO}/amplify_video/1/pl/List.m3u8` }] },
    };
    const result = parseTweetResult(tweet(withMedia(hlsOnly)));
    expect(result.ok && result.card.video).to.deep.equal({
      url: `${VIDEO}/amplify_video/1/pl/List.m3u8`,
      mimeType: 'application/vnd.apple.mpegurl',
      
      width: 1280,
      height: 720,
    });
  });

  it('when the text is only the media link, returns no description', () => {
    const result = parseTweetResult(tweet({ full_text: 'https://t.co/MeDiA00001', display_text_range: [0, 0], ...withMedia(photo('GnOnly0001')) }));
    expect(result.ok && 'description' in result.card).to.equal(false);
  });

  it('when the author has no display name, uses the handle as title and author name', () => {
    const nameless = { result: { __typename: 'User', legacy: { screen_name: 'quiet_one', name: '' } } };
    const result = parseTweetResult(tweet({}, { core: { user_results: nameless } }));
    expect(result.ok && [result.card.title, result.card.author]).to.deep.equal(['@quiet_one', { name: 'quiet_one', url: 'https://x.com/quiet_one' }]);
  });

  const reasons: [string, string][] = [
    ['Withheld', 'region-locked'],
    ['Deleted', 'not-found'],
    ['SomethingNew', 'not-found'],
  ];
  for (const [reason, expected] of reasons) {
    it(`when TweetUnavailable says ${reason}, returns ${expected}`, () => {
      expect(parseTweetResultByRestId({ data: { tweetResult: { result: { __typename: 'TweetUnavailable', reason } } } })).to.deep.equal({ ok: false, reason: expected });
    });
  }

  const tombstones: [string, string][] = [
    ['This Post is from a suspended account. Learn more', 'not-found'],
    ['This Post violated the X Rules. Learn more', 'not-found'],
    ['This Post has been withheld in Germany in response to a legal demand. Learn more', 'region-locked'],
    ['This Post has been withheld in response to a report from the copyright holder. Learn more', 'not-found'],
  ];
  for (const [text, expected] of tombstones) {
    it(`when a tombstone reads "${text.slice(0, 40)}…", returns ${expected}`, () => {
      expect(tombstoneReason({ text: { text } })).to.equal(expected);
    });
  }

  it('when the GraphQL answer has only errors, throws an UpstreamError with code UPSTREAM_BAD_RESPONSE', () => {
    expect(() => parseTweetResultByRestId({ errors: [{ message: 'Query: Unspecified' }] }))
      .to.throw(Error)
      .with.property('code', 'UPSTREAM_BAD_RESPONSE');
  });
});

// The X adapter through the real HTTP adapter, answered by the nock fixtures in
// test/platforms/twitter/fixtures/ (our own users, ids and texts, shaped like X's answers). Each fixture
// exchange is answered once, in order, so the requests listed by each test are exactly those made.
import { expect } from 'chai';
import nock from 'nock';
import type { UpstreamError } from '../../../src/application/errors.js';
import type { OneSessionEach } from '../../support/given.js';
import type { AdapterResult, PostRef } from '../../../src/application/ports/platform-adapter.port.js';
import type { Card } from '../../../src/domain/card.js';
import type { RecordedExchange } from '../../../src/infrastructure/http/recorded-exchanges.js';
import { tombstoneReason } from '../../../src/infrastructure/platforms/twitter/card.js';
import { parseTweetResult, parseTweetResultByRestId } from '../../../src/infrastructure/platforms/twitter/tweet-result.js';
import { parseSyndication, syndicationToken, syndicationUrl } from '../../../src/infrastructure/platforms/twitter/syndication.js';
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

type XOptions = { credentials?: OneSessionEach; nock?: NockOptions; skip?: (def: RecordedExchange) => boolean };

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

const AVATAR = 'https://pbs.twimg.com/profile_images';
const marta = {
  title: 'Marta Kowalczyk (@marta_bakes)',
  author: { name: 'Marta Kowalczyk', url: 'https://x.com/marta_bakes', handle: 'marta_bakes', avatar: `${AVATAR}/4400000001/marta_bakes_normal.jpg`, verified: false },
};
// The GraphQL fixtures' users state no check mark (no is_blue_verified, no verified): none in the card.
const noah = {
  title: 'Noah Brandt (@noah_codes)',
  author: { name: 'Noah Brandt', url: 'https://x.com/noah_codes', handle: 'noah_codes', avatar: `${AVATAR}/5500000001/noah_codes_normal.jpg` },
};
/** What the syndication fixtures' posts say of themselves: `created_at`, `lang`, `favorite_count`, `conversation_count`. */
const SYN_DETAILS = { publishedAt: '2024-05-14T09:30:00Z', lang: 'en', stats: { likes: 12, replies: 0 } };
/** The same for the GraphQL fixtures' posts, which report only `favorite_count`. */
const GQL_DETAILS = { publishedAt: '2024-05-14T09:30:00Z', lang: 'en', stats: { likes: 3 } };

describe('twitter adapter', () => {
  afterEach(() => nock.cleanAll());

  describe('syndication (first strategy)', () => {
    it('when the post is a reply with one photo and a link, returns an image card at the original size with its alt text, the link written out, mentions and the media link dropped, and whom it answers', async () => {
      const { result, routes } = await resolve('syndication-photo', '1790000000000000101');
      expect(result).to.deep.equal(
        ok({
          kind: 'image',
          ...marta,
          description: '🍞 Proof the starter works: crumb & notes at https://bakery.example/notes/starter-week-3',
          nsfw: false,
          image: { url: `${MEDIA}/GnPhotoAAA1.jpg?name=orig`, width: 3000, height: 2000, alt: 'Crumb of a sourdough loaf, open and glossy' },
          ...SYN_DETAILS,
          replyTo: { canonicalUrl: 'https://x.com/oven_club/status/1790000000000000050', handle: 'oven_club' },
        }),
      );
      expect(routes).to.deep.equal([SYN]);
    });

    it('when the post has three photos, returns a gallery of the three in post order, the alt text on the one that has it', async () => {
      const images = [
        { url: `${MEDIA}/GnLoafRye01.jpg?name=orig`, width: 2400, height: 1600 },
        { url: `${MEDIA}/GnLoafSpelt.jpg?name=orig`, width: 1600, height: 2400, alt: 'Spelt loaf scored in a wheat pattern' },
        { url: `${MEDIA}/GnLoafWheat.jpg?name=orig`, width: 2000, height: 2000 },
      ];
      const { result } = await resolve('syndication-gallery', '1790000000000000102');
      expect(result).to.deep.equal(ok({ kind: 'gallery', ...marta, description: 'Three loaves, three flours', nsfw: false, image: images[0], images, ...SYN_DETAILS }));
    });

    it('when the post has a video, returns the MP4 variant with the highest bitrate, its size from its path, its duration, and the poster', async () => {
      const { result } = await resolve('syndication-video', '1790000000000000103');
      const base = `${VIDEO}/ext_tw_video/1790000000000000990/pu`;
      expect(result).to.deep.equal(
        ok({
          kind: 'video',
          ...marta,
          description: 'Shaping a batard, full speed',
          nsfw: false,
          video: { url: `${base}/vid/avc1/1280x720/Large0001.mp4?tag=12`, mimeType: 'video/mp4', width: 1280, height: 720, duration: 12.48 },
          image: { url: 'https://pbs.twimg.com/ext_tw_video_thumb/1790000000000000990/pu/img/PosterFrame01.jpg', width: 1920, height: 1080 },
          ...SYN_DETAILS,
        }),
      );
    });

    it('when the post has a GIF, returns it as an MP4 video without sound', async () => {
      const { result } = await resolve('syndication-gif', '1790000000000000104');
      expect(result).to.deep.equal(
        ok({
          kind: 'video',
          ...marta,
          description: 'when the dough finally rises',
          nsfw: false,
          video: { url: `${VIDEO}/tweet_video/GnGifRising.mp4`, mimeType: 'video/mp4', width: 498, height: 280, hasAudio: false },
          image: { url: 'https://pbs.twimg.com/tweet_video_thumb/GnGifRising.jpg', width: 498, height: 280 },
          ...SYN_DETAILS,
        }),
      );
    });

    it("when the post quotes a post with photos and has none of its own, returns the quoted post's photos with its own text, and the quoted post under quote", async () => {
      const images = [
        { url: `${MEDIA}/GnCrumbOne1.jpg?name=orig`, width: 1200, height: 900 },
        { url: `${MEDIA}/GnCrumbTwo1.jpg?name=orig`, width: 900, height: 1200 },
      ];
      const { result } = await resolve('syndication-quote', '1790000000000000105');
      expect(result).to.deep.equal(
        ok({
          kind: 'gallery',
          ...marta,
          description: 'This is the one I meant',
          nsfw: false,
          image: images[0],
          images,
          ...SYN_DETAILS,
          quote: {
            platform: 'twitter',
            canonicalUrl: 'https://x.com/oven_club/status/1790000000000000050',
            kind: 'gallery',
            title: 'Oven Club (@oven_club)',
            description: 'Crumb shots from the weekend',
            author: { name: 'Oven Club', url: 'https://x.com/oven_club', handle: 'oven_club', avatar: `${AVATAR}/4400000001/oven_club_normal.jpg`, verified: false },
            publishedAt: '2024-05-14T09:30:00Z',
            image: images[0],
          },
        }),
      );
    });

    it('when the post is possibly_sensitive, returns nsfw true', async () => {
      const { result } = await resolve('syndication-sensitive', '1790000000000000106');
      expect(result).to.deep.equal(
        ok({
          kind: 'image',
          title: 'Ines Duarte (@ines_draws)',
          author: { name: 'Ines Duarte', url: 'https://x.com/ines_draws', handle: 'ines_draws', avatar: `${AVATAR}/4400000001/ines_draws_normal.jpg`, verified: false },
          description: 'Life drawing, week 3',
          nsfw: true,
          image: { url: `${MEDIA}/GnFigure001.jpg?name=orig`, width: 1400, height: 2000 },
          ...SYN_DETAILS,
        }),
      );
    });

    const CARD_IMAGE = { url: 'https://pbs.twimg.com/card_img/1790000000000000777/BasketCd?format=jpg&name=orig', width: 1200, height: 628 };

    it("when the post has a link card, returns a link card with the card's largest picture, the link written out, and the preview at the card's t.co target", async () => {
      const { result } = await resolve('syndication-link-card', '1790000000000000107');
      expect(result).to.deep.equal(
        ok({
          kind: 'link',
          ...marta,
          description: 'New post on proofing baskets https://bakery.example/posts/proofing-baskets',
          nsfw: false,
          image: CARD_IMAGE,
          ...SYN_DETAILS,
          link: { url: 'https://bakery.example/posts/proofing-baskets', title: 'Proofing baskets, compared', description: 'Six baskets, one month of bakes', image: CARD_IMAGE },
        }),
      );
    });

    it('when the post has an open poll, returns its choices with their counts, the total, the end and closed false', async () => {
      const { result } = await resolve('syndication-poll', '1790000000000000117');
      expect(result).to.deep.equal(
        ok({
          kind: 'link',
          ...marta,
          description: 'Next bake-along: rye or spelt?',
          nsfw: false,
          publishedAt: '2024-05-15T07:45:10Z',
          lang: 'en',
          stats: { likes: 5, replies: 4 },
          poll: {
            options: [
              { label: 'Rye', votes: 31 },
              { label: 'Spelt', votes: 17 },
            ],
            totalVotes: 48,
            endsAt: '2099-05-16T07:45:10Z',
            closed: false,
          },
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
    it('when syndication is throttled, takes a guest token and returns the long post with its whole note_tweet text and every count GraphQL reports', async () => {
      const { result, routes } = await resolve('graphql-long-post', '1790000000000000201');
      const note = 'A long thread about sourdough hydration, written as one post. ' + 'Water matters more than flour. '.repeat(12) + 'Full table: https://bakery.example/hydration-table';
      expect(result).to.deep.equal(
        ok({
          kind: 'image',
          ...noah,
          // is_blue_verified true, verification.verified false: a check mark.
          author: { ...noah.author, verified: true },
          description: note,
          nsfw: false,
          image: { url: `${MEDIA}/GnHydration.jpg?name=orig`, width: 1600, height: 1200 },
          publishedAt: '2024-05-14T09:30:00Z',
          lang: 'en',
          stats: { likes: 3, reposts: 1, replies: 2, quotes: 0, views: 5120, bookmarks: 4 },
        }),
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
          author: { name: 'Lena Fischer', url: 'https://x.com/lena_f', handle: 'lena_f', avatar: `${AVATAR}/5500000002/lena_f_normal.jpg` },
          description: 'Storm over the harbour, two frames',
          nsfw: true,
          image: images[0],
          images,
          ...GQL_DETAILS,
        }),
      );
    });

    it("when the post has a photo of its own and quotes a video post, keeps its photo and shows the quoted post's video under quote only", async () => {
      const { result } = await resolve('graphql-quote-own-media', '1790000000000000218');
      const base = `${VIDEO}/ext_tw_video/1790000000000000992/pu`;
      expect(result).to.deep.equal(
        ok({
          kind: 'image',
          ...noah,
          author: { ...noah.author, verified: false },
          description: 'Mine came out like this',
          nsfw: false,
          image: { url: `${MEDIA}/GnMyLoaf001.jpg?name=orig`, width: 1600, height: 1600, alt: 'My loaf, following the bake-along' },
          publishedAt: '2024-05-15T18:20:05Z',
          lang: 'en',
          stats: { likes: 27, reposts: 3, replies: 1, quotes: 0, views: 1250, bookmarks: 2 },
          quote: {
            platform: 'twitter',
            canonicalUrl: 'https://x.com/oven_club/status/1790000000000000060',
            kind: 'video',
            title: 'Oven Club (@oven_club)',
            description: 'Bake-along, part one: the levain',
            author: { name: 'Oven Club', url: 'https://x.com/oven_club', handle: 'oven_club', avatar: `${AVATAR}/5500000002/oven_club_normal.jpg`, verified: true },
            publishedAt: '2024-05-12T08:00:00Z',
            image: { url: 'https://pbs.twimg.com/ext_tw_video_thumb/1790000000000000992/pu/img/BakeAlong01.jpg', width: 1280, height: 720 },
            video: { url: `${base}/vid/avc1/1280x720/BakeAlong01.mp4?tag=12`, mimeType: 'video/mp4', width: 1280, height: 720, duration: 93.25 },
          },
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
          author: { name: 'Oven Club', url: 'https://x.com/oven_club', handle: 'oven_club', avatar: `${AVATAR}/5500000002/oven_club_normal.jpg` },
          description: 'Bake-along starts at 10',
          nsfw: false,
          video: { url: `${base}/vid/avc1/1280x720/Large0001.mp4?tag=12`, mimeType: 'video/mp4', width: 1280, height: 720, duration: 12.48 },
          image: { url: 'https://pbs.twimg.com/ext_tw_video_thumb/1790000000000000991/pu/img/PosterFrame01.jpg', width: 1920, height: 1080 },
          ...GQL_DETAILS,
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
          video: { url: `${VIDEO}/tweet_video/GnGifSecond.mp4`, mimeType: 'video/mp4', width: 498, height: 280, hasAudio: false },
          image: { url: 'https://pbs.twimg.com/tweet_video_thumb/GnGifSecond.jpg', width: 498, height: 280 },
          ...GQL_DETAILS,
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
      expect([first, second]).to.deep.equal([
        ok({ kind: 'link', ...noah, description: 'first of two', nsfw: false, ...GQL_DETAILS }),
        ok({ kind: 'link', ...noah, description: 'second of two', nsfw: false, ...GQL_DETAILS }),
      ]);
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
      expect(second).to.deep.equal(ok({ kind: 'link', ...noah, description: 'second of two', nsfw: false, ...GQL_DETAILS }));
      expect(sentOf(under).filter((s) => s.route === GQL).map((s) => s.headers['x-guest-token'])).to.deep.equal([TOKEN_B]);
    });

    it('when syndication gives a long post cut short, returns the whole text from GraphQL', async () => {
      const { result, routes } = await resolve('syndication-long-post', '1790000000000000215');
      const note = 'Notes from the regional bread fair. ' + 'Every stall had a different rye. '.repeat(10) + 'The end.';
      // GraphQL's answer: its own picture URL for the author, no check-mark field, its own count.
      const author = { name: 'Marta Kowalczyk', url: 'https://x.com/marta_bakes', handle: 'marta_bakes', avatar: `${AVATAR}/5500000001/marta_bakes_normal.jpg` };
      expect(result).to.deep.equal(ok({ kind: 'link', ...marta, author, description: note, nsfw: false, ...GQL_DETAILS }));
      expect(routes).to.deep.equal([SYN, ACTIVATE, GQL]);
    });

    it('when syndication gives a long post cut short and GraphQL fails, returns the syndication card with the cut text', async () => {
      const { result, routes } = await resolve('syndication-long-post-graphql-down', '1790000000000000215');
      const note = 'Notes from the regional bread fair. ' + 'Every stall had a different rye. '.repeat(10) + 'The end.';
      expect(result).to.deep.equal(ok({ kind: 'link', ...marta, description: note.slice(0, 275) + '…', nsfw: false, ...SYN_DETAILS }));
      expect(routes).to.deep.equal([SYN, ACTIVATE]);
    });

    it('when the syndication connection fails, goes on to GraphQL', async () => {
      nock('https://cdn.syndication.twimg.com').get(/^\/tweet-result/).replyWithError('socket hang up');
      const under = xWith('graphql-protected', { skip: (def) => def.scope.includes('syndication') });
      const x = under.adapter;
      expect(await x.resolve(postRef('1790000000000000203'), AbortSignal.timeout(5000))).to.deep.equal({ ok: false, reason: 'private' });
      expect(sentOf(under).map((s) => s.route)).to.deep.equal([SYN, ACTIVATE, GQL]);
    });

    it('when every connection fails, throws the UpstreamError after trying both strategies', async () => {
      nock('https://cdn.syndication.twimg.com').get(/^\/tweet-result/).replyWithError('socket hang up');
      nock('https://api.x.com').post('/1.1/guest/activate.json').replyWithError('socket hang up');
      const under = xWith();
      const x = under.adapter;
      expect(await x.resolve(postRef('1790000000000000299'), AbortSignal.timeout(5000)).catch((e: unknown) => e)).to.have.property('code', 'UPSTREAM_NETWORK');
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
          author: { name: 'Ines Duarte', url: 'https://x.com/ines_draws', handle: 'ines_draws', avatar: `${AVATAR}/5500000001/ines_draws_normal.jpg` },
          description: 'Figure study, charcoal',
          nsfw: true,
          image: { url: `${MEDIA}/GnCharcoal1.jpg?name=orig`, width: 1500, height: 2100 },
          ...GQL_DETAILS,
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
  // The compact card of a quoted `tweet({…})` (Paul Klee, text "hello", no time, no picture of his).
  const paulQuote = (id: string) => ({
    platform: 'twitter',
    canonicalUrl: `https://x.com/paul_k/status/${id}`,
    title: 'Paul Klee (@paul_k)',
    description: 'hello',
    author: { name: 'Paul Klee', url: 'https://x.com/paul_k', handle: 'paul_k' },
  });

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

  it("when the quoted post is a TweetWithVisibilityResults marked sensitive, borrows its photo and its nsfw flag, and shows it under quote too", () => {
    const quoted = { __typename: 'TweetWithVisibilityResults', tweet: tweet({ possibly_sensitive: true, ...withMedia(photo('GnQuoted01')) }, { rest_id: '1790000000000000070' }) };
    const result = parseTweetResult(tweet({}, { quoted_status_result: { result: quoted } }));
    const image = { url: `${MEDIA}/GnQuoted01.jpg?name=orig`, width: 800, height: 600 };
    expect(result.ok && result.card).to.deep.include({ kind: 'image', nsfw: true, image });
    expect(result.ok && result.card.quote).to.deep.equal({ ...paulQuote('1790000000000000070'), kind: 'image', image });
  });

  it("when the post has media of its own and quotes a post X flags, keeps its own, ignores the quoted post's flag, and leaves the flagged media out of quote", () => {
    const quoted = tweet({ possibly_sensitive: true, ...withMedia(photo('GnQuoted01')) }, { rest_id: '1790000000000000071' });
    const result = parseTweetResult(tweet(withMedia(photo('GnOwnPic01')), { quoted_status_result: { result: quoted } }));
    expect(result.ok && result.card).to.deep.include({ kind: 'image', nsfw: false, image: { url: `${MEDIA}/GnOwnPic01.jpg?name=orig`, width: 800, height: 600 } });
    expect(result.ok && result.card.quote).to.deep.equal({ ...paulQuote('1790000000000000071'), kind: 'link' });
  });

  const goneQuotes: { when: string; extra: Record<string, unknown>; legacy?: Record<string, unknown>; quote: unknown }[] = [
    {
      when: 'TweetUnavailable, with the permalink of the quoted post',
      extra: { quoted_status_result: { result: { __typename: 'TweetUnavailable', reason: 'Protected' } } },
      legacy: { quoted_status_id_str: '1790000000000000072', quoted_status_permalink: { expanded: 'https://twitter.com/oven_club/status/1790000000000000072' } },
      quote: { canonicalUrl: 'https://x.com/oven_club/status/1790000000000000072', unavailable: true },
    },
    {
      when: 'a TweetTombstone whose permalink names another post',
      extra: { quoted_status_result: { result: { __typename: 'TweetTombstone', tombstone: { text: { text: 'This Post was deleted by the Post author.' } } } } },
      legacy: { quoted_status_id_str: '1790000000000000073', quoted_status_permalink: { expanded: 'https://twitter.com/oven_club/status/1' } },
      quote: { canonicalUrl: 'https://x.com/i/status/1790000000000000073', unavailable: true },
    },
    {
      when: 'absent, the post naming the id it quotes',
      extra: {},
      legacy: { is_quote_status: true, quoted_status_id_str: '1790000000000000074' },
      quote: { canonicalUrl: 'https://x.com/i/status/1790000000000000074', unavailable: true },
    },
    { when: 'a TweetUnavailable without any id', extra: { quoted_status_result: { result: { __typename: 'TweetUnavailable' } } }, quote: { unavailable: true } },
  ];
  for (const { when, extra, legacy, quote } of goneQuotes) {
    it(`when the quoted post is ${when}, borrows nothing and gives quote ${JSON.stringify(quote)}`, () => {
      const result = parseTweetResult(tweet(legacy ?? {}, extra));
      expect(result.ok && [result.card.kind, result.card.quote]).to.deep.equal(['link', quote]);
    });
  }

  it('when the syndication quoted_tweet is a tombstone, gives an unavailable quote at its id', () => {
    const body = {
      __typename: 'Tweet',
      id_str: '1790000000000000120',
      text: 'Look at this',
      user: { screen_name: 'paul_k', name: 'Paul Klee' },
      quoted_tweet: { __typename: 'TweetTombstone', id_str: '1790000000000000075', tombstone: { text: { text: 'This Post is unavailable.' } } },
    };
    const { result } = parseSyndication(body);
    expect(result.ok && result.card.quote).to.deep.equal({ canonicalUrl: 'https://x.com/i/status/1790000000000000075', unavailable: true });
  });

  const langs: [string, string | undefined][] = [
    ['en', 'en'],
    ['pt', 'pt'],
    ['und', undefined],
    ['zxx', undefined],
    ['qme', undefined],
    ['qht', undefined],
    ['qam', undefined],
  ];
  for (const [lang, expected] of langs) {
    it(`when lang is ${lang}, gives ${expected === undefined ? 'no lang' : `lang ${expected}`}`, () => {
      const result = parseTweetResult(tweet({ lang }));
      expect(result.ok && result.card.lang).to.equal(expected);
    });
  }

  it('when the post is a reply to a post X names only by id, gives replyTo with the id-only URL', () => {
    const result = parseTweetResult(tweet({ in_reply_to_status_id_str: '1790000000000000076' }));
    expect(result.ok && result.card.replyTo).to.deep.equal({ canonicalUrl: 'https://x.com/i/status/1790000000000000076' });
  });

  it('when the post has two videos, gives both under videos, the first as video with its poster', () => {
    const clip = (key: string, ms: number) => ({
      type: 'video',
      media_url_https: `https://pbs.twimg.com/ext_tw_video_thumb/1/pu/img/${key}.jpg`,
      original_info: { width: 1280, height: 720 },
      video_info: { duration_millis: ms, variants: [{ bitrate: 832000, content_type: 'video/mp4', url: `${VIDEO}/ext_tw_video/1/pu/vid/avc1/640x360/${key}.mp4` }] },
    });
    const result = parseTweetResult(tweet(withMedia(clip('ClipOne', 4000), clip('ClipTwo', 6500))));
    const videos = [
      { url: `${VIDEO}/ext_tw_video/1/pu/vid/avc1/640x360/ClipOne.mp4`, mimeType: 'video/mp4', width: 640, height: 360, duration: 4 },
      { url: `${VIDEO}/ext_tw_video/1/pu/vid/avc1/640x360/ClipTwo.mp4`, mimeType: 'video/mp4', width: 640, height: 360, duration: 6.5 },
    ];
    expect(result.ok && result.card).to.deep.include({
      kind: 'video',
      video: videos[0],
      videos,
      image: { url: 'https://pbs.twimg.com/ext_tw_video_thumb/1/pu/img/ClipOne.jpg', width: 1280, height: 720 },
    });
  });

  const linkCard = (name: string, values: Record<string, unknown>, url?: string) => ({
    card: { legacy: { name, ...(url ? { url } : {}), binding_values: Object.entries(values).map(([key, value]) => ({ key, value })) } },
  });
  const urls = { entities: { urls: [{ url: 'https://t.co/PlAyEr0001', expanded_url: 'https://videos.example/watch/42' }] } };
  const links: { when: string; legacy: Record<string, unknown>; card: ReturnType<typeof linkCard>; link: unknown }[] = [
    {
      when: "a player card's card_url t.co is in entities.urls",
      legacy: urls,
      card: linkCard('player', { title: { string_value: 'Shaping, slowed down' }, card_url: { string_value: 'https://t.co/PlAyEr0001' } }),
      link: { url: 'https://videos.example/watch/42', title: 'Shaping, slowed down' },
    },
    {
      when: "a summary card has no card_url but its own url is the t.co",
      legacy: urls,
      card: linkCard('summary', { description: { string_value: 'A clip' } }, 'https://t.co/PlAyEr0001'),
      link: { url: 'https://videos.example/watch/42', description: 'A clip' },
    },
    {
      when: 'the t.co is not in entities.urls',
      legacy: {},
      card: linkCard('summary', { title: { string_value: 'Lost' }, card_url: { string_value: 'https://t.co/NoWhErE001' } }),
      link: undefined,
    },
    {
      when: 'the card is not a link preview (an app card)',
      legacy: urls,
      card: linkCard('promo_image_app', { title: { string_value: 'Get the app' }, card_url: { string_value: 'https://t.co/PlAyEr0001' } }),
      link: undefined,
    },
  ];
  for (const { when, legacy, card, link } of links) {
    it(`when ${when}, gives link ${JSON.stringify(link)}`, () => {
      const result = parseTweetResult(tweet(legacy, card));
      expect(result.ok && result.card.link).to.deep.equal(link);
    });
  }

  it('when a poll leaves a count out, gives the counts it has and no total', () => {
    const card = linkCard('poll3choice_text_only', {
      choice1_label: { string_value: 'Rye' },
      choice1_count: { string_value: '3' },
      choice2_label: { string_value: 'Spelt' },
      choice3_label: { string_value: 'Wheat' },
      choice3_count: { string_value: '0' },
    });
    const result = parseTweetResult(tweet({}, card));
    expect(result.ok && result.card.poll).to.deep.equal({ options: [{ label: 'Rye', votes: 3 }, { label: 'Spelt' }, { label: 'Wheat', votes: 0 }] });
  });

  it('when the author states no check mark at all, gives no verified; is_blue_verified true gives verified true', () => {
    const blue = { result: { __typename: 'User', is_blue_verified: true, core: { name: 'Paul Klee', screen_name: 'paul_k' }, legacy: {} } };
    const plain = parseTweetResult(tweet({}));
    const checked = parseTweetResult(tweet({}, { core: { user_results: blue } }));
    expect([plain.ok && plain.card.author?.verified, checked.ok && checked.card.author?.verified]).to.deep.equal([undefined, true]);
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
    expect(result.ok && [result.card.title, result.card.author]).to.deep.equal(['@quiet_one', { name: 'quiet_one', url: 'https://x.com/quiet_one', handle: 'quiet_one' }]);
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

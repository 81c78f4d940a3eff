// The Threads adapter through the real HTTP adapter, answered by the nock fixtures in
// test/platforms/threads/fixtures/ (our own people, codes and CDN URLs, shaped like Threads' answers).
// Every request is logged, so each test also says which strategies ran.
import { expect } from 'chai';
import nock from 'nock';
import { container } from 'tsyringe';
import { SESSION_IN_USE } from '../../../src/application/access/session-in-use.js';
import type { OneSessionEach } from '../../support/given.js';
import { HTTP_CLIENT } from '../../../src/application/ports/http.port.js';
import type { AdapterResult, PostRef } from '../../../src/application/ports/platform-adapter.port.js';
import type { RecordedExchange } from '../../../src/infrastructure/http/recorded-exchanges.js';
import { ThreadsAdapter } from '../../../src/infrastructure/platforms/threads/index.js';
import { postIdFromCode, readGraphqlAnswer } from '../../../src/infrastructure/platforms/threads/graphql.js';
import { cardFromOpenGraph, lsdToken } from '../../../src/infrastructure/platforms/threads/page.js';
import { cardFromPost } from '../../../src/infrastructure/platforms/threads/post.js';
import { metaExpiry } from '../../../src/infrastructure/platforms/kit/url-expiry.js';
import { given, type Given } from '../../support/given.js';
import { testHttpClient } from '../../support/http.js';
import { threads as threadsSpec } from '../../../src/domain/platforms/threads.js';
import { capabilitiesOf } from '../../../src/domain/platforms/platform-spec.js';

const SIG = '_nc_cat=1&_nc_ohc=FixtureOhc01&edm=APs17CUBAAAA&ccb=7-5&oh=00_AfFixtureSignature';

/** The fixtures' CDN URLs: a photo rendition (`stp` variant) signed until `oe`. */
function photo(kind: string, name: string, oe: string, variant = ''): string {
  return `https://scontent-ams2-1.cdninstagram.com/v/${kind}/${name}?stp=dst-jpg_e35${variant}&_nc_ht=scontent-ams2-1.cdninstagram.com&${SIG}&oe=${oe}&_nc_sid=10d13b`;
}
function mp4(name: string, oe: string): string {
  return `https://scontent-ams2-1.cdninstagram.com/v/t50.2886-16/${name}.mp4?_nc_ht=scontent-ams2-1.cdninstagram.com&_nc_cat=1&_nc_ohc=FixtureOhc02&edm=APs17CUBAAAA&ccb=7-5&oh=00_AfFixtureVideoSig&oe=${oe}&_nc_sid=10d13b`;
}
const author = (name: string, username: string) => ({ name, url: `https://www.threads.com/@${username}`, handle: username });
const avatar = (username: string) =>
  `https://scontent-ams2-1.cdninstagram.com/v/t51.2885-19/${username}_n.jpg?stp=dst-jpg_e35_s150x150&_nc_ht=scontent-ams2-1.cdninstagram.com&${SIG}&oe=6A0F3C20&_nc_sid=10d13b`;
/** The author as a post node states them: profile_pic_url and is_verified besides the name. */
const owner = (name: string, username: string, verified = false) => ({ ...author(name, username), avatar: avatar(username), verified });
/** `taken_at` 1751200000 of every fixture post. */
const TAKEN_AT = '2025-06-29T12:26:40Z';
/** like_count 12 and text_post_app_info.direct_reply_count 3 of most fixture posts. */
const COUNTS = { likes: 12, replies: 3 };

function postRef(username: string | undefined, code: string): PostRef {
  return {
    platform: 'threads',
    canonicalUrl: username ? `https://www.threads.com/@${username}/post/${code}` : `https://www.threads.com/t/${code}`,
    contentId: code,
    ids: username ? { user: username, code } : { code },
  };
}

interface Exchange extends RecordedExchange {
  /** Header substrings the request must carry (nock definitions' `reqheaders`), e.g. the user agent. */
  reqheaders?: Record<string, string>;
}

interface Logged {
  request: string;
  headers: Record<string, string>;
  body: string;
}

type HeaderOptions = { reqheaders?: Record<string, string | RegExp>; badheaders?: string[] };

/**
 * Threads under test: the scenario's exchanges, each honouring its own `reqheaders`, plus options for
 * every exchange (the credential tests' reqheaders/badheaders).
 */
function threadsWith(scenarios: string | string[] = [], credentials: OneSessionEach = {}, options: HeaderOptions = {}): Given<'threads'> {
  return given('threads', scenarios, {
    credentials,
    headerRules: (def) => {
      const own = Object.entries((def as Exchange).reqheaders ?? {}).map(([name, part]) => [name, (value: string) => value.includes(part)] as const);
      return own.length ? { ...options, reqheaders: { ...Object.fromEntries(own), ...options.reqheaders } } : options;
    },
  });
}

/** The log of requests the fixture answered: which client asked (crawler or browser), the headers and body. */
function logOf(under: Given): Logged[] {
  return under.served.map(({ method, url, headers, body }) => ({
    request: `${method} ${url.pathname} (${headers['user-agent']?.includes('postlens') ? 'crawler' : 'browser'})`,
    headers,
    body,
  }));
}

function resolve(scenario: string, ref: PostRef, credentials?: OneSessionEach): Promise<{ result: AdapterResult; log: Logged[] }> {
  const served = threadsWith(scenario, credentials);
  return served.resolvePost(ref).then(({ result }) => ({ result, log: logOf(served) }));
}

const requests = (log: Logged[]) => log.map((l) => l.request);

describe('ThreadsAdapter.resolve', () => {
  afterEach(() => nock.cleanAll());

  describe('from the post JSON the page embeds', () => {
    it('when the post is a text reply, returns a link card of the post (not its parent) from one page request', async () => {
      const { result, log } = await resolve('page-text', postRef('marta.bakes', 'DKtExtP0st1'));
      expect(result).to.deep.equal({
        ok: true,
        card: {
          kind: 'link',
          title: 'Marta Lindqvist (@marta.bakes)',
          description: 'Rye sourdough, day three.\nThe starter finally doubled 🎉',
          author: owner('Marta Lindqvist', 'marta.bakes', true),
          nsfw: false,
          publishedAt: TAKEN_AT,
          stats: { likes: 12, replies: 3, reposts: 2, quotes: 1 },
          // reply_to_author names the author answered, not their post.
          replyTo: { handle: 'quillandink' },
        },
      });
      expect(requests(log)).to.deep.equal(['GET /@marta.bakes/post/DKtExtP0st1 (browser)']);
    });

    it('when a /t/ URL redirects to the post and the author has no display name, returns the widest photo and the username as name', async () => {
      const { result, log } = await resolve('page-image', postRef(undefined, 'DKimAgeP0st'));
      expect(result).to.deep.equal({
        ok: true,
        card: {
          kind: 'image',
          title: 'harbourcycles (@harbourcycles)',
          description: 'New frames just landed in the shop.',
          author: owner('harbourcycles', 'harbourcycles'),
          nsfw: false,
          publishedAt: TAKEN_AT,
          stats: COUNTS,
          image: { url: photo('t51.2885-15', '5550001_harbour_n.jpg', '6A10B2C4', '_s2048x1536'), width: 2048, height: 1536 },
        },
        mediaExpiresAt: 0x6a10b2c4 * 1000,
      });
      expect(requests(log)).to.deep.equal(['GET /t/DKimAgeP0st (browser)', 'GET /@harbourcycles/post/DKimAgeP0st (browser)']);
    });

    it('when the post is a carousel of photos, returns a gallery in post order and the earliest expiry', async () => {
      const images = [
        // The author's own alt text; the second item's is Meta's machine text ("May be an image of …"): none.
        { url: photo('t51.2885-15', '5550101_one_n.jpg', '6A10B2C4'), width: 1440, height: 1800, alt: 'A tiled kitchen with copper pans over the stove' },
        { url: photo('t51.2885-15', '5550102_two_n.jpg', '6A10A000'), width: 1080, height: 1080 },
        { url: photo('t51.2885-15', '5550103_three_n.jpg', '6A10C111'), width: 1350, height: 1080 },
      ];
      const { result } = await resolve('page-gallery', postRef('ines.okafor', 'DKga11eryX3'));
      expect(result).to.deep.equal({
        ok: true,
        card: {
          kind: 'gallery',
          title: 'Inês Okafor (@ines.okafor)',
          description: 'Three kitchens, one week.',
          author: owner('Inês Okafor', 'ines.okafor'),
          nsfw: false,
          publishedAt: TAKEN_AT,
          stats: COUNTS,
          image: images[0],
          images,
        },
        mediaExpiresAt: 0x6a10a000 * 1000,
      });
    });

    it('when a carousel holds a video, returns a video card of its first video, poster and sizes from that item', async () => {
      const { result } = await resolve('page-carousel-video', postRef('tomas_rides', 'DKcar0uSe1V'));
      expect(result).to.deep.equal({
        ok: true,
        card: {
          kind: 'video',
          title: 'Tomás Rides (@tomas_rides)',
          description: 'Gravel loop, photos and the descent.',
          author: owner('Tomás Rides', 'tomas_rides'),
          nsfw: false,
          publishedAt: TAKEN_AT,
          stats: COUNTS,
          // The carousel item's has_audio.
          video: { url: mp4('5550203_descent', '6A109F00'), mimeType: 'video/mp4', width: 720, height: 1280, hasAudio: true },
          // The poster is a 640-bounded rendition whose own size the answer does not give.
          image: { url: photo('t51.2885-15', '5550202_poster_n.jpg', '6A10B000', '_p640x640') },
        },
        mediaExpiresAt: 0x6a109f00 * 1000,
      });
    });

    it("when a quote has no media of its own, returns the quoted post's photo with the quoting post's text, and the quoted post under quote", async () => {
      const { result } = await resolve('page-quote-media', postRef('marta.bakes', 'DKqu0teMed1'));
      const pressPhoto = { url: photo('t51.2885-15', '5550301_press_n.jpg', '6A10B2C4'), width: 1200, height: 900 };
      expect(result).to.deep.equal({
        ok: true,
        card: {
          kind: 'image',
          title: 'Marta Lindqvist (@marta.bakes)',
          description: 'Look at this beauty',
          author: owner('Marta Lindqvist', 'marta.bakes'),
          nsfw: false,
          publishedAt: TAKEN_AT,
          stats: { likes: 12 },
          // The quoting post has no media: the quoted photo stays drawn, and appears under quote too.
          image: pressPhoto,
          quote: {
            platform: 'threads',
            canonicalUrl: 'https://www.threads.com/@quillandink/post/DKqu0tedPh0',
            kind: 'image',
            title: 'Quill & Ink (@quillandink)',
            description: 'Our new letterpress, finally installed.',
            author: owner('Quill & Ink', 'quillandink'),
            publishedAt: TAKEN_AT,
            image: pressPhoto,
          },
        },
        mediaExpiresAt: 0x6a10b2c4 * 1000,
      });
    });

    it("when a quote quotes a text post, returns a link card with its own text, the quoted author's words only under quote", async () => {
      const { result } = await resolve('page-quote-text', postRef('tomas_rides', 'DKqu0teTxt2'));
      expect(result).to.deep.equal({
        ok: true,
        card: {
          kind: 'link',
          title: 'Tomás Rides (@tomas_rides)',
          description: 'Strongly disagree 😅',
          author: owner('Tomás Rides', 'tomas_rides'),
          nsfw: false,
          publishedAt: TAKEN_AT,
          stats: { likes: 12 },
          quote: {
            platform: 'threads',
            canonicalUrl: 'https://www.threads.com/@ines.okafor/post/DKqu0tedTx7',
            kind: 'link',
            title: 'Inês Okafor (@ines.okafor)',
            description: 'Unpopular opinion: pineapple belongs in bread.',
            author: owner('Inês Okafor', 'ines.okafor'),
            publishedAt: TAKEN_AT,
          },
        },
      });
    });

    it("when the post has a link preview behind l.threads.com, returns a link card with the preview's picture and its unwrapped target under link", async () => {
      const { result } = await resolve('page-link-preview', postRef('quillandink', 'DK1inkPrev9'));
      const preview = {
        url: 'https://scontent-ams2-1.cdninstagram.com/v/t51.36329-15/5550401_preview_n.jpg?_nc_cat=1&ccb=1-7&_nc_sid=8ae9d6&_nc_ht=scontent-ams2-1.cdninstagram.com&oh=00_AfFixturePreview&oe=6A10D222',
      };
      expect(result).to.deep.equal({
        ok: true,
        card: {
          kind: 'link',
          title: 'Quill & Ink (@quillandink)',
          description: 'Our autumn catalogue is out: https://quillandink.example/catalogue/autumn-2025',
          author: owner('Quill & Ink', 'quillandink'),
          nsfw: false,
          publishedAt: TAKEN_AT,
          stats: { likes: 12 },
          image: preview,
          link: { url: 'https://quillandink.example/catalogue/autumn-2025?ref=threads', title: 'Autumn catalogue', image: preview },
        },
        mediaExpiresAt: 0x6a10d222 * 1000,
      });
    });
  });

  describe('from GraphQL, when the page carries no post JSON', () => {
    it('when GraphQL answers the current edges shape, returns the video card, asking with the page LSD token and session cookies', async () => {
      const { result, log } = await resolve('graphql-video', postRef('harbourcycles', 'DKgqlVide0x'));
      expect(result).to.deep.equal({
        ok: true,
        card: {
          kind: 'video',
          title: 'harbourcycles (@harbourcycles)',
          description: 'Wheel truing in 40 seconds.',
          author: owner('harbourcycles', 'harbourcycles'),
          nsfw: false,
          publishedAt: TAKEN_AT,
          stats: COUNTS,
          video: { url: mp4('5550502_truing', '6A109E00'), mimeType: 'video/mp4', width: 1080, height: 1920, hasAudio: true },
          image: { url: photo('t51.2885-15', '5550501_cover_n.jpg', '6A10B2C4'), width: 1080, height: 1920 },
        },
        mediaExpiresAt: 0x6a109e00 * 1000,
      });
      expect(requests(log)).to.deep.equal(['GET /@harbourcycles/post/DKgqlVide0x (browser)', 'POST /api/graphql (browser)']);
      const graphql = log[1]!;
      const form = new URLSearchParams(graphql.body);
      expect(form.get('lsd')).to.equal('AVqGraphqlLsdToken');
      expect(JSON.parse(form.get('variables')!)).to.deep.equal({ postID: '3648102981870939441' });
      expect(form.get('doc_id')).to.match(/^\d+$/);
      expect(graphql.headers).to.include({
        'x-fb-lsd': 'AVqGraphqlLsdToken',
        'x-ig-app-id': '238260118697367',
        'content-type': 'application/x-www-form-urlencoded',
        cookie: 'csrftoken=PageCsrfFixture01; mid=PageMidFixture',
        'x-csrftoken': 'PageCsrfFixture01',
      });
    });

    it('when GraphQL answers the 2023 containing_thread shape, returns the post after its parent, sized from the original when candidates are not', async () => {
      const images = [
        { url: photo('t51.2885-15', '5550601_roof1_n.jpg', '6A10B2C4'), width: 1080, height: 1350 },
        { url: photo('t51.2885-15', '5550602_roof2_n.jpg', '6A10A111'), width: 1080, height: 1080 },
      ];
      const { result } = await resolve('graphql-containing-thread', postRef('marta.bakes', 'DKc0ntThr3d'));
      expect(result).to.deep.equal({
        ok: true,
        card: {
          kind: 'gallery',
          title: 'Marta Lindqvist (@marta.bakes)',
          description: 'From the bakery roof at 5am',
          author: owner('Marta Lindqvist', 'marta.bakes'),
          nsfw: false,
          publishedAt: TAKEN_AT,
          stats: COUNTS,
          image: images[0],
          images,
        },
        mediaExpiresAt: 0x6a10a111 * 1000,
      });
    });

    it('when GraphQL finds no post, returns not-found and does not ask for the Open Graph tags', async () => {
      const { result, log } = await resolve('graphql-not-found', postRef('ines.okafor', 'DKg0neP0st5'));
      expect(result).to.deep.equal({ ok: false, reason: 'not-found' });
      expect(requests(log)).to.deep.equal(['GET /@ines.okafor/post/DKg0neP0st5 (browser)', 'POST /api/graphql (browser)']);
    });
  });

  describe('from the Open Graph tags, as a link crawler sees them', () => {
    it("when the GraphQL query fails, returns the text card from the tags, without the counts, the og:image avatar as the author's avatar and not as the image", async () => {
      const { result, log } = await resolve('graphql-error-open-graph', postRef('tomas_rides', 'DKf4llBackT'));
      expect(result).to.deep.equal({
        ok: true,
        card: {
          kind: 'link',
          title: 'Tomás Rides (@tomas_rides)',
          description: 'Rest day. Coffee, then more coffee.',
          author: { ...author('Tomás Rides', 'tomas_rides'), avatar: avatar('tomas_rides') },
          nsfw: false,
        },
      });
      expect(requests(log)).to.deep.equal([
        'GET /@tomas_rides/post/DKf4llBackT (browser)',
        'POST /api/graphql (browser)',
        'GET /@tomas_rides/post/DKf4llBackT (crawler)',
      ]);
    });

    it('when the browser is sent to the login page, skips GraphQL and returns the image card the crawler gets', async () => {
      const { result, log } = await resolve('login-wall-open-graph', postRef('quillandink', 'DKwa11edImg'));
      expect(result).to.deep.equal({
        ok: true,
        card: {
          kind: 'image',
          title: 'Quill & Ink (@quillandink)',
          description: 'Market day!\nFind us at stall 12.',
          author: author('Quill & Ink', 'quillandink'),
          nsfw: false,
          image: { url: photo('t51.2885-15', '5550701_market_n.jpg', '6A10C0DE') },
        },
        mediaExpiresAt: 0x6a10c0de * 1000,
      });
      expect(requests(log)).to.deep.equal(['GET /@quillandink/post/DKwa11edImg (browser)', 'GET /@quillandink/post/DKwa11edImg (crawler)']);
    });
  });

  describe('refusals', () => {
    it('when both the browser and the crawler are sent to the login page, returns blocked', async () => {
      const { result, log } = await resolve('login-wall', postRef('marta.bakes', 'DKwa11Both1'));
      expect(result).to.deep.equal({ ok: false, reason: 'blocked' });
      expect(requests(log)).to.deep.equal(['GET /@marta.bakes/post/DKwa11Both1 (browser)', 'GET /@marta.bakes/post/DKwa11Both1 (crawler)']);
    });

    it('when the post page answers 404, returns not-found after that one request', async () => {
      const { result, log } = await resolve('not-found', postRef('ines.okafor', 'DKn0tHere01'));
      expect(result).to.deep.equal({ ok: false, reason: 'not-found' });
      expect(requests(log)).to.deep.equal(['GET /@ines.okafor/post/DKn0tHere01 (browser)']);
    });

    it('when every page request answers 429, returns rate-limited', async () => {
      const { result } = await resolve('rate-limited', postRef('tomas_rides', 'DKs1owD0wn2'));
      expect(result).to.deep.equal({ ok: false, reason: 'rate-limited' });
    });

    it('when every page request answers 503, returns upstream-error', async () => {
      const { result } = await resolve('upstream-error', postRef('harbourcycles', 'DKb0rkEn503'));
      expect(result).to.deep.equal({ ok: false, reason: 'upstream-error' });
    });

    it('when no upstream can be reached, throws the UpstreamError once every strategy has failed', async () => {
      // No fixture: nock refuses every request, as a network failure would.
      const error = await threadsWith().adapter.resolve(postRef('harbourcycles', 'DKunreach01'), AbortSignal.timeout(5000)).catch((e: unknown) => e);
      expect(error).to.have.property('code', 'UPSTREAM_NETWORK');
    });

    it('when the URL carries no code, returns unsupported without a request', async () => {
      const result = await threadsWith().adapter.resolve({ ...postRef('harbourcycles', 'x'), ids: {} }, AbortSignal.timeout(5000));
      expect(result).to.deep.equal({ ok: false, reason: 'unsupported' });
    });
  });

  describe('credentials', () => {
    const credentials: OneSessionEach = { threads: { cookies: { sessionid: 'SecretSession123', csrftoken: 'ConfiguredCsrf9' } } };

    it('when threads cookies are configured, sends them on the page and GraphQL requests and never returns them', async () => {
      const served = threadsWith('graphql-video', credentials, { reqheaders: { cookie: /sessionid=SecretSession123/ } });
      const { result } = await served.resolvePost(postRef('harbourcycles', 'DKgqlVide0x'));
      const log = logOf(served);
      expect(result).to.have.nested.property('card.kind', 'video');
      expect(log[0]!.headers['cookie']).to.equal('sessionid=SecretSession123; csrftoken=ConfiguredCsrf9');
      // The configured session wins over the anonymous one the page set.
      expect(log[1]!.headers).to.include({ cookie: 'csrftoken=ConfiguredCsrf9; mid=PageMidFixture; sessionid=SecretSession123', 'x-csrftoken': 'ConfiguredCsrf9' });
      expect(JSON.stringify(result)).not.to.match(/SecretSession123|ConfiguredCsrf9/);
    });

    it('when threads cookies are configured, the crawler still asks without them', async () => {
      const { result, log } = await resolve('login-wall-open-graph', postRef('quillandink', 'DKwa11edImg'), credentials);
      expect(result).to.have.nested.property('card.kind', 'image');
      expect(log.map((l) => l.headers['cookie'])).to.deep.equal(['sessionid=SecretSession123; csrftoken=ConfiguredCsrf9', undefined]);
    });

    it('when no cookies are configured, the page request carries no cookie header', async () => {
      const { result } = await threadsWith('page-text', {}, { badheaders: ['cookie'] }).resolvePost(postRef('marta.bakes', 'DKtExtP0st1'));
      expect(result).to.have.nested.property('card.title', 'Marta Lindqvist (@marta.bakes)');
    });
  });
});

describe('Threads parsers', () => {
  it('when a GraphQL answer says login is required or to wait, returns blocked or rate-limited', () => {
    expect(readGraphqlAnswer({ require_login: true, status: 'fail' }, 'DKx', undefined)).to.deep.equal({ reason: 'blocked' });
    expect(readGraphqlAnswer({ status: 'fail', message: 'Please wait a few minutes before you try again.' }, 'DKx', undefined)).to.deep.equal({ reason: 'rate-limited' });
  });

  it('when a GraphQL answer has errors or no data, returns upstream-error; when its data holds no post, not-found', () => {
    expect(readGraphqlAnswer({ errors: [{ message: 'execution error' }], data: null }, 'DKx', undefined)).to.deep.equal({ reason: 'upstream-error' });
    expect(readGraphqlAnswer('unreadable', 'DKx', undefined)).to.deep.equal({ reason: 'upstream-error' });
    expect(readGraphqlAnswer({ data: { data: null } }, 'DKx', undefined)).to.deep.equal({ reason: 'not-found' });
    expect(readGraphqlAnswer({ data: { data: { containing_thread: null } } }, 'DKx', undefined)).to.deep.equal({ reason: 'not-found' });
  });

  it('when the post is matched by numeric id rather than code, finds it', () => {
    const post = { pk: '42', code: 'Other', user: { username: 'a' } };
    expect(readGraphqlAnswer({ data: { data: { edges: [{ node: { thread_items: [{ post }] } }] } } }, 'DKx', '42')).to.deep.equal({ post });
  });

  it('when the quoted post is unavailable, returns quote {canonicalUrl, unavailable} and borrows none of its media', () => {
    const quoted = { code: 'DKg0neQ0te', user: { username: 'ana.b' }, text_post_app_info: { is_post_unavailable: true }, image_versions2: { candidates: [{ url: 'https://scontent.cdninstagram.com/v/gone.jpg', width: 10, height: 10 }] } };
    const found = cardFromPost({ user: { username: 'bo.c' }, caption: { text: 'what happened here?' }, text_post_app_info: { share_info: { quoted_post: quoted } } });
    expect(found?.card).to.deep.equal({
      kind: 'link',
      title: 'bo.c (@bo.c)',
      description: 'what happened here?',
      author: { name: 'bo.c', url: 'https://www.threads.com/@bo.c', handle: 'bo.c' },
      nsfw: false,
      quote: { canonicalUrl: 'https://www.threads.com/@ana.b/post/DKg0neQ0te', unavailable: true },
    });
  });

  it('when the quoting post has a photo of its own, keeps its photo and shows the quoted media only under quote', () => {
    const own = { url: 'https://scontent.cdninstagram.com/v/own.jpg', width: 800, height: 600 };
    const theirs = { url: 'https://scontent.cdninstagram.com/v/theirs.jpg', width: 640, height: 640 };
    const quoted = { code: 'DKtheirs01', taken_at: 1751300000, user: { username: 'ana.b' }, image_versions2: { candidates: [theirs] } };
    const found = cardFromPost({ user: { username: 'bo.c' }, image_versions2: { candidates: [own] }, text_post_app_info: { share_info: { quoted_post: quoted } } });
    expect(found?.card).to.deep.include({ kind: 'image', image: own });
    expect(found?.card.quote).to.deep.equal({
      platform: 'threads',
      canonicalUrl: 'https://www.threads.com/@ana.b/post/DKtheirs01',
      kind: 'image',
      title: 'ana.b (@ana.b)',
      author: { name: 'ana.b', url: 'https://www.threads.com/@ana.b', handle: 'ana.b' },
      publishedAt: '2025-06-30T16:13:20Z',
      image: theirs,
    });
  });

  for (const [url, link] of [
    ['https://example.org/a?b=1', { url: 'https://example.org/a?b=1' }],
    ['https://l.threads.net/?u=https%3A%2F%2Fexample.org%2Fb&e=AT0x', { url: 'https://example.org/b' }],
    ['https://l.threads.com/?e=AT0x', undefined],
    ['not a url', undefined],
  ] as const) {
    it(`when link_preview_attachment.url is ${url}, gives link ${JSON.stringify(link)}`, () => {
      const found = cardFromPost({ user: { username: 'bo.c' }, text_post_app_info: { link_preview_attachment: { url, display_url: 'example.org' } } });
      expect(found?.card.link).to.deep.equal(link);
    });
  }

  it('when the post states repost_count and quote_count but no like_count, reports just those', () => {
    const found = cardFromPost({ user: { username: 'bo.c' }, text_post_app_info: { repost_count: 0, quote_count: 4 } });
    expect(found?.card.stats).to.deep.equal({ reposts: 0, quotes: 4 });
  });

  it('when a post has no caption, joins its text fragments with each link written out in full', () => {
    const post = {
      user: { username: 'ana.b' },
      caption: null,
      text_post_app_info: {
        text_fragments: {
          fragments: [
            { fragment_type: 'plaintext', plaintext: 'Notes: ' },
            { fragment_type: 'link', plaintext: 'example.org/long/pa…', link_fragment: { url: 'https://example.org/long/path', display_text: 'example.org/long/pa…' } },
          ],
        },
      },
    };
    expect(cardFromPost(post)).to.deep.equal({
      card: { kind: 'link', title: 'ana.b (@ana.b)', author: author('ana.b', 'ana.b'), nsfw: false, description: 'Notes: https://example.org/long/path' },
    });
  });

  it('when a shortcode is decoded, returns the numeric id; a character outside the alphabet gives none', () => {
    expect(postIdFromCode('DKgqlVide0x')).to.equal('3648102981870939441');
    expect(postIdFromCode('DK!bad')).to.equal(undefined);
  });

  it('when the page has the token only in __eqmc, reads it there', () => {
    expect(lsdToken('<script type="application/json" id="__eqmc">{"u":"/ajax/qm/","l":"AVqEqmcToken"}</script>')).to.equal('AVqEqmcToken');
    expect(lsdToken('<html></html>')).to.equal(undefined);
  });

  it('when the Open Graph tags carry a video, returns a video card with the image as poster', () => {
    const html =
      '<meta property="og:title" content="Ana (&#064;ana.b) on Threads" /><meta property="og:url" content="https://www.threads.com/@ana.b/post/DKvid" />' +
      '<meta property="og:image" content="https://scontent.cdninstagram.com/v/t51.2885-15/p.jpg?oe=6A000000" />' +
      '<meta property="og:video" content="https://scontent.cdninstagram.com/o1/v/t16/v.mp4?oe=69FFFFFF" /><meta property="og:video:type" content="video/mp4" />' +
      '<meta property="og:video:width" content="720" /><meta property="og:video:height" content="1280" />';
    expect(cardFromOpenGraph(html, 'DKvid')).to.deep.equal({
      card: {
        kind: 'video',
        title: 'Ana (@ana.b)',
        author: author('Ana', 'ana.b'),
        nsfw: false,
        video: { url: 'https://scontent.cdninstagram.com/o1/v/t16/v.mp4?oe=69FFFFFF', mimeType: 'video/mp4', width: 720, height: 1280 },
        image: { url: 'https://scontent.cdninstagram.com/v/t51.2885-15/p.jpg?oe=6A000000' },
      },
      mediaExpiresAt: 0x69ffffff * 1000,
    });
  });

  it("when the Open Graph tags are another page's, or the login page's, returns blocked", () => {
    const other = '<meta property="og:title" content="Ana (&#064;ana.b) on Threads" /><meta property="og:url" content="https://www.threads.com/@ana.b" />';
    const login = '<meta property="og:title" content="Threads" /><meta property="og:url" content="https://www.threads.com/login" />';
    expect(cardFromOpenGraph(other, 'DKvid')).to.deep.equal({ reason: 'blocked' });
    expect(cardFromOpenGraph(login, 'DKvid')).to.deep.equal({ reason: 'blocked' });
  });

  it('when a media URL has no oe, or a malformed one, gives no expiry', () => {
    expect(metaExpiry('https://scontent.cdninstagram.com/v/a.jpg')).to.equal(undefined);
    expect(metaExpiry('https://scontent.cdninstagram.com/v/a.jpg?oe=zz')).to.equal(undefined);
  });
});

describe('ThreadsAdapter declaration', () => {
  it('when read, names the host it calls, the CDN it shows media from and the capabilities it has', () => {
    const threads = threadsWith().adapter;
    expect(threadsSpec.id).to.equal('threads');
    expect(threads.upstreamHosts).to.deep.equal(['www.threads.com']);
    expect(threadsSpec.mediaHosts).to.deep.equal(['.cdninstagram.com', '.fbcdn.net']);
    expect(capabilitiesOf(threadsSpec)).to.deep.equal({ video: true, nsfw: false, shortLinks: false, proxy: true });
    expect(threads).not.to.have.property('readShortLink');
  });

  it('when built by the container, gets the HTTP client and the session in use through their tokens', () => {
    const child = container.createChildContainer();
    child.register(HTTP_CLIENT, { useValue: testHttpClient() });
    child.register(SESSION_IN_USE, { useValue: { credential: () => undefined } });
    expect(child.resolve(ThreadsAdapter)).to.be.instanceOf(ThreadsAdapter);
  });
});

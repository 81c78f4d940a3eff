// The Facebook adapter through the real HTTP adapter, answered by the nock fixtures in
// test/platforms/facebook/fixtures/ (our own pages, ids and values, shaped like Facebook's pages in SOURCES.md).
import { expect } from 'chai';
import nock from 'nock';
import type { OneSessionEach } from '../../support/given.js';
import type { AdapterResult, PostRef } from '../../../src/application/ports/platform-adapter.port.js';
import { expandShortLink } from '../../../src/application/short-links.js';
import { createSpecList } from '../../../src/domain/platforms/index.js';
import { facebook } from '../../../src/domain/platforms/facebook.js';
import type { RecordedExchange } from '../../../src/infrastructure/http/recorded-exchanges.js';
import { parsePostPage } from '../../../src/infrastructure/platforms/facebook/page.js';
import { given, type Given } from '../../support/given.js';
import { capabilitiesOf } from '../../../src/domain/platforms/platform-spec.js';

const WWW = 'https://www.facebook.com';
const SESSION = { c_user: '100000000004242', xs: '42%3Axs-SECRET-token%3A2%3A1700000000', datr: 'datr-SECRET-77' };
const SESSION_COOKIE = 'c_user=100000000004242; xs=42%3Axs-SECRET-token%3A2%3A1700000000; datr=datr-SECRET-77';
const WITH_SESSION: OneSessionEach = { facebook: { cookies: SESSION } };

/** A signed fbcdn URL as the fixtures write them (`oe` = expiry, hex seconds). */
function cdn(kind: string, name: string, oe: string, options: { host?: string; ext?: string; extra?: string } = {}): string {
  const host = options.host ?? 'scontent-ams2-1.xx';
  return `https://${host}.fbcdn.net/v/${kind}/${name}_n.${options.ext ?? 'jpg'}?${options.extra ?? ''}_nc_cat=101&ccb=1-7&_nc_sid=5f2048&_nc_ht=${host}&oh=00_AfB${name.slice(0, 6)}Sig&oe=${oe}`;
}
const expiry = (oe: string) => parseInt(oe, 16) * 1000;

function postRef(path: string, ids: Record<string, string>): PostRef {
  return { platform: 'facebook', canonicalUrl: `${WWW}/${path}`, contentId: path, ids };
}

/** What a request must (or must not) carry, per exchange of the fixture. */
type HeaderRules = (def: RecordedExchange, index: number) => nock.Options;
const CRAWLER: nock.Options = { badheaders: ['cookie'], reqheaders: { 'user-agent': /^facebookexternalhit\/1\.1/ } };
const SESSION_BROWSER: nock.Options = { reqheaders: { cookie: SESSION_COOKIE, 'user-agent': /^Mozilla\/5\.0/ } };
const ANONYMOUS: HeaderRules = () => CRAWLER;
/** The first exchange answers the crawler, the rest the logged-in session. */
const CRAWLER_THEN_SESSION: HeaderRules = (_def, index) => (index === 0 ? CRAWLER : SESSION_BROWSER);

/** Facebook under test: the scenario's exchanges answer under the header rules (the crawler's by default). */
function facebookWith(scenarios: string | string[] = [], credentials: OneSessionEach = {}, rules: HeaderRules = ANONYMOUS): Given<'facebook'> {
  return given('facebook', scenarios, { credentials, headerRules: rules });
}

/**
 * The requests the fixture answered, as `GET host/path as crawler|session`, so a test can say which
 * strategies ran; then any request nothing answered as `UNMATCHED …`.
 */
function calls(under: Given): string[] {
  return [
    ...under.served.map(({ url, headers }) => `GET ${url.host}${url.pathname} as ${String(headers['user-agent']).startsWith('facebookexternalhit') ? 'crawler' : 'session'}`),
    ...under.unmatched.map((request) => `UNMATCHED ${request}`),
  ];
}

async function resolve(scenario: string, ref: PostRef, credentials: OneSessionEach = {}, rules?: HeaderRules): Promise<{ result: AdapterResult; calls: string[] }> {
  const served = facebookWith(scenario, credentials, rules);
  const { result } = await served.resolvePost(ref);
  return { result, calls: calls(served) };
}

const harbour = { name: 'Harbour Bakery', url: `${WWW}/harbourbakery` };
const PFBID = 'pfbid02HarbourBakery7RyeLoavesAbcdefGhijkLmnopQrstu';

describe('facebook adapter', () => {
  afterEach(() => {
    nock.cleanAll();
    nock.emitter.removeAllListeners('no match');
  });

  describe('cards from the crawler page', () => {
    it('when a pfbid post has one photo, returns an image card with the full-size JSON-LD photo, the full text and the author', async () => {
      const photo = cdn('t39.30808-6', '418812345_7788990011223344_1029384756473829100', '67A1B2C3');
      const { result, calls } = await resolve('post-photo', postRef(`harbourbakery/posts/${PFBID}`, { type: 'post', id: PFBID, owner: 'harbourbakery' }));
      expect(result).to.deep.equal({
        ok: true,
        card: {
          kind: 'image',
          title: 'Harbour Bakery',
          description: 'Rye loaves are back on Saturday 🍞\n\nPre-order at https://harbourbakery.example/order before Friday noon.',
          author: harbour,
          nsfw: false,
          // dateCreated 2025-01-30T09:12:44-0800; dateModified is no edit time and is not read.
          publishedAt: '2025-01-30T17:12:44Z',
          // interactionStatistic: LikeAction, CommentAction, ShareAction (0 is a count); FollowAction counts the Page, not the post.
          stats: { likes: 1290, replies: 41, reposts: 0 },
          image: { url: photo, width: 1600, height: 1200 },
        },
        mediaExpiresAt: expiry('67A1B2C3'),
      });
      expect(calls).to.deep.equal([`GET www.facebook.com/harbourbakery/posts/${PFBID} as crawler`]);
    });

    it("when a text post's only og:image is the Page's profile picture, returns a link card without it, the author's URL from isPartOf", async () => {
      const { result } = await resolve('post-text', postRef('harbourbakery/posts/1234567890123456', { type: 'post', id: '1234567890123456', owner: 'harbourbakery' }));
      expect(result).to.deep.equal({
        ok: true,
        card: { kind: 'link', title: 'Harbour Bakery', description: 'Closed Monday for the harbour festival.\nSee you at stall 12!', author: harbour, nsfw: false },
      });
    });

    it('when a permalink.php post shows three photos, returns a gallery of them in page order with their sizes', async () => {
      const story = 'pfbid0MarshWalkersAlbumSaturdayHeronsXyz';
      const images = [1, 2, 3].map((i) => ({
        url: cdn('t39.30808-6', `41990000${i}_1100220033004400${i}_99887766554433221${i}`, '67A2D4E6', { host: 'scontent-lhr8-1.xx' }),
        width: 1440 - (i - 1) * 240,
        height: 1080,
      }));
      const ref = postRef(`permalink.php?story_fbid=${story}&id=100064000000777`, { type: 'post', id: story, owner: '100064000000777' });
      const { result } = await resolve('album', ref);
      expect(result).to.deep.equal({
        ok: true,
        card: { kind: 'gallery', title: 'Marsh Walkers Club', description: 'Saturday walk: herons, a kingfisher and far too much mud.', nsfw: false, image: images[0], images },
        mediaExpiresAt: expiry('67A2D4E6'),
      });
    });

    it('when a photo page has one og:image with its sizes, returns an image card with the caption', async () => {
      const { result } = await resolve('photo', postRef('photo/?fbid=987654321012345', { type: 'photo', id: '987654321012345' }));
      expect(result).to.deep.equal({
        ok: true,
        card: {
          kind: 'image',
          title: 'Harbour Bakery',
          description: 'The new oven, finally in.',
          nsfw: false,
          image: { url: cdn('t39.30808-6', '420000111_8877665544332211_5566778899001122334', '67A3E5F7'), width: 2048, height: 1536 },
        },
        mediaExpiresAt: expiry('67A3E5F7'),
      });
    });

    it('when a reel page has og:video tags, returns a video card with the https MP4 (proxied), its size and the og:image poster', async () => {
      const mp4 = cdn('t42.1790-2', '470123456_1357913579135791_1122334455667788990', '67A4F6A8', {
        host: 'video-ams2-1.xx',
        ext: 'mp4',
        extra: '_nc_vs=HBkcFQIYOnBhc3N0aHJvdWdoX2V2ZXJzdG9yZQ&efg=eyJ2ZW5jb2RlX3RhZyI6Im9lcF9oZCJ9&',
      });
      const { result } = await resolve('reel', postRef('reel/1357913579135791', { type: 'reel', id: '1357913579135791' }));
      expect(result).to.deep.equal({
        ok: true,
        card: {
          kind: 'video',
          title: 'Shaping baguettes in 30 seconds',
          description: 'Three folds, one roll, lots of flour. #baking',
          nsfw: false,
          video: { url: mp4, mimeType: 'video/mp4', width: 720, height: 1280 },
          image: { url: cdn('t15.5256-10', '470999888_1357913579135791_9988776655443322110', '67A4F6A8') },
        },
        mediaExpiresAt: expiry('67A4F6A8'),
      });
    });

    it('when a watch page has no og:video, returns the HD MP4, duration and publish time of the Comet video object whose id is the post, not the suggested one before it', async () => {
      const hd = cdn('t42.1790-2', '476543210_2468024680246802_1234512345123451234', '67A5B7C9', {
        host: 'video-lhr8-2.xx',
        ext: 'mp4',
        extra: 'efg=eyJ2ZW5jb2RlX3RhZyI6Im9lcF9oZCJ9&',
      });
      const { result } = await resolve('watch-comet', postRef('watch/?v=2468024680246802', { type: 'video', id: '2468024680246802' }));
      expect(result).to.deep.equal({
        ok: true,
        card: {
          kind: 'video',
          title: 'Tide tables explained',
          description: 'Why the harbour floods twice a day, with a bucket and a ruler.',
          nsfw: false,
          // publish_time 1738339200 and playable_duration_in_ms 95480 of the named object (the suggested one has others).
          publishedAt: '2025-01-31T16:00:00Z',
          video: { url: hd, mimeType: 'video/mp4', width: 1920, height: 1080, duration: 95.48 },
          image: { url: cdn('t15.5256-10', '476543299_2468024680246802_6677889900112233445', '67A5B0B0') },
        },
        // The poster expires before the video: the earliest media expiry bounds the cache.
        mediaExpiresAt: expiry('67A5B0B0'),
      });
    });

    it("when a group post has a JSON-LD posting and no photo, returns a link card titled with its author's name, the group (og:title) as its community", async () => {
      const ref = postRef('groups/sourdoughclub/posts/1112223334445556', { type: 'group-post', id: '1112223334445556', group: 'sourdoughclub' });
      const { result } = await resolve('group-post', ref);
      expect(result).to.deep.equal({
        ok: true,
        card: {
          kind: 'link',
          title: 'Mina Okafor',
          description: 'Day 4 of the starter: bubbles! Feeding it twice a day now.',
          author: { name: 'Mina Okafor', url: `${WWW}/mina.okafor.bakes` },
          nsfw: false,
          community: { name: 'Sourdough Club', url: `${WWW}/groups/sourdoughclub/` },
        },
      });
    });
  });

  describe('refusals', () => {
    it('when the post URL redirects to /login, returns blocked', async () => {
      const { result, calls } = await resolve('login-redirect', postRef('reel/1010101010101010', { type: 'reel', id: '1010101010101010' }));
      expect(result).to.deep.equal({ ok: false, reason: 'blocked' });
      expect(calls).to.deep.equal(['GET www.facebook.com/reel/1010101010101010 as crawler', 'GET www.facebook.com/login/ as crawler']);
    });

    it('when the post URL answers the login wall in place (canonical /login/web/, no og:title), returns blocked', async () => {
      const { result } = await resolve('login-page', postRef('watch/?v=3030303030303030', { type: 'video', id: '3030303030303030' }));
      expect(result).to.deep.equal({ ok: false, reason: 'blocked' });
    });

    it('when no facebook cookies are configured and the crawler is refused, asks nothing more', async () => {
      const { result, calls } = await resolve('login-page', postRef('watch/?v=3030303030303030', { type: 'video', id: '3030303030303030' }), {
        instagram: { cookies: { sessionid: 'not-facebook' } },
      });
      expect(result).to.deep.equal({ ok: false, reason: 'blocked' });
      expect(calls).to.deep.equal(['GET www.facebook.com/watch/ as crawler']);
    });

    it('when the page says the content is not available, returns not-found', async () => {
      const { result } = await resolve('unavailable', postRef('harbourbakery/posts/pfbid0GoneGoneGoneDeletedPost123', { type: 'post', id: 'pfbid0GoneGoneGoneDeletedPost123' }));
      expect(result).to.deep.equal({ ok: false, reason: 'not-found' });
    });

    const statuses = [
      { scenario: 'not-found', id: '4040404040404040', reason: 'not-found' },
      { scenario: 'rate-limited', id: '4290429042904290', reason: 'rate-limited' },
      { scenario: 'server-error', id: '5000500050005000', reason: 'upstream-error' },
    ] as const;
    for (const { scenario, id, reason } of statuses) {
      it(`when the page answers ${scenario}, returns ${reason}`, async () => {
        const { result } = await resolve(scenario, postRef(`reel/${id}`, { type: 'reel', id }));
        expect(result).to.deep.equal({ ok: false, reason });
      });
    }

    it('when the connection fails, the chain throws its UpstreamError (the use case logs the code and answers upstream-error)', async () => {
      nock(WWW).get(/.*/).replyWithError('socket hang up');
      const error = await facebookWith().adapter.resolve(postRef('reel/6000600060006000', { type: 'reel', id: '6000600060006000' }), AbortSignal.timeout(5000)).catch((e: unknown) => e);
      expect(error).to.have.property('code', 'UPSTREAM_NETWORK');
    });

    it('when the post ids carry no id, returns unsupported without a request', async () => {
      expect(await facebookWith().adapter.resolve(postRef('reel/', { type: 'reel' }), AbortSignal.timeout(5000))).to.deep.equal({ ok: false, reason: 'unsupported' });
    });
  });

  describe('session cookies', () => {
    const bakersOnly = (id: string) => postRef(`groups/bakersonly/posts/${id}`, { type: 'group-post', id, group: 'bakersonly' });

    it('when facebook cookies are configured and the crawler meets the login wall, the session page gives the card; cookies stay out of the result', async () => {
      const { result, calls } = await resolve('session-fallback', bakersOnly('2223334445556667'), WITH_SESSION, CRAWLER_THEN_SESSION);
      expect(result).to.deep.equal({
        ok: true,
        card: {
          kind: 'video',
          title: 'Tomas Lindqvist',
          description: 'Members-only lamination demo from last night. 27 layers!',
          author: { name: 'Tomas Lindqvist', url: `${WWW}/tomas.lindqvist` },
          nsfw: false,
          community: { name: 'Bakers Only', url: `${WWW}/groups/bakersonly/` },
          video: {
            url: cdn('t42.1790-2', '479000111_2223334445556667_7766554433221100998', '67A6C8DA', { host: 'video-ams2-1.xx', ext: 'mp4' }),
            mimeType: 'video/mp4',
            width: 1080,
            height: 1080,
          },
          image: { url: cdn('t15.5256-10', '479000112_2223334445556667_1100998877665544332', '67A6C8DA') },
        },
        mediaExpiresAt: expiry('67A6C8DA'),
      });
      expect(calls).to.deep.equal([
        'GET www.facebook.com/groups/bakersonly/posts/2223334445556667 as crawler',
        'GET www.facebook.com/groups/bakersonly/posts/2223334445556667 as session',
      ]);
      const text = JSON.stringify(result);
      for (const secret of Object.values(SESSION)) expect(text).not.to.include(secret);
    });

    it('when the crawler page already gives the card, the session is never used', async () => {
      const { result, calls } = await resolve('photo', postRef('photo/?fbid=987654321012345', { type: 'photo', id: '987654321012345' }), WITH_SESSION);
      expect(result).to.have.property('ok', true);
      expect(calls).to.deep.equal(['GET www.facebook.com/photo/ as crawler']);
    });

    const crumbShot = postRef('reel/5556667778889990', { type: 'reel', id: '5556667778889990' });
    const crumbPoster = { url: cdn('t15.5256-10', '481000222_5556667778889990_1212121212121212121', '67A7D9EB') };

    it("when a reel's crawler page has only its poster, and cookies are configured, takes the video from the session's page", async () => {
      const { result, calls } = await resolve('reel-poster-only', crumbShot, WITH_SESSION, CRAWLER_THEN_SESSION);
      expect(result).to.deep.equal({
        ok: true,
        card: {
          kind: 'video',
          title: 'Crumb shot',
          description: 'Open crumb, finally.',
          nsfw: false,
          video: {
            url: cdn('t42.1790-2', '481000223_5556667778889990_3434343434343434343', '67A7D9EB', { host: 'video-ams2-1.xx', ext: 'mp4' }),
            mimeType: 'video/mp4',
            
            width: 720,
            height: 1280,
          },
          image: crumbPoster,
        },
        mediaExpiresAt: expiry('67A7D9EB'),
      });
      expect(calls).to.deep.equal(['GET www.facebook.com/reel/5556667778889990 as crawler', 'GET www.facebook.com/reel/5556667778889990 as session']);
    });

    it("when a reel's crawler page has only its poster and no cookies are configured, returns the poster as an image card", async () => {
      const { result, calls } = await resolve('reel-poster-only', crumbShot, {}, CRAWLER_THEN_SESSION);
      expect(result).to.deep.equal({
        ok: true,
        card: { kind: 'image', title: 'Crumb shot', description: 'Open crumb, finally.', nsfw: false, image: crumbPoster },
        mediaExpiresAt: expiry('67A7D9EB'),
      });
      expect(calls).to.deep.equal(['GET www.facebook.com/reel/5556667778889990 as crawler']);
    });

    it("when the session's page of a poster-only reel fails, the crawler's card stands", async () => {
      const crawler = nock(WWW, CRAWLER).get('/reel/5556667778889990').reply(200, `<html><head><meta property="og:title" content="Crumb shot" /><meta property="og:image" content="${crumbPoster.url.replaceAll('&', '&amp;')}" /></head></html>`);
      const session = nock(WWW, SESSION_BROWSER).get('/reel/5556667778889990').replyWithError('socket hang up');
      const result = await facebookWith([], WITH_SESSION).adapter.resolve(crumbShot, AbortSignal.timeout(5000));
      expect(crawler.isDone() && session.isDone()).to.equal(true);
      expect(result).to.deep.equal({ ok: true, card: { kind: 'image', title: 'Crumb shot', nsfw: false, image: crumbPoster }, mediaExpiresAt: expiry('67A7D9EB') });
    });

    it('when the session is sent to a checkpoint too, returns blocked after both pages', async () => {
      const { result, calls } = await resolve('session-checkpoint', bakersOnly('3334445556667778'), WITH_SESSION, CRAWLER_THEN_SESSION);
      expect(result).to.deep.equal({ ok: false, reason: 'blocked' });
      expect(calls).to.deep.equal([
        'GET www.facebook.com/groups/bakersonly/posts/3334445556667778 as crawler',
        'GET www.facebook.com/groups/bakersonly/posts/3334445556667778 as session',
        'GET www.facebook.com/checkpoint/1501092823525282/ as session',
      ]);
    });

    it('when the crawler is told the content is not available, the session is still asked (it may see it), and not-found stands when it cannot', async () => {
      facebookWith('unavailable');
      const session = nock(WWW, SESSION_BROWSER).get('/harbourbakery/posts/pfbid0GoneGoneGoneDeletedPost123').reply(302, '', { location: `${WWW}/login/` });
      const login = nock(WWW).get('/login/').reply(200, '<html><head><title>Log into Facebook</title></head></html>');
      const result = await facebookWith([], WITH_SESSION).adapter.resolve(
        postRef('harbourbakery/posts/pfbid0GoneGoneGoneDeletedPost123', { type: 'post', id: 'pfbid0GoneGoneGoneDeletedPost123' }),
        AbortSignal.timeout(5000),
      );
      expect(session.isDone() && login.isDone()).to.equal(true);
      expect(result).to.deep.equal({ ok: false, reason: 'not-found' });
    });
  });

  describe('short links', () => {
    it('when fb.watch redirects to the watch page, the hop names it and expands to the canonical video URL', async () => {
      facebookWith('short-fbwatch');
      const hop = await facebookWith().adapter.readShortLink('https://fb.watch/aBcD3fGh1/', AbortSignal.timeout(5000));
      expect(hop).to.deep.equal({ ok: true, location: `${WWW}/watch/?v=2468024680246802&ref=sharing` });
      const expansion = await expandShortLink(createSpecList(), facebook, facebookWith().adapter, 'https://fb.watch/aBcD3fGh1/', AbortSignal.timeout(5000));
      expect(expansion).to.deep.equal({ ok: true, url: `${WWW}/watch/?v=2468024680246802` });
    });

    it('when a logged-out client is sent from /share/v/… to the login page, the use case reads the hop as blocked', async () => {
      facebookWith('short-share-login');
      const url = `${WWW}/share/v/1AbCdEfGhI/`;
      const hop = await facebookWith().adapter.readShortLink(url, AbortSignal.timeout(5000));
      expect(hop).to.deep.equal({ ok: true, location: `${WWW}/login/?next=https%3A%2F%2Fwww.facebook.com%2Fshare%2Fv%2F1AbCdEfGhI%2F` });
      expect(await expandShortLink(createSpecList(), facebook, facebookWith().adapter, url, AbortSignal.timeout(5000))).to.deep.equal({ ok: false, reason: 'blocked' });
    });

    it('when facebook cookies are configured, reads the share link as that session (sent on to the reel), from www even for an m. URL', async () => {
      const served = facebookWith('short-share-session', WITH_SESSION, () => SESSION_BROWSER);
      const hop = await served.adapter.readShortLink('https://m.facebook.com/share/r/9ZyXwVuTsR/', AbortSignal.timeout(5000));
      expect(hop).to.deep.equal({ ok: true, location: `${WWW}/reel/1357913579135791/?mibextid=9drbnH&rdid=AbCdEf123` });
      expect(calls(served)).to.deep.equal(['GET www.facebook.com/share/r/9ZyXwVuTsR/ as session']);
    });
  });

  describe('declarations', () => {
    it('when listed, the capabilities, upstream hosts and media hosts say what the adapter does', () => {
      const fb = facebookWith().adapter;
      expect(capabilitiesOf(facebook)).to.deep.equal({ video: true, nsfw: false, shortLinks: true, proxy: true });
      expect(fb.upstreamHosts).to.deep.equal(['www.facebook.com', 'fb.watch']);
      expect(facebook.mediaHosts).to.deep.equal(['.fbcdn.net']);
    });
  });
});

// Shapes no fixture above carries, checked on bodies alone.
describe('facebook page parser', () => {
  const page = (head: string, body = '') => `<!DOCTYPE html><html><head>${head}</head><body>${body}</body></html>`;
  const og = (property: string, content: string) => `<meta property="${property}" content="${content}" />`;
  const ld = (value: unknown) => `<script type="application/ld+json">${JSON.stringify(value)}</script>`;
  const photo = (n: number) => `https://scontent-ams2-1.xx.fbcdn.net/v/t39.30808-6/${n}_n.jpg?oh=00_x&oe=67000000`;
  const post = { type: 'post', id: 'pfbid0ParserShapes' };

  it('when the JSON-LD posting lists two photos, returns a gallery of them', () => {
    const html = page(og('og:title', 'Ada'), ld({ '@type': 'SocialMediaPosting', articleBody: 'two', image: [{ contentUrl: photo(1), width: 800, height: 600 }, photo(2)] }));
    const result = parsePostPage(html, post);
    expect(result.ok && result.card).to.deep.include({ kind: 'gallery', images: [{ url: photo(1), width: 800, height: 600 }, { url: photo(2) }] });
  });

  it('when og:video is a player page (text/html), does not take it for a video file', () => {
    const html = page(og('og:title', 'Ada') + og('og:video', 'https://www.facebook.com/video/embed?video_id=1') + og('og:video:type', 'text/html') + og('og:image', photo(3)));
    expect(parsePostPage(html, { type: 'video', id: '1' })).to.have.nested.property('card.kind', 'image');
  });

  it("when the JSON-LD is a VideoObject, its name is the card's title", () => {
    const html = page(og('og:title', 'Ada Lovelace'), ld({ '@type': 'VideoObject', name: 'Engines, explained', author: { name: 'Ada Lovelace', url: `${WWW}/ada` } }));
    expect(parsePostPage(html, post)).to.nested.include({ 'card.title': 'Engines, explained', 'card.author.name': 'Ada Lovelace' });
  });

  it('when a Comet video object has braces and escaped quotes in its strings, still finds and reads it', () => {
    const object = { __typename: 'Video', id: '77', caption: 'a "quoted" {brace} \\ and }', playable_url: 'https://video-ams2-1.xx.fbcdn.net/v/t42/77_n.mp4?oe=67000001' };
    const html = page(og('og:title', 'Ada'), `<script type="application/json">{"outer":{"list":[${JSON.stringify(object)}]}}</script>`);
    expect(parsePostPage(html, { type: 'video', id: '77' })).to.have.nested.property('card.video.url', object.playable_url);
  });

  it("when the not-available text is entity-encoded (isn&#039;t), returns not-found", () => {
    expect(parsePostPage(page('<title>Facebook</title>', '<h2>This content isn&#039;t available at the moment</h2>'), post)).to.deep.equal({ ok: false, reason: 'not-found' });
  });

  const walls = [
    { name: 'the home page ("Facebook – log in or sign up")', html: page(og('og:title', 'Facebook – log in or sign up') + og('og:url', `${WWW}/`)) },
    { name: 'an og:url on /login', html: page(og('og:title', 'Ada') + og('og:url', `${WWW}/login/?next=%2F`)) },
  ];
  for (const { name, html } of walls) {
    it(`when the page is ${name}, returns blocked`, () => {
      expect(parsePostPage(html, post)).to.deep.equal({ ok: false, reason: 'blocked' });
    });
  }
});

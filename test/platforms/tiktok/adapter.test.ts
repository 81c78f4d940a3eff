// The TikTok adapter through the real HTTP adapter, answered by the nock fixtures in
// test/platforms/tiktok/fixtures/ (our own handles, ids and values, shaped like TikTok's pages and oEmbed).
import { expect } from 'chai';
import nock from 'nock';
import type { OneSessionEach } from '../../support/given.js';
import type { PostRef } from '../../../src/application/ports/platform-adapter.port.js';
import { exchangeBody, loadRecordedExchanges } from '../../../src/infrastructure/http/recorded-exchanges.js';
import { textFromOembed } from '../../../src/infrastructure/platforms/tiktok/oembed.js';
import { parsePage } from '../../../src/infrastructure/platforms/tiktok/page.js';
import { fixturePath, rawHeaders, useExchanges, useFixture } from '../../support/fixtures.js';
import { given } from '../../support/given.js';
import { tiktok as tiktokSpec } from '../../../src/domain/platforms/tiktok.js';
import { capabilitiesOf } from '../../../src/domain/platforms/platform-spec.js';

const ORIGIN = 'https://www.tiktok.com';
const MEDIA_REFERER = 'https://www.tiktok.com/';

function postRef(id: string, user?: string, type: 'video' | 'photo' = 'video'): PostRef {
  return {
    platform: 'tiktok',
    canonicalUrl: `${ORIGIN}/@${user ?? 'i'}/${type}/${id}`,
    contentId: id,
    ids: user ? { user, id, type } : { id, type },
  };
}


/** Answers the fixture's page only to a request that passes `options` (reqheaders / badheaders). */
function pageOnlyWhen(scenario: string, options: nock.Options): nock.Scope {
  const [page, ...rest] = loadRecordedExchanges(fixturePath('tiktok', scenario));
  useExchanges(rest);
  return nock(page!.scope, options).get(page!.path).reply(page!.status ?? 200, exchangeBody(page!), rawHeaders(page!));
}

/** An oEmbed answer the test can check was never asked for. */
function oembedWatch(): nock.Scope {
  return nock(ORIGIN).get('/oembed').query(true).reply(200, { author_name: 'Should Not Be Asked', author_unique_id: 'nobody' });
}

const AVATAR = (handle: string) => `https://p16-sign-va.tiktokcdn.com/tos-maliva-avt-0068/${handle}-avatar~c5_100x100.jpeg?x-expires=1750000000&x-signature=avatar%3D`;
const play = (path: string, signature: string, expire = 1750003600) =>
  `https://v16-webapp-prime.tiktok.com/video/tos/useast2a/tos-useast2a-ve-0068c001/${path}/?a=1988&bti=TestBti&ch=0&cr=3&dr=0&lr=unwatermarked&br=1500&bt=750&mime_type=video_mp4&qs=0&rc=TestRc&btag=e00088000&expire=${expire}&l=20250615100000TEST&ply_type=2&policy=2&signature=${signature}&tk=tt_chain_token`;
const cover = (name: string, expires = 1750010000) =>
  `https://p16-sign-va.tiktokcdn.com/obj/tos-maliva-p-0068/${name}?x-expires=${expires}&x-signature=Cover${name}%3D`;
const photo = (n: number, width: number, height: number) => ({
  url: `https://p16-sign-va.tiktokcdn.com/tos-maliva-i-photomode-us/jonasPhoto${n}~tplv-photomode-image.jpeg?x-expires=1750020000&x-signature=Photo${n}%3D`,
  width,
  height,
});

describe('tiktok adapter', () => {
  afterEach(() => nock.cleanAll());

  it("when the page's state has a video, returns a video card with playAddr (not the H.265 gear), the cover, the chain token and the CDN's Referer", async () => {
    const result = (await given('tiktok', 'video').resolvePost(postRef('7400000000000000101', 'marta.bakes'))).result;
    expect(result).to.deep.equal({
      ok: true,
      card: {
        kind: 'video',
        title: 'Marta Bakes (@marta.bakes)',
        description: 'Sourdough scoring, slow motion 🍞 #sourdough #baking',
        // avatarThumb (the 100×100 every page generation fills), not avatarLarger.
        author: { name: 'Marta Bakes', url: 'https://www.tiktok.com/@marta.bakes', handle: 'marta.bakes', avatar: AVATAR('marta.bakes'), verified: true },
        nsfw: false,
        // createTime "1749980000"; textLanguage "en".
        publishedAt: '2025-06-15T09:33:20Z',
        lang: 'en',
        // statsV2 (digit strings) wins over stats where both have the key; collectCount → bookmarks.
        stats: { likes: 1250, reposts: 31, replies: 46, views: 25100, bookmarks: 88 },
        image: { url: cover('martaCover0101'), width: 720, height: 1280 },
        video: { url: play('oQmartaSourdoughH264', 'sig0101'), mimeType: 'video/mp4', width: 720, height: 1280, duration: 18 },
      },
      // The video's expire= (1750003600) comes before the cover's x-expires= (1750010000).
      mediaExpiresAt: 1750003600000,
      mediaHeaders: { cookie: 'tt_chain_token=Q2hhaW5Ub2tlbk1hcnRh==', referer: MEDIA_REFERER },
    });
  });

  it('when the post is a photo post, returns a gallery of its photos in order, without its soundtrack video or media headers', async () => {
    const images = [photo(1, 1080, 1440), photo(2, 1080, 1350), photo(3, 1440, 1080)];
    const result = (await given('tiktok', 'photo').resolvePost(postRef('7400000000000000202', 'jonas.hikes', 'photo'))).result;
    expect(result).to.deep.equal({
      ok: true,
      card: {
        kind: 'gallery',
        title: 'Jonas Berg (@jonas.hikes)',
        description: 'Three days on the Kungsleden ⛰️',
        author: { name: 'Jonas Berg', url: 'https://www.tiktok.com/@jonas.hikes', handle: 'jonas.hikes', avatar: AVATAR('jonas.hikes'), verified: false },
        nsfw: false,
        publishedAt: '2025-06-15T09:33:20Z',
        // textLanguage "un" (undetermined) gives no lang.
        stats: { likes: 1200, reposts: 30, replies: 45, views: 25000 },
        image: images[0],
        images,
      },
      mediaExpiresAt: 1750020000000,
    });
  });

  it('when the item is isContentClassified and the URL names no handle, returns nsfw true and the handle from the page', async () => {
    const result = (await given('tiktok', 'nsfw').resolvePost(postRef('7400000000000000303'))).result;
    expect(result).to.deep.include({ ok: true, mediaHeaders: { cookie: 'tt_chain_token=Q2hhaW5Ub2tlblJvc2E=', referer: MEDIA_REFERER } });
    expect(result.ok && result.card).to.deep.include({
      kind: 'video',
      title: 'Rosa Ink (@rosa.ink)',
      author: { name: 'Rosa Ink', url: 'https://www.tiktok.com/@rosa.ink', handle: 'rosa.ink', avatar: AVATAR('rosa.ink'), verified: false },
      nsfw: true,
    });
  });

  it('when the page is the 2022 generation with SIGI_STATE, returns the card from ItemModule and the hex expiry of its CDN path', async () => {
    const result = (await given('tiktok', 'sigi-state').resolvePost(postRef('7100000000000000404', 'tom.paints'))).result;
    expect(result).to.deep.equal({
      ok: true,
      card: {
        kind: 'video',
        title: 'Tom Paints (@tom.paints)',
        description: 'Wet-on-wet skies in five minutes',
        // The 2022 item carries avatarThumb itself; its UserModule entry states no `verified`.
        author: {
          name: 'Tom Paints',
          url: 'https://www.tiktok.com/@tom.paints',
          handle: 'tom.paints',
          avatar: 'https://p16-sign-va.tiktokcdn.com/tos-maliva-avt-0068/tom-avatar~c5_100x100.jpeg?x-expires=1660100000&x-signature=A%3D',
        },
        nsfw: false,
        publishedAt: '2022-08-08T23:06:40Z',
        // Only `stats` (numbers) on the 2022 page, and only the counts it has.
        stats: { likes: 300, views: 4000 },
        image: { url: 'https://p16-sign.tiktokcdn-us.com/obj/tos-useast5-p-0068-tx/tomCover0404?x-expires=1660100000&x-signature=TomCover%3D', width: 576, height: 1024 },
        video: {
          url: 'https://v16m-webapp.tiktokcdn-us.com/0123456789abcdef0123456789abcdef/62f5e080/video/tos/useast5/tos-useast5-pve-0068-tx/tomSkies0404/?a=1988&lr=tiktok_m&mime_type=video_mp4&qs=0&rc=TestRc&l=20220811000000TEST',
          mimeType: 'video/mp4',
          width: 576,
          height: 1024,
          duration: 30,
        },
      },
      // 0x62f5e080 = 1660280960, later than the cover's 1660100000.
      mediaExpiresAt: 1660100000000,
      mediaHeaders: { cookie: 'tt_chain_token=Q2hhaW5Ub2tlblRvbQ==', referer: MEDIA_REFERER },
    });
  });

  it('when the state says statusCode 10216, returns private without asking oEmbed', async () => {
    const oembed = oembedWatch();
    expect((await given('tiktok', 'private').resolvePost(postRef('7400000000000000505', 'lena.private'))).result).to.deep.equal({ ok: false, reason: 'private' });
    expect(oembed.isDone()).to.equal(false);
  });

  it('when the state says statusCode 10204, returns not-found without asking oEmbed', async () => {
    const oembed = oembedWatch();
    expect((await given('tiktok', 'not-found').resolvePost(postRef('7400000000000000606', 'gone.user'))).result).to.deep.equal({ ok: false, reason: 'not-found' });
    expect(oembed.isDone()).to.equal(false);
  });

  it("when the page is a bot check with no app state, returns blocked with oEmbed's text and author", async () => {
    expect((await given('tiktok', 'waf-challenge').resolvePost(postRef('7400000000000000707', 'nora.runs'))).result).to.deep.equal({
      ok: false,
      reason: 'blocked',
      partial: {
        title: 'Nora Runs (@nora.runs)',
        description: 'Interval day 🏃‍♀️ 6×400 m',
        author: { name: 'Nora Runs', url: 'https://www.tiktok.com/@nora.runs', handle: 'nora.runs' },
      },
    });
  });

  it('when the page is a bot check and oEmbed answers 404, returns not-found', async () => {
    expect((await given('tiktok', 'waf-challenge-oembed-not-found').resolvePost(postRef('7400000000000000808'))).result).to.deep.equal({ ok: false, reason: 'not-found' });
  });

  it("when the page answers 403, returns blocked with oEmbed's text", async () => {
    expect((await given('tiktok', 'forbidden').resolvePost(postRef('7400000000000000909', 'omar.cooks'))).result).to.deep.equal({
      ok: false,
      reason: 'blocked',
      partial: {
        title: 'Omar Cooks (@omar.cooks)',
        description: 'Ten-minute shakshuka',
        author: { name: 'Omar Cooks', url: 'https://www.tiktok.com/@omar.cooks', handle: 'omar.cooks' },
      },
    });
  });

  it('when page and oEmbed answer 429, returns rate-limited', async () => {
    expect((await given('tiktok', 'rate-limited').resolvePost(postRef('7400000000000001010', 'pia.draws'))).result).to.deep.equal({ ok: false, reason: 'rate-limited' });
  });

  it('when page and oEmbed answer 5xx, returns upstream-error', async () => {
    expect((await given('tiktok', 'server-error').resolvePost(postRef('7400000000000001111', 'quinn.plays'))).result).to.deep.equal({ ok: false, reason: 'upstream-error' });
  });

  it("when the page's connection fails but oEmbed answers, returns upstream-error with oEmbed's text", async () => {
    const [, oembed] = loadRecordedExchanges(fixturePath('tiktok', 'forbidden'));
    useExchanges([oembed!]);
    nock(ORIGIN).get('/@omar.cooks/video/7400000000000000909').replyWithError('socket hang up');
    const result = await given('tiktok').adapter.resolve(postRef('7400000000000000909', 'omar.cooks'), AbortSignal.timeout(5000));
    expect(result).to.deep.include({ ok: false, reason: 'upstream-error' });
    expect(result).to.have.nested.property('partial.title', 'Omar Cooks (@omar.cooks)');
  });

  it('when every connection fails, the chain throws the UpstreamError (the use case logs the code and answers upstream-error)', async () => {
    nock(ORIGIN).persist().get(/.*/).replyWithError('socket hang up');
    const error = await given('tiktok').adapter.resolve(postRef('7400000000000000909', 'omar.cooks'), AbortSignal.timeout(5000)).catch((e: unknown) => e);
    expect(error).to.have.property('code', 'UPSTREAM_NETWORK');
  });

  it('when the post URL names no id, returns unsupported without a request', async () => {
    const post: PostRef = { platform: 'tiktok', canonicalUrl: `${ORIGIN}/@marta.bakes`, contentId: 'marta.bakes', ids: { user: 'marta.bakes' } };
    expect(await given('tiktok').adapter.resolve(post, AbortSignal.timeout(5000))).to.deep.equal({ ok: false, reason: 'unsupported' });
  });

  describe('credentials', () => {
    const credentials: OneSessionEach = { tiktok: { cookies: { sessionid: 's3ss10n-secret', tt_chain_token: 'configured-chain-secret' } } };

    it('when tiktok cookies are configured, sends them on the page request and puts none of them in the result', async () => {
      const page = pageOnlyWhen('video', { reqheaders: { cookie: 'sessionid=s3ss10n-secret; tt_chain_token=configured-chain-secret' } });
      const result = await given('tiktok', [], { credentials }).adapter.resolve(postRef('7400000000000000101', 'marta.bakes'), AbortSignal.timeout(5000));
      expect(page.isDone()).to.equal(true);
      // The chain token for the media is the one this page response set, not the configured one.
      expect(result).to.have.nested.property('mediaHeaders.cookie', 'tt_chain_token=Q2hhaW5Ub2tlbk1hcnRh==');
      expect(JSON.stringify(result)).not.to.match(/s3ss10n-secret|configured-chain-secret/);
    });

    it('when the page sets no chain token of its own, keeps only the Referer rather than copy the configured cookie', async () => {
      const [page] = loadRecordedExchanges(fixturePath('tiktok', 'video'));
      nock(ORIGIN).get(page!.path).reply(200, exchangeBody(page!), { 'content-type': 'text/html; charset=utf-8' });
      const result = await given('tiktok', [], { credentials }).adapter.resolve(postRef('7400000000000000101', 'marta.bakes'), AbortSignal.timeout(5000));
      expect(result).to.have.property('mediaHeaders').that.deep.equals({ referer: MEDIA_REFERER });
      expect(JSON.stringify(result)).not.to.match(/s3ss10n-secret|configured-chain-secret/);
    });

    it('when no credentials are configured, sends no cookie on the page request', async () => {
      const page = pageOnlyWhen('video', { badheaders: ['cookie'] });
      const result = await given('tiktok').adapter.resolve(postRef('7400000000000000101', 'marta.bakes'), AbortSignal.timeout(5000));
      expect(page.isDone()).to.equal(true);
      expect(result.ok).to.equal(true);
    });

    it('when credentials are configured, sends none of them to oEmbed', async () => {
      const [page, oembed] = loadRecordedExchanges(fixturePath('tiktok', 'waf-challenge'));
      useExchanges([page!]);
      const scope = nock(ORIGIN, { badheaders: ['cookie'] }).get(oembed!.path).reply(200, exchangeBody(oembed!), rawHeaders(oembed!));
      const result = await given('tiktok', [], { credentials }).adapter.resolve(postRef('7400000000000000707', 'nora.runs'), AbortSignal.timeout(5000));
      expect(scope.isDone()).to.equal(true);
      expect(result).to.deep.include({ ok: false, reason: 'blocked' });
    });
  });

  describe('readShortLink', () => {
    for (const [short, target] of [
      ['https://vm.tiktok.com/ZMsh0rt01/', 'https://www.tiktok.com/@marta.bakes/video/7400000000000000101?_r=1&_t=TestShare'],
      ['https://vt.tiktok.com/ZSsh0rt02/', 'https://www.tiktok.com/@jonas.hikes/photo/7400000000000000202?_r=1'],
      ['https://www.tiktok.com/t/ZTsh0rt03/', 'https://www.tiktok.com/@rosa.ink/video/7400000000000000303?_t=TestShare'],
    ] as const) {
      it(`when ${short} answers a redirect, returns its Location without following it`, async () => {
        useFixture('tiktok', 'short-links');
        expect(await given('tiktok').adapter.readShortLink(short, AbortSignal.timeout(5000))).to.deep.equal({ ok: true, location: target });
      });
    }

    it('when the short link is unknown (404), returns not-found', async () => {
      nock('https://vm.tiktok.com').get('/ZMgone0000/').reply(404, 'Not Found');
      expect(await given('tiktok').adapter.readShortLink('https://vm.tiktok.com/ZMgone0000/', AbortSignal.timeout(5000))).to.deep.equal({ ok: false, reason: 'not-found' });
    });
  });

  it('declares the hosts it calls and the media CDNs of its cards', () => {
    const tiktok = given('tiktok').adapter;
    expect(tiktok.upstreamHosts).to.have.members(['www.tiktok.com', 'vm.tiktok.com', 'vt.tiktok.com']);
    expect(tiktokSpec.mediaHosts).to.have.members(['.tiktok.com', '.tiktokcdn.com', '.tiktokcdn-us.com', '.tiktokcdn-eu.com']);
    expect(capabilitiesOf(tiktokSpec)).to.deep.equal({ video: true, nsfw: true, shortLinks: true, proxy: true });
  });
});

// Shapes no fixture above carries, checked on bodies alone.
describe('tiktok parsers', () => {
  const pageWith = (detail: Record<string, unknown>) =>
    `<html><body><script id="__UNIVERSAL_DATA_FOR_REHYDRATION__" type="application/json">${JSON.stringify({ __DEFAULT_SCOPE__: { 'webapp.video-detail': detail } })}</script></body></html>`;
  const author = { uniqueId: 'sam.test', nickname: 'Sam Test', avatarLarger: 'https://p16-sign-va.tiktokcdn.com/avatar.jpeg' };
  const gear = (codec: string, bitrate: number, name: string) => ({
    Bitrate: bitrate,
    CodecType: codec,
    PlayAddr: { Width: 1080, Height: 1920, UrlList: [`https://v16-webapp-prime.tiktok.com/video/${name}/?expire=1750000000`] },
  });
  const cardOf = (item: Record<string, unknown>) => {
    const result = parsePage(pageWith({ statusCode: 0, itemInfo: { itemStruct: { id: '1', desc: 'hi', author, ...item } } }), '1');
    return result.ok ? result.card : result;
  };

  it('when playAddr is empty, returns the H.264 gear with the highest bitrate, never an H.265 one', () => {
    const video = { width: 720, height: 1280, playAddr: '', bitrateInfo: [gear('h265_hvc1', 3000000, 'hevc'), gear('h264', 900000, 'low'), gear('h264', 2000000, 'high')] };
    expect(cardOf({ video })).to.have.deep.property('video', {
      url: 'https://v16-webapp-prime.tiktok.com/video/high/?expire=1750000000',
      mimeType: 'video/mp4',
      width: 1080,
      height: 1920,
    });
  });

  it('when only downloadAddr is left, returns the watermarked download', () => {
    const video = { width: 720, height: 1280, playAddr: '', bitrateInfo: [gear('h265_hvc1', 3000000, 'hevc')], downloadAddr: 'https://v16-webapp-prime.tiktok.com/video/dl/?lr=tiktok_m' };
    expect(cardOf({ video })).to.have.nested.property('video.url', 'https://v16-webapp-prime.tiktok.com/video/dl/?lr=tiktok_m');
  });

  it('when the page withheld every video address, returns a link card that still shows the cover', () => {
    const video = { width: 720, height: 1280, playAddr: '', cover: 'https://p16-sign-va.tiktokcdn.com/obj/cover?x-expires=1750000000' };
    expect(cardOf({ video })).to.deep.equal({
      kind: 'link',
      title: 'Sam Test (@sam.test)',
      description: 'hi',
      // avatarLarger alone is not read: no avatar.
      author: { name: 'Sam Test', url: 'https://www.tiktok.com/@sam.test', handle: 'sam.test' },
      nsfw: false,
      image: { url: 'https://p16-sign-va.tiktokcdn.com/obj/cover?x-expires=1750000000', width: 720, height: 1280 },
    });
  });

  it('when a photo post has one photo without sizes and the author no nickname, returns an image card titled @handle', () => {
    const imagePost = { images: [{ imageURL: { urlList: ['https://p16-sign-va.tiktokcdn.com/photo1.jpeg'] } }] };
    expect(cardOf({ imagePost, author: { uniqueId: 'sam.test', nickname: '' } })).to.deep.include({
      kind: 'image',
      title: '@sam.test',
      author: { name: 'sam.test', url: 'https://www.tiktok.com/@sam.test', handle: 'sam.test' },
      image: { url: 'https://p16-sign-va.tiktokcdn.com/photo1.jpeg' },
    });
  });

  for (const [code, reason] of [
    [10222, 'private'],
    [10216, 'private'],
    [10204, 'not-found'],
    [10101, 'upstream-error'],
  ] as const) {
    it(`when the state says statusCode ${code}, returns ${reason}`, () => {
      expect(parsePage(pageWith({ statusCode: code, statusMsg: 'x' }), '1')).to.deep.equal({ ok: false, reason });
    });
  }

  it('when the app state lacks the video-detail scope (another page served instead), returns blocked', () => {
    const html = `<script id="__UNIVERSAL_DATA_FOR_REHYDRATION__" type="application/json">{"__DEFAULT_SCOPE__":{"webapp.app-context":{}}}</script>`;
    expect(parsePage(html, '1')).to.deep.equal({ ok: false, reason: 'blocked' });
  });

  it('when the item has no author handle, throws UPSTREAM_BAD_RESPONSE', () => {
    expect(() => cardOf({ author: { nickname: 'Nobody' } })).to.throw().with.property('code', 'UPSTREAM_BAD_RESPONSE');
  });

  it('when an oEmbed answer names no author and has no text, gives no partial', () => {
    expect(textFromOembed({ version: '1.0', type: 'video' })).to.equal(undefined);
  });
});

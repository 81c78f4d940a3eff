// The VK adapter through the real HTTP adapter, upstreams replayed from test/platforms/vk/fixtures/
// (nock definitions), with the requests it made recorded.
import { expect } from 'chai';
import nock from 'nock';
import type { PostRef } from '../../../src/application/ports/platform-adapter.port.js';
import { parseVideoGet } from '../../../src/infrastructure/platforms/vk/api.js';
import { pageText } from '../../../src/infrastructure/platforms/vk/page.js';
import { given } from '../../support/given.js';
import { testHttpClient } from '../../support/http.js';

const TOKEN = 'https://api.vk.ru/method/auth.getAnonymToken?client_id=51552953&client_secret=qgr0yWwXCrsxA1jnRtRX&v=5.274';
const VIDEO_GET = (videos: string) => `https://api.vk.ru/method/video.get?videos=${videos}&extended=1&lang=en&v=5.274&anonymous_token=anonym.FixtureToken0001`;
const APP_UA = 'com.vk.vkvideo.prod/1955 (iPhone, iOS 16.7.15)';

describe('VkAdapter.resolve', () => {
  afterEach(() => nock.cleanAll());

  it('when video.get gives files, returns the video card with the tallest MP4, the widest image, the community, date and counts, and hands the app User-Agent to the proxy', async () => {
    const { result, requests } = await given('vk', 'video').resolve('https://vk.com/video-214750091_456239017');
    expect(result).to.deep.equal({
      ok: true,
      card: {
        kind: 'video',
        title: 'Ferry crossing at first light',
        nsfw: false,
        video: {
          url: 'https://vkvd412.okcdn.ru/?expires=1893456000000&srcIp=203.0.113.9&pr=40&srcAg=UNKNOWN&type=3&sig=FixtureSig01&id=7410000001',
          mimeType: 'video/mp4',
          duration: 187,
        },
        description: 'Morning run across the lake.\nFilmed from the upper deck.',
        author: {
          name: 'Lakeside Ferry Club',
          url: 'https://vk.com/lakesideferry',
          handle: 'lakesideferry',
          avatar: 'https://sun9-22.userapi.com/impg/LakesideClub/200.jpg',
        },
        image: { url: 'https://sun9-11.userapi.com/impg/FerryDawn01/x.jpg', width: 1280, height: 720 },
        publishedAt: '2025-01-01T07:00:00Z',
        stats: { likes: 402, reposts: 31, replies: 14, views: 5321 },
      },
      // expires=1893456000000 (ms) in the file's URL.
      mediaExpiresAt: 1893456000000,
      mediaHeaders: { 'user-agent': APP_UA },
    });
    expect(requests.map((r) => r.url)).to.deep.equal([TOKEN, VIDEO_GET('-214750091_456239017')]);
    expect(requests.every((r) => r.headers?.['user-agent'] === APP_UA)).to.equal(true);
    expect(requests.every((r) => r.allowedHosts.join() === 'api.vk.ru,vk.com')).to.equal(true);
  });

  it('when video.get gives no files (as the captures), returns the player iframe as the video, without the API hash, and the user as author; no media headers', async () => {
    const { result } = await given('vk', 'video-player').resolve('https://vk.com/clip73310042_456239020');
    expect(result).to.deep.equal({
      ok: true,
      card: {
        kind: 'video',
        title: "Grandfather's accordion",
        nsfw: false,
        video: { url: 'https://vk.com/video_ext.php?oid=73310042&id=456239020&hash=9f8e7d6c5b4a3210', mimeType: 'text/html', width: 800, height: 450, duration: 95 },
        author: { name: 'Irina Sokolova', url: 'https://vk.com/irina.accordion', handle: 'irina.accordion', avatar: 'https://sun9-40.userapi.com/impg/Irina/100.jpg' },
        image: { url: 'https://sun9-31.userapi.com/impg/Accordion02/l.jpg', width: 800, height: 450 },
        publishedAt: '2024-01-01T00:00:00Z',
        // comments 0 is a count VK reports.
        stats: { replies: 0, views: 88 },
      },
    });
  });

  it('when video.get answers error 6 (too many requests), falls back to the video page and returns its Open Graph card with the player', async () => {
    const { result, requests } = await given('vk', 'rate-limited-page').resolve('https://vkvideo.ru/video-214750091_456239033');
    expect(result).to.deep.equal({
      ok: true,
      card: {
        kind: 'video',
        title: 'Evening ferry, last run',
        nsfw: false,
        video: { url: 'https://vk.com/video_ext.php?oid=-214750091&id=456239033&hash=1122334455667788', mimeType: 'text/html', width: 1280, height: 720, duration: 212 },
        image: { url: 'https://sun9-11.userapi.com/impg/FerryDusk03/l.jpg' },
        // VK's `&amp;#33;` is an escaped `!`.
        description: 'Sunset over the pier ! Shot on a phone.',
      },
    });
    expect(requests.map((r) => r.url)).to.deep.equal([TOKEN, VIDEO_GET('-214750091_456239033'), 'https://vk.com/video-214750091_456239033']);
    expect(requests[2]!.headers?.['user-agent']).to.match(/^Mozilla\/5\.0 /);
  });

  it('when video.get answers error 6 and the page answers 429, returns rate-limited', async () => {
    expect((await given('vk', 'rate-limited').resolve('https://vk.com/video-214750091_456239034')).result).to.deep.equal({ ok: false, reason: 'rate-limited' });
  });

  it('when video.get lists nothing (count 0) and the page says Access denied, returns private', async () => {
    const { result, requests } = await given('vk', 'video-private').resolve('https://vk.com/video-214750091_456239031');
    expect(result).to.deep.equal({ ok: false, reason: 'private' });
    expect(requests).to.have.length(3);
  });

  it('when video.get lists nothing (count 0) and the page answers 404, returns not-found', async () => {
    expect((await given('vk', 'video-deleted').resolve('https://vk.com/video-214750091_456239032')).result).to.deep.equal({ ok: false, reason: 'not-found' });
  });

  it('when the anonymous token is refused with a 5xx, falls back to the video page', async () => {
    nock('https://api.vk.ru').get('/method/auth.getAnonymToken').query(true).reply(503, 'busy');
    nock('https://vk.com').get('/video-1_2').reply(200, '<html><head><meta property="og:title" content="Quay at noon"></head></html>', { 'content-type': 'text/html' });
    const { result, requests } = await given('vk').resolve('https://vk.com/video-1_2');
    expect(result).to.deep.equal({ ok: true, card: { kind: 'link', title: 'Quay at noon', nsfw: false } });
    expect(requests).to.have.length(2);
  });

  it('when the token request answers an API error (5, authorisation refused), falls back to the video page', async () => {
    nock('https://api.vk.ru').get('/method/auth.getAnonymToken').query(true).reply(200, { error: { error_code: 5, error_msg: 'User authorization failed' } });
    nock('https://vk.com').get('/video-1_4').reply(404, '<html><head><title>404 Not Found</title></head></html>');
    const { result, requests } = await given('vk').resolve('https://vk.com/video-1_4');
    expect(result).to.deep.equal({ ok: false, reason: 'not-found' });
    expect(requests).to.have.length(2);
  });

  it('when a wall post page has Open Graph tags with a picture, returns an image card with the text as plain text', async () => {
    const { result, requests } = await given('vk', 'wall').resolve('https://m.vk.com/wall-214750091_1205?utm_source=share');
    expect(result).to.deep.equal({
      ok: true,
      card: {
        kind: 'image',
        title: 'Lakeside Ferry Club',
        nsfw: false,
        image: { url: 'https://sun9-73.userapi.com/impg/Timetable04/full.jpg', width: 1080, height: 1350 },
        description: 'New timetable from Monday:\nfirst boat 06:40, last 21:15.',
      },
    });
    expect(requests.map((r) => r.url)).to.deep.equal(['https://vk.com/wall-214750091_1205']);
  });

  it('when a wall post page is VK\'s error page saying the post was deleted, returns not-found', async () => {
    nock('https://vk.com').get('/wall1_9').reply(200, '<html><head><title>Error</title></head><body><div class="message_page_body">This post was deleted.</div></body></html>', { 'content-type': 'text/html' });
    expect((await given('vk').resolve('https://vk.com/wall1_9')).result).to.deep.equal({ ok: false, reason: 'not-found' });
  });

  it('when a wall post page has neither tags nor an error message, returns blocked', async () => {
    nock('https://vk.com').get('/wall1_10').reply(200, '<html><head><title>VK</title></head><body>Please log in</body></html>', { 'content-type': 'text/html' });
    expect((await given('vk').resolve('https://vk.com/wall1_10')).result).to.deep.equal({ ok: false, reason: 'blocked' });
  });

  it('when a wall page answers 404, returns not-found', async () => {
    nock('https://vk.com').get('/wall1_11').reply(404, '<html><head><title>404 Not Found</title></head></html>');
    expect((await given('vk').resolve('https://vk.com/wall1_11')).result).to.deep.equal({ ok: false, reason: 'not-found' });
  });

  it('when nothing answers in time, returns timeout', async () => {
    nock('https://api.vk.ru').get('/method/auth.getAnonymToken').query(true).delay(1000).reply(200, {});
    nock('https://vk.com').get('/video1_3').delay(1000).reply(200, '');
    const { result } = await given('vk', [], { http: testHttpClient({ timeoutMs: 150 }) }).resolve('https://vk.com/video1_3');
    expect(result).to.deep.equal({ ok: false, reason: 'timeout' });
  });

  it('when the URL named no post (a profile), returns unsupported without a request', async () => {
    const page: PostRef = { platform: 'vk', canonicalUrl: 'https://vk.com/durov', contentId: 'durov', ids: {} };
    const { result, requests } = await given('vk').resolvePost(page);
    expect(result).to.deep.equal({ ok: false, reason: 'unsupported' });
    expect(requests).to.deep.equal([]);
  });
});

describe('parseVideoGet', () => {
  it('when an error code says access denied (15), returns private; an unknown code, upstream-error', () => {
    expect(parseVideoGet({ error: { error_code: 15 } })).to.deep.equal({ ok: false, reason: 'private' });
    expect(parseVideoGet({ error: { error_code: 1 } })).to.deep.equal({ ok: false, reason: 'upstream-error' });
  });

  it('when only an HLS playlist is given, it is the video; an http file is not taken', () => {
    const result = parseVideoGet({ response: { count: 1, items: [{ title: 'Live replay', files: { mp4_720: 'http://vkvd1.okcdn.ru/a.mp4', hls: 'https://vkvd1.okcdn.ru/v.m3u8' } }] } });
    expect(result.ok && result.card.video).to.deep.equal({ url: 'https://vkvd1.okcdn.ru/v.m3u8', mimeType: 'application/vnd.apple.mpegurl' });
  });

  it('when the item has no title, throws UPSTREAM_BAD_RESPONSE', () => {
    expect(() => parseVideoGet({ response: { count: 1, items: [{ player: 'https://vk.com/video_ext.php?oid=1&id=2' }] } })).to.throw(/no title/);
  });
});

describe('pageText', () => {
  it('when the page says windows-1251, decodes it as such; otherwise as UTF-8', () => {
    const body = Buffer.from([0xcf, 0xf0, 0xe8, 0xe2, 0xe5, 0xf2]);
    expect(pageText({ headers: { 'content-type': 'text/html; charset=windows-1251' }, body })).to.equal('Привет');
    expect(pageText({ headers: {}, body: Buffer.concat([Buffer.from('<meta http-equiv="content-type" content="text/html; charset=windows-1251" />'), body]) })).to.match(/Привет$/);
    expect(pageText({ headers: { 'content-type': 'text/html; charset=utf-8' }, body: Buffer.from('Привет') })).to.equal('Привет');
  });
});

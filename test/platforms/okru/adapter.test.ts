// The OK adapter through the real HTTP adapter, upstreams replayed from test/platforms/okru/fixtures/
// (nock definitions), with the requests it made recorded.
import { expect } from 'chai';
import nock from 'nock';
import type { PostRef } from '../../../src/application/ports/platform-adapter.port.js';
import { parsePlayerPage } from '../../../src/infrastructure/platforms/okru/player.js';
import { given } from '../../support/given.js';
import { testHttpClient } from '../../support/http.js';

describe('OkruAdapter.resolve', () => {
  afterEach(() => nock.cleanAll());

  it('when the page carries the player data, returns the video card with the largest allowed MP4, poster, duration, author, likes, upload date and text, without asking the embed', async () => {
    const { result, requests } = await given('okru', 'ok').resolve('https://m.ok.ru/video/7410002001?utm_source=whatsapp');
    expect(result).to.deep.equal({
      ok: true,
      card: {
        kind: 'video',
        title: 'Eight crews at the spring regatta',
        nsfw: false,
        // `full` is disallowed: `hd` is the largest the player offers.
        video: { url: 'https://vd312.okcdn.ru/?expires=1893456000000&srcIp=203.0.113.9&type=3&sig=FixtureSig3&ct=0&clientType=0&id=9300000001', mimeType: 'video/mp4', duration: 241 },
        description: 'Heats and the final, filmed from the bridge.',
        author: { name: 'Volga Rowing Club', url: 'https://ok.ru/volgarowing' },
        image: { url: 'https://iv.okcdn.ru/videoPreview?id=9300000001&type=32&idx=4&tkn=FixturePoster01' },
        publishedAt: '2025-04-19T00:00:00Z',
        stats: { likes: 734 },
      },
      mediaExpiresAt: 1893456000000,
    });
    expect(requests.map((r) => r.url)).to.deep.equal(['https://ok.ru/video/7410002001']);
    expect(requests[0]!.allowedHosts).to.deep.equal(['ok.ru']);
  });

  it('when every MP4 is disallowed, returns the HLS playlist; ya:ovs:adult true makes it nsfw; the -0 suffix is kept', async () => {
    const { result, requests } = await given('okru', 'adult-hls').resolve('https://ok.ru/videoembed/7410002002-0');
    expect(result.ok && result.card).to.deep.include({
      nsfw: true,
      video: { url: 'https://vd313.okcdn.ru/video.m3u8?expires=1893456000000&srcIp=203.0.113.9&sig=FixtureHls02&id=9300000002', mimeType: 'application/vnd.apple.mpegurl', duration: 3605 },
      author: { name: 'Night Cinema', url: 'https://ok.ru/group/570000000002' },
    });
    expect(requests.map((r) => r.url)).to.deep.equal(['https://ok.ru/video/7410002002-0']);
  });

  it('when the page fails with a 5xx, falls back to the embed player, whose data without streams gives the embed as the video', async () => {
    const { result, requests } = await given('okru', 'embed-fallback').resolve('https://odnoklassniki.ru/video/7410002005');
    expect(result).to.deep.equal({
      ok: true,
      card: {
        kind: 'video',
        title: 'Boathouse tour',
        nsfw: false,
        video: { url: 'https://ok.ru/videoembed/7410002005', mimeType: 'text/html', duration: 88 },
        author: { name: 'Volga Rowing Club', url: 'https://ok.ru/volgarowing' },
        stats: { likes: 5 },
      },
    });
    expect(requests.map((r) => r.url)).to.deep.equal(['https://ok.ru/video/7410002005', 'https://ok.ru/videoembed/7410002005']);
  });

  it('when the stub says the author was not found or is blocked, returns not-found without asking the embed', async () => {
    const { result, requests } = await given('okru', 'not-found').resolve('https://ok.ru/video/7410002003');
    expect(result).to.deep.equal({ ok: false, reason: 'not-found' });
    expect(requests).to.have.length(1);
  });

  it('when page and embed say access is restricted, returns private', async () => {
    const { result, requests } = await given('okru', 'private').resolve('https://ok.ru/video/7410002004');
    expect(result).to.deep.equal({ ok: false, reason: 'private' });
    expect(requests).to.have.length(2);
  });

  it('when page and embed carry no player and no stub, returns blocked', async () => {
    expect((await given('okru', 'blocked').resolve('https://ok.ru/video/7410002006')).result).to.deep.equal({ ok: false, reason: 'blocked' });
  });

  it('when the page answers 404, returns not-found', async () => {
    nock('https://ok.ru').get('/video/7410002007').reply(404, '<html></html>');
    expect((await given('okru').resolve('https://ok.ru/video/7410002007')).result).to.deep.equal({ ok: false, reason: 'not-found' });
  });

  it('when neither page nor embed answers in time, returns timeout', async () => {
    nock('https://ok.ru').get('/video/7410002008').delay(1000).reply(200, '').get('/videoembed/7410002008').delay(1000).reply(200, '');
    const { result, requests } = await given('okru', [], { http: testHttpClient({ timeoutMs: 150 }) }).resolve('https://ok.ru/video/7410002008');
    expect(result).to.deep.equal({ ok: false, reason: 'timeout' });
    expect(requests).to.have.length(2);
  });

  it('when the URL named no video (a group), returns unsupported without a request', async () => {
    const page: PostRef = { platform: 'okru', canonicalUrl: 'https://ok.ru/group/570000000002', contentId: 'group', ids: {} };
    const { result, requests } = await given('okru').resolvePost(page);
    expect(result).to.deep.equal({ ok: false, reason: 'unsupported' });
    expect(requests).to.deep.equal([]);
  });
});

describe('parsePlayerPage', () => {
  it('when flashvars.metadata is not a JSON string, reads no player (the page is then a wall)', () => {
    const html = `<div data-module="OKVideo" data-options="${'{&quot;flashvars&quot;:{&quot;metadata&quot;:&quot;{not json&quot;}}'}"></div>`;
    expect(parsePlayerPage(html, '1')).to.deep.equal({ ok: false, reason: 'blocked' });
  });

  it('when the metadata names no title, throws UPSTREAM_BAD_RESPONSE', () => {
    const html = `<div data-module="OKVideo" data-options="${'{&quot;flashvars&quot;:{&quot;metadata&quot;:&quot;{\\&quot;movie\\&quot;:{}}&quot;}}'}"></div>`;
    expect(() => parsePlayerPage(html, '1')).to.throw(/no title/);
  });
});

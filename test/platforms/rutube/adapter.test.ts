// The Rutube adapter through the real HTTP adapter, upstreams replayed from
// test/platforms/rutube/fixtures/ (nock definitions, built from yt-dlp's facts: no capture of these
// endpoints exists), with the requests it made recorded.
import { expect } from 'chai';
import nock from 'nock';
import type { PostRef } from '../../../src/application/ports/platform-adapter.port.js';
import { parsePlayOptions, parseVideo } from '../../../src/infrastructure/platforms/rutube/api.js';
import { given } from '../../support/given.js';
import { testHttpClient } from '../../support/http.js';

const ID = '5c1f0e2d9a8b47c6b3e2d1f0a9b8c7d6';

describe('RutubeAdapter.resolve', () => {
  afterEach(() => nock.cleanAll());

  it('when the video API and play options answer, returns the video card with the HLS playlist, thumbnail, channel, publication time, views and comments', async () => {
    const { result, requests } = await given('rutube', 'ok').resolve(`https://rutube.ru/video/${ID}/?r=wd&utm_source=telegram`);
    expect(result).to.deep.equal({
      ok: true,
      card: {
        kind: 'video',
        title: 'Ладога: зимний маршрут',
        nsfw: false,
        video: { url: `https://bl.rutube.ru/route/${ID}.m3u8?expire=1893456000&sign=FixtureSign01`, mimeType: 'application/vnd.apple.mpegurl', duration: 412 },
        description: 'Три дня по льду.\nСнято на экшн-камеру.',
        author: { name: 'Северные тропы', url: 'https://rutube.ru/channel/3310042/', avatar: 'https://pic.rutubelist.ru/user/aa/bb/severnye-tropy.jpg' },
        image: { url: `https://pic.rutubelist.ru/video/5c/1f/${ID}.jpg` },
        // publication_ts, read as UTC as yt-dlp reads it.
        publishedAt: '2025-02-11T06:00:00Z',
        stats: { replies: 57, views: 18240 },
      },
      // expire=1893456000 (seconds) in the playlist URL.
      mediaExpiresAt: 1893456000000,
    });
    expect(requests.map((r) => r.url)).to.deep.equal([`https://rutube.ru/api/video/${ID}/?format=json`, `https://rutube.ru/api/play/options/${ID}/?format=json`]);
    expect(requests[0]!.allowedHosts).to.deep.equal(['rutube.ru']);
  });

  it("when the link is a private video's, passes its key to both calls", async () => {
    const { result, requests } = await given('rutube', 'private-key').resolve('https://rutube.ru/video/private/0a1b2c3d4e5f60718293a4b5c6d7e8f9/?p=Fx7kQm2Pz9LwTn4Rb8YsAa&r=plwd');
    expect(result.ok && result.card).to.deep.include({ title: 'Семейный архив, 1998', publishedAt: '2024-12-31T21:00:00Z', author: { name: 'Ирина К.', url: 'https://rutube.ru/channel/4410001/' } });
    expect(requests.map((r) => new URL(r.url).searchParams.get('p'))).to.deep.equal(['Fx7kQm2Pz9LwTn4Rb8YsAa', 'Fx7kQm2Pz9LwTn4Rb8YsAa']);
  });

  it('when the play options name a blocking rule, returns region-locked with the title, text and channel, without asking oEmbed', async () => {
    const { result, requests } = await given('rutube', 'region-locked').resolve('https://rutube.ru/play/embed/f0e1d2c3b4a5968778695a4b3c2d1e0f');
    expect(result).to.deep.equal({
      ok: false,
      reason: 'region-locked',
      partial: { title: 'Матч дня: обзор', description: 'Лучшие моменты.', author: { name: 'Спорт сегодня', url: 'https://rutube.ru/channel/5510002/' } },
    });
    expect(requests).to.have.length(2);
  });

  it('when the video API answers 404, returns not-found without asking oEmbed', async () => {
    const { result, requests } = await given('rutube', 'not-found').resolve('https://rutube.ru/video/11112222333344445555666677778888/');
    expect(result).to.deep.equal({ ok: false, reason: 'not-found' });
    expect(requests).to.have.length(1);
  });

  it('when the video API fails with a 5xx, returns the oEmbed card with the embed player', async () => {
    const { result, requests } = await given('rutube', 'oembed-fallback').resolve('https://rutube.ru/video/9999aaaabbbbccccddddeeeeffff0000/');
    expect(result).to.deep.equal({
      ok: true,
      card: {
        kind: 'video',
        title: 'Утренний паром',
        nsfw: false,
        video: { url: 'https://rutube.ru/play/embed/9999aaaabbbbccccddddeeeeffff0000', mimeType: 'text/html' },
        author: { name: 'Северные тропы', url: 'https://rutube.ru/channel/3310042/' },
        image: { url: 'https://pic.rutubelist.ru/video/99/99/9999aaaa.jpg', width: 640, height: 360 },
      },
    });
    expect(requests.map((r) => new URL(r.url).pathname)).to.deep.equal(['/api/video/9999aaaabbbbccccddddeeeeffff0000/', '/api/oembed/']);
  });

  it('when the play options fail with a 5xx, keeps the card with the embed player as its video', async () => {
    nock('https://rutube.ru')
      .get(`/api/video/${ID}/`)
      .query(true)
      .reply(200, { title: 'Lake crossing', duration: 30 })
      .get(`/api/play/options/${ID}/`)
      .query(true)
      .reply(500, {});
    const { result } = await given('rutube').resolve(`https://rutube.ru/video/${ID}/`);
    expect(result).to.deep.equal({ ok: true, card: { kind: 'video', title: 'Lake crossing', nsfw: false, video: { url: `https://rutube.ru/play/embed/${ID}`, mimeType: 'text/html', duration: 30 } } });
  });

  it('when the API and oEmbed answer an HTML page where JSON was asked for, returns blocked', async () => {
    const page = '<!DOCTYPE html><html><head><title>Проверка</title></head><body>Подтвердите, что вы не робот</body></html>';
    nock('https://rutube.ru').get(`/api/video/${ID}/`).query(true).reply(200, page).get('/api/oembed/').query(true).reply(200, page);
    expect((await given('rutube').resolve(`https://rutube.ru/video/${ID}/`)).result).to.deep.equal({ ok: false, reason: 'blocked' });
  });

  it('when neither the API nor oEmbed answers in time, returns timeout', async () => {
    nock('https://rutube.ru').get(`/api/video/${ID}/`).query(true).delay(1000).reply(200, {}).get('/api/oembed/').query(true).delay(1000).reply(200, {});
    const { result, requests } = await given('rutube', [], { http: testHttpClient({ timeoutMs: 150 }) }).resolve(`https://rutube.ru/video/${ID}/`);
    expect(result).to.deep.equal({ ok: false, reason: 'timeout' });
    expect(requests).to.have.length(2);
  });

  it('when the URL named no video (a channel), returns unsupported without a request', async () => {
    const page: PostRef = { platform: 'rutube', canonicalUrl: 'https://rutube.ru/channel/3310042', contentId: 'channel', ids: {} };
    const { result, requests } = await given('rutube').resolvePost(page);
    expect(result).to.deep.equal({ ok: false, reason: 'unsupported' });
    expect(requests).to.deep.equal([]);
  });
});

describe('parseVideo', () => {
  it('when is_adult is true, the card is nsfw; an author without a name is left out', () => {
    const card = parseVideo({ title: 'Late cut', is_adult: true, author: { id: 7 } }, ID);
    expect(card).to.deep.equal({ kind: 'video', title: 'Late cut', nsfw: true, video: { url: `https://rutube.ru/play/embed/${ID}`, mimeType: 'text/html' } });
  });

  it('when the title is missing, throws UPSTREAM_BAD_RESPONSE', () => {
    expect(() => parseVideo({ duration: 3 }, ID)).to.throw(/no title/);
  });
});

describe('parsePlayOptions', () => {
  it("when only a live stream's HLS is given, it is the video; an http playlist is not taken", () => {
    expect(parsePlayOptions(200, { video_balancer: { m3u8: 'http://bl.rutube.ru/a.m3u8' }, live_streams: { hls: [{ url: 'https://bl.rutube.ru/live/b.m3u8' }] } })).to.deep.equal({
      video: { url: 'https://bl.rutube.ru/live/b.m3u8', mimeType: 'application/vnd.apple.mpegurl' },
    });
  });
});

// Dailymotion through the whole service (TestApp: real composition, responses checked against
// openapi.yaml): a video resolves to a branded card, pages that are not videos resolve to
// `unsupported` without an upstream request, and the platform is listed with what its spec says.
import { expect } from 'chai';
import nock from 'nock';
import { q, TestApp } from '../../support/app.js';
import { useFixture } from '../../support/fixtures.js';

describe('dailymotion through the service', () => {
  let app: TestApp;
  before(async () => {
    app = await TestApp.start();
  });
  afterEach(() => nock.cleanAll());
  after(() => app.close());

  it('when a dai.ly link is resolved, answers the video card under its canonical URL with the platform brand', async () => {
    useFixture('dailymotion', 'ok');
    const res = await app.get(`/api/v1/resolve?url=${q('https://dai.ly/x8q2k4m?utm_source=share')}`);
    expect(res.status).to.equal(200);
    expect(res.body).to.include({
      status: 'ok',
      platform: 'dailymotion',
      canonicalUrl: 'https://www.dailymotion.com/video/x8q2k4m',
      kind: 'video',
      siteName: 'Dailymotion',
      themeColor: '#00aaff',
      title: 'Tidal bore on the Severn at dawn',
      nsfw: false,
    });
    expect(res.body.video).to.include({ mimeType: 'application/vnd.apple.mpegurl', needsProxy: false });
  });

  for (const page of [
    'https://www.dailymotion.com/playlist/x6hynp',
    'https://www.dailymotion.com/jeanbamin',
    'https://geo.dailymotion.com/player/xf7zn.html?playlist=x7wdsj',
  ]) {
    it(`when ${page} (not a video) is resolved, answers degraded unsupported without asking Dailymotion`, async () => {
      let asked = 0;
      nock('https://www.dailymotion.com')
        .persist()
        .get(/.*/)
        .reply(() => {
          asked++;
          return [500, ''];
        });
      const res = await app.get(`/api/v1/resolve?url=${q(page)}`);
      expect(res.body).to.include({ status: 'degraded', platform: 'dailymotion', reason: 'unsupported', siteName: 'Dailymotion', themeColor: '#00aaff' });
      expect(asked).to.equal(0);
    });
  }

  it('when asked for the canonical URL of a player link, answers it without an upstream request', async () => {
    const res = await app.get(`/api/v1/canonical?url=${q('https://geo.dailymotion.com/player.html?video=x8q2k4m&mute=true')}`);
    expect(res.body).to.deep.equal({ platform: 'dailymotion', canonicalUrl: 'https://www.dailymotion.com/video/x8q2k4m' });
  });

  it('when the platforms are listed, lists Dailymotion with its hosts and the capabilities its spec gives', async () => {
    const res = await app.get('/api/v1/platforms');
    const listed = (res.body.platforms as { id: string }[]).find((p) => p.id === 'dailymotion');
    expect(listed).to.deep.include({
      name: 'Dailymotion',
      kinds: ['video'],
      capabilities: { resolve: true, canonical: true, shortLinks: false, video: true, nsfw: true, proxy: false },
      state: 'ok',
    });
    expect((listed as unknown as { hosts: string[] }).hosts).to.include.members(['dailymotion.com', 'dai.ly']);
  });
});

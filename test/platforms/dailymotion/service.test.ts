// Dailymotion through the whole service (TestApp: real composition, responses checked against
// openapi.yaml): a video resolves to a branded card; a player link canonicalises without a fetch.
// (Pages that are not posts, and the /platforms listing, are checked for every platform by
// test/http/platform-pages.test.ts and test/http/endpoints.test.ts from its cases.ts.)
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

  it('when asked for the canonical URL of a player link, answers it without an upstream request', async () => {
    const res = await app.get(`/api/v1/canonical?url=${q('https://geo.dailymotion.com/player.html?video=x8q2k4m&mute=true')}`);
    expect(res.body).to.deep.equal({ platform: 'dailymotion', canonicalUrl: 'https://www.dailymotion.com/video/x8q2k4m' });
  });
});

// Spotify through the whole service (TestApp: real composition, responses checked against
// openapi.yaml): a spotify.link resolves to the track card with its preview, which needs no proxy;
// a relinked track keeps the requested id's canonical URL.
// (Pages that are not posts, and the /platforms listing, are checked for every platform by
// test/http/platform-pages.test.ts and test/http/endpoints.test.ts from its cases.ts.)
import { expect } from 'chai';
import nock from 'nock';
import { q, TestApp } from '../../support/app.js';
import { useFixture } from '../../support/fixtures.js';

describe('spotify through the service', () => {
  let app: TestApp;
  before(async () => {
    app = await TestApp.start();
  });
  afterEach(() => nock.cleanAll());
  after(() => app.close());

  it('when a spotify.link link is resolved, answers the track card under its canonical URL, the preview as audio needing no proxy, never a video', async () => {
    useFixture('spotify', 'short-link');
    useFixture('spotify', 'track');
    const res = await app.get(`/api/v1/resolve?url=${q('https://spotify.link/Xq7Lm2Pz9Ab')}`);
    expect(res.status).to.equal(200);
    expect(res.body).to.include({
      status: 'ok',
      platform: 'spotify',
      canonicalUrl: 'https://open.spotify.com/track/3fXq9Lr2TnV8wKp1ZbYc7D',
      kind: 'image',
      siteName: 'Spotify',
      themeColor: '#1db954',
      title: 'Lantern Weather',
      nsfw: false,
    });
    expect(res.body.audio).to.deep.equal({ url: 'https://p.scdn.co/mp3-preview/f1xture0lantern0weather', mimeType: 'audio/mpeg', needsProxy: false, preview: true });
    expect(res.body).to.not.have.property('video');
  });

  it('when the item page of a relinked track names another id, the answer keeps the requested canonical URL', async () => {
    useFixture('spotify', 'page-relinked');
    const res = await app.get(`/api/v1/resolve?url=${q('https://open.spotify.com/track/7Yt5Re3Wq1Po9Iu7Yt5Re3?si=abc')}`);
    expect(res.status).to.equal(200);
    expect(res.body).to.include({ status: 'ok', platform: 'spotify', canonicalUrl: 'https://open.spotify.com/track/7Yt5Re3Wq1Po9Iu7Yt5Re3', title: 'Copper Kettle' });
  });

  it('when asked for the canonical URL of an embed player link with a language prefix, answers it without an upstream request', async () => {
    const res = await app.get(`/api/v1/canonical?url=${q('https://open.spotify.com/intl-fr/embed/playlist/2Zx4Cv6Bn8Mq1Wr3Et5Yu7?utm_source=generator&theme=0')}`);
    expect(res.body).to.deep.equal({ platform: 'spotify', canonicalUrl: 'https://open.spotify.com/playlist/2Zx4Cv6Bn8Mq1Wr3Et5Yu7' });
  });
});

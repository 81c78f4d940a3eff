// Imgur through the whole service (TestApp: real composition, responses checked against
// openapi.yaml): a file link resolves to its post's card, and a video gets a playableUrl when the
// media is asked proxied (i.imgur.com is a media host).
// (Pages that are not posts, and the /platforms listing, are checked for every platform by
// test/http/platform-pages.test.ts and test/http/endpoints.test.ts from its cases.ts.)
import { expect } from 'chai';
import nock from 'nock';
import { q, TestApp } from '../../support/app.js';
import { useFixture } from '../../support/fixtures.js';

describe('imgur through the service', () => {
  let app: TestApp;
  before(async () => {
    app = await TestApp.start();
  });
  afterEach(() => nock.cleanAll());
  after(() => app.close());

  it('when a file link is resolved, answers its post\'s card under the post URL with the platform brand', async () => {
    useFixture('imgur', 'image');
    const res = await app.get(`/api/v1/resolve?url=${q('https://i.imgur.com/Qm3rT7wh.jpg?maxwidth=520')}`);
    expect(res.status).to.equal(200);
    expect(res.body).to.include({ status: 'ok', platform: 'imgur', canonicalUrl: 'https://imgur.com/Qm3rT7w', kind: 'image', siteName: 'Imgur', themeColor: '#1bb76e', nsfw: false });
    expect(res.body.image).to.deep.equal({ url: 'https://i.imgur.com/Qm3rT7w.jpeg', width: 3024, height: 4032 });
  });

  it('when a video post is resolved with media=proxied, its video plays raw and through the proxy', async () => {
    useFixture('imgur', 'video');
    const res = await app.get(`/api/v1/resolve?url=${q('https://imgur.com/Vd8nP2q')}&media=proxied`);
    expect(res.body.video).to.include({ url: 'https://i.imgur.com/Vd8nP2q.mp4', needsProxy: false, hasAudio: true });
    expect(res.body.video.playableUrl).to.match(/\/v\/[A-Za-z0-9_-]+$/);
  });

  it('when every Imgur API refuses a direct file link, answers 200 ok with an image card of that file (not degraded)', async () => {
    useFixture('imgur', 'file-only');
    const res = await app.get(`/api/v1/resolve?url=${q('https://i.imgur.com/Fl4nOn1.jpg')}`);
    expect(res.status).to.equal(200);
    expect(res.body).to.include({ status: 'ok', platform: 'imgur', canonicalUrl: 'https://imgur.com/Fl4nOn1', kind: 'image' });
    expect(res.body.image).to.deep.equal({ url: 'https://i.imgur.com/Fl4nOn1.jpg' });
  });
});

// Streamable through the whole service (TestApp: real composition, responses checked against
// openapi.yaml): a video resolves to a branded card.
// (Pages that are not posts, and the /platforms listing, are checked for every platform by
// test/http/platform-pages.test.ts and test/http/endpoints.test.ts from its cases.ts.)
import { expect } from 'chai';
import nock from 'nock';
import { q, TestApp } from '../../support/app.js';
import { useFixture } from '../../support/fixtures.js';

describe('streamable through the service', () => {
  let app: TestApp;
  before(async () => {
    app = await TestApp.start();
  });
  afterEach(() => nock.cleanAll());
  after(() => app.close());

  it('when an embed link is resolved, answers the video card under its canonical URL with the platform brand', async () => {
    useFixture('streamable', 'ok');
    const res = await app.get(`/api/v1/resolve?url=${q('https://streamable.com/e/k3fz9q?autoplay=1')}`);
    expect(res.status).to.equal(200);
    expect(res.body).to.include({
      status: 'ok',
      platform: 'streamable',
      canonicalUrl: 'https://streamable.com/k3fz9q',
      kind: 'video',
      siteName: 'Streamable',
      themeColor: '#0f90fa',
      title: 'Last-minute equaliser from the halfway line',
      nsfw: false,
    });
    expect(res.body.video).to.include({ mimeType: 'video/mp4', needsProxy: false, width: 1280, height: 720 });
  });
});

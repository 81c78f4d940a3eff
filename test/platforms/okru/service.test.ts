// OK through the whole service (TestApp: real composition, responses checked against openapi.yaml):
// an embed link resolves to a branded card whose IP-bound MP4 needs the proxy.
import { expect } from 'chai';
import nock from 'nock';
import { q, TestApp } from '../../support/app.js';
import { useFixture } from '../../support/fixtures.js';

describe('okru through the service', () => {
  let app: TestApp;
  before(async () => {
    app = await TestApp.start();
  });
  afterEach(() => nock.cleanAll());
  after(() => app.close());

  it('when an embed link is resolved, answers the video card under its canonical URL with the brand, its MP4 marked needsProxy', async () => {
    useFixture('okru', 'ok');
    const res = await app.get(`/api/v1/resolve?url=${q('https://ok.ru/videoembed/7410002001?autoplay=1')}`);
    expect(res.status).to.equal(200);
    expect(res.body).to.include({ status: 'ok', platform: 'okru', canonicalUrl: 'https://ok.ru/video/7410002001', kind: 'video', siteName: 'OK', themeColor: '#ee8208' });
    expect(res.body.video).to.include({ mimeType: 'video/mp4', needsProxy: true });
  });
});

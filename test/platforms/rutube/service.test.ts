// Rutube through the whole service (TestApp: real composition, responses checked against
// openapi.yaml): a player link resolves to a branded card whose HLS plays without the proxy.
import { expect } from 'chai';
import nock from 'nock';
import { q, TestApp } from '../../support/app.js';
import { useFixture } from '../../support/fixtures.js';

describe('rutube through the service', () => {
  let app: TestApp;
  before(async () => {
    app = await TestApp.start();
  });
  afterEach(() => nock.cleanAll());
  after(() => app.close());

  it('when a player link is resolved, answers the video card under its canonical URL with the brand, its HLS not needing the proxy', async () => {
    useFixture('rutube', 'ok');
    const res = await app.get(`/api/v1/resolve?url=${q('https://rutube.ru/play/embed/5c1f0e2d9a8b47c6b3e2d1f0a9b8c7d6?autoplay=1')}`);
    expect(res.status).to.equal(200);
    expect(res.body).to.include({ status: 'ok', platform: 'rutube', canonicalUrl: 'https://rutube.ru/video/5c1f0e2d9a8b47c6b3e2d1f0a9b8c7d6/', kind: 'video', siteName: 'Rutube', themeColor: '#100943' });
    expect(res.body.video).to.include({ mimeType: 'application/vnd.apple.mpegurl', needsProxy: false });
  });

  it('when a region-locked video is resolved, answers degraded region-locked with its title', async () => {
    useFixture('rutube', 'region-locked');
    const res = await app.get(`/api/v1/resolve?url=${q('https://rutube.ru/video/f0e1d2c3b4a5968778695a4b3c2d1e0f/')}`);
    expect(res.body).to.include({ status: 'degraded', reason: 'region-locked', title: 'Матч дня: обзор' });
  });
});

// VK through the whole service (TestApp: real composition, responses checked against openapi.yaml):
// a video overlay link resolves to a branded card whose file needs the proxy.
import { expect } from 'chai';
import nock from 'nock';
import { q, TestApp } from '../../support/app.js';
import { useFixture } from '../../support/fixtures.js';

describe('vk through the service', () => {
  let app: TestApp;
  before(async () => {
    app = await TestApp.start();
  });
  afterEach(() => nock.cleanAll());
  after(() => app.close());

  it('when a video overlay link is resolved, answers the video card under its canonical URL with the brand, its MP4 marked needsProxy', async () => {
    useFixture('vk', 'video');
    const res = await app.get(`/api/v1/resolve?url=${q('https://m.vk.com/lakesideferry?z=video-214750091_456239017%2Fpl_wall_-214750091')}`);
    expect(res.status).to.equal(200);
    expect(res.body).to.include({ status: 'ok', platform: 'vk', canonicalUrl: 'https://vk.com/video-214750091_456239017', kind: 'video', siteName: 'VK', themeColor: '#0077ff' });
    expect(res.body.video).to.include({ mimeType: 'video/mp4', needsProxy: true });
    expect(JSON.stringify(res.body)).not.to.include('com.vk.vkvideo');
  });
});

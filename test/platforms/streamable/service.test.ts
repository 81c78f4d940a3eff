// Streamable through the whole service (TestApp: real composition, responses checked against
// openapi.yaml): a video resolves to a branded card, site pages resolve to `unsupported` without an
// upstream request, and the platform is listed with what its spec says.
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

  it('when a site page is resolved, answers degraded unsupported without asking Streamable', async () => {
    let asked = 0;
    nock('https://api.streamable.com').persist().get(/.*/).reply(() => {
      asked++;
      return [500, ''];
    });
    const res = await app.get(`/api/v1/resolve?url=${q('https://streamable.com/login')}`);
    expect(res.body).to.include({ status: 'degraded', platform: 'streamable', reason: 'unsupported', siteName: 'Streamable' });
    expect(asked).to.equal(0);
  });

  it('when the platforms are listed, lists Streamable with the capabilities its spec gives', async () => {
    const res = await app.get('/api/v1/platforms');
    const listed = (res.body.platforms as { id: string }[]).find((p) => p.id === 'streamable');
    expect(listed).to.deep.include({
      name: 'Streamable',
      kinds: ['video'],
      capabilities: { resolve: true, canonical: true, shortLinks: false, video: true, nsfw: false, proxy: true },
      state: 'ok',
    });
  });
});

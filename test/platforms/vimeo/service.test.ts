// Vimeo through the whole service (TestApp: real composition, responses checked against
// openapi.yaml): a video resolves to a branded card, pages that are not videos resolve to
// `unsupported` without an upstream request, and the platform is listed with what its spec says.
import { expect } from 'chai';
import nock from 'nock';
import { q, TestApp } from '../../support/app.js';
import { useFixture } from '../../support/fixtures.js';

describe('vimeo through the service', () => {
  let app: TestApp;
  before(async () => {
    app = await TestApp.start();
  });
  afterEach(() => nock.cleanAll());
  after(() => app.close());

  it('when a channel link is resolved, answers the video card under its canonical URL with the platform brand', async () => {
    useFixture('vimeo', 'ok');
    const res = await app.get(`/api/v1/resolve?url=${q('https://vimeo.com/channels/staffpicks/904512377?share=copy')}`);
    expect(res.status).to.equal(200);
    expect(res.body).to.include({
      status: 'ok',
      platform: 'vimeo',
      canonicalUrl: 'https://vimeo.com/904512377',
      kind: 'video',
      siteName: 'Vimeo',
      themeColor: '#1ab7ea',
      title: 'Lighthouse keepers of Skerryvore',
      publishedAt: '2024-02-11T18:04:27Z',
      nsfw: false,
    });
    expect(res.body.video).to.include({ mimeType: 'video/mp4', needsProxy: false, duration: 412 });
  });

  for (const page of ['https://vimeo.com/northlightfilms', 'https://vimeo.com/channels/staffpicks', 'https://player.vimeo.com/api/player.js']) {
    it(`when ${page} (not a video) is resolved, answers degraded unsupported without asking Vimeo`, async () => {
      let asked = 0;
      for (const origin of ['https://vimeo.com', 'https://player.vimeo.com']) {
        nock(origin).persist().get(/.*/).reply(() => {
          asked++;
          return [500, ''];
        });
      }
      const res = await app.get(`/api/v1/resolve?url=${q(page)}`);
      expect(res.body).to.include({ status: 'degraded', platform: 'vimeo', reason: 'unsupported', siteName: 'Vimeo', themeColor: '#1ab7ea' });
      expect(asked).to.equal(0);
    });
  }

  it('when asked for the canonical URL of an unlisted player link, answers it with the hash, without an upstream request', async () => {
    const res = await app.get(`/api/v1/canonical?url=${q('https://player.vimeo.com/video/913300417?h=3b9e1c7d2a&badge=0')}`);
    expect(res.body).to.deep.equal({ platform: 'vimeo', canonicalUrl: 'https://vimeo.com/913300417/3b9e1c7d2a' });
  });

  it('when the platforms are listed, lists Vimeo with its hosts and the capabilities its spec gives', async () => {
    const res = await app.get('/api/v1/platforms');
    const listed = (res.body.platforms as { id: string }[]).find((p) => p.id === 'vimeo');
    expect(listed).to.deep.include({
      name: 'Vimeo',
      kinds: ['video'],
      capabilities: { resolve: true, canonical: true, shortLinks: false, video: true, nsfw: false, proxy: true },
      state: 'ok',
    });
    expect((listed as unknown as { hosts: string[] }).hosts).to.include.members(['vimeo.com']);
  });
});

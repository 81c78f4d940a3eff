// Tumblr through the whole service (TestApp: real composition, responses checked against
// openapi.yaml): a tmblr.co link expands to its post's branded card, pages that are not posts
// resolve to `unsupported` without an upstream request, and the platform is listed as its spec says.
import { expect } from 'chai';
import nock from 'nock';
import { q, TestApp } from '../../support/app.js';
import { useFixture } from '../../support/fixtures.js';

describe('tumblr through the service', () => {
  let app: TestApp;
  before(async () => {
    app = await TestApp.start();
  });
  afterEach(() => nock.cleanAll());
  after(() => app.close());

  it('when a tmblr.co link is resolved, answers the post card under its canonical URL with the platform brand', async () => {
    useFixture('tumblr', 'short-link');
    useFixture('tumblr', 'page-photo');
    const res = await app.get(`/api/v1/resolve?url=${q('https://tmblr.co/ZqW8xe3Fk0aB')}`);
    expect(res.status).to.equal(200);
    expect(res.body).to.include({
      status: 'ok',
      platform: 'tumblr',
      canonicalUrl: 'https://www.tumblr.com/harbour-lights/734512098765432109',
      kind: 'image',
      siteName: 'Tumblr',
      themeColor: '#001935',
      title: 'Harbour Lights (@harbour-lights)',
      publishedAt: '2024-03-02T18:45:10Z',
    });
    expect(res.body.community).to.deep.equal({ name: 'harbour-lights', url: 'https://harbour-lights.tumblr.com/' });
  });

  for (const page of ['https://www.tumblr.com/harbour-lights', 'https://www.tumblr.com/tagged/lighthouses']) {
    it(`when ${page} (not a post) is resolved, answers degraded unsupported without asking Tumblr`, async () => {
      let asked = 0;
      nock('https://www.tumblr.com')
        .persist()
        .get(/.*/)
        .reply(() => {
          asked++;
          return [500, ''];
        });
      const res = await app.get(`/api/v1/resolve?url=${q(page)}`);
      expect(res.body).to.include({ status: 'degraded', platform: 'tumblr', reason: 'unsupported', siteName: 'Tumblr', themeColor: '#001935' });
      expect(asked).to.equal(0);
    });
  }

  it('when asked for the canonical URL of a share link, answers it without an upstream request', async () => {
    const res = await app.get(`/api/v1/canonical?url=${q('https://at.tumblr.com/Harbour-Lights/734512098765432109/x0fixt')}`);
    expect(res.body).to.deep.equal({ platform: 'tumblr', canonicalUrl: 'https://www.tumblr.com/harbour-lights/734512098765432109' });
  });

  it('when the platforms are listed, lists Tumblr with its hosts and the capabilities its spec gives', async () => {
    const res = await app.get('/api/v1/platforms');
    const listed = (res.body.platforms as { id: string }[]).find((p) => p.id === 'tumblr');
    expect(listed).to.deep.include({
      name: 'Tumblr',
      kinds: ['image', 'gallery', 'video', 'link'],
      capabilities: { resolve: true, canonical: true, shortLinks: true, video: true, nsfw: true, proxy: true },
      state: 'ok',
    });
    expect((listed as unknown as { hosts: string[] }).hosts).to.include.members(['tumblr.com', 'tmblr.co']);
  });
});

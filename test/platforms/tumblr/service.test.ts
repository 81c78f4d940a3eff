// Tumblr through the whole service (TestApp: real composition, responses checked against
// openapi.yaml): a tmblr.co link expands to its post's branded card; a share link canonicalises
// without a fetch.
// (Pages that are not posts, and the /platforms listing, are checked for every platform by
// test/http/platform-pages.test.ts and test/http/endpoints.test.ts from its cases.ts.)
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

  it('when asked for the canonical URL of a share link, answers it without an upstream request', async () => {
    const res = await app.get(`/api/v1/canonical?url=${q('https://at.tumblr.com/Harbour-Lights/734512098765432109/x0fixt')}`);
    expect(res.body).to.deep.equal({ platform: 'tumblr', canonicalUrl: 'https://www.tumblr.com/harbour-lights/734512098765432109' });
  });
});

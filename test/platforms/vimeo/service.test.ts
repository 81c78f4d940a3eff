// Vimeo through the whole service (TestApp: real composition, responses checked against
// openapi.yaml): a video resolves to a branded card; an unlisted player link canonicalises with its
// hash, without a fetch.
// (Pages that are not posts, and the /platforms listing, are checked for every platform by
// test/http/platform-pages.test.ts and test/http/endpoints.test.ts from its cases.ts.)
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

  it('when asked for the canonical URL of an unlisted player link, answers it with the hash, without an upstream request', async () => {
    const res = await app.get(`/api/v1/canonical?url=${q('https://player.vimeo.com/video/913300417?h=3b9e1c7d2a&badge=0')}`);
    expect(res.body).to.deep.equal({ platform: 'vimeo', canonicalUrl: 'https://vimeo.com/913300417/3b9e1c7d2a' });
  });
});

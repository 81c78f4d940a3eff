// Pinterest through the whole service (TestApp: real composition, responses checked against
// openapi.yaml): a pin.it link expands through the shortener to the pin's branded card; a pin on a
// country domain canonicalises without a fetch.
// (Pages that are not posts, and the /platforms listing, are checked for every platform by
// test/http/platform-pages.test.ts and test/http/endpoints.test.ts from its cases.ts.)
import { expect } from 'chai';
import nock from 'nock';
import { q, TestApp } from '../../support/app.js';
import { useFixture } from '../../support/fixtures.js';

describe('pinterest through the service', () => {
  let app: TestApp;
  before(async () => {
    app = await TestApp.start();
  });
  afterEach(() => nock.cleanAll());
  after(() => app.close());

  it('when a pin.it link is resolved, answers the pin card under its canonical URL with the platform brand', async () => {
    useFixture('pinterest', 'short-link');
    useFixture('pinterest', 'pin-photo');
    const res = await app.get(`/api/v1/resolve?url=${q('https://pin.it/4xQm9TzLp')}`);
    expect(res.status).to.equal(200);
    expect(res.body).to.include({
      status: 'ok',
      platform: 'pinterest',
      canonicalUrl: 'https://www.pinterest.com/pin/987654321098765432/',
      kind: 'image',
      siteName: 'Pinterest',
      themeColor: '#e60023',
      title: 'Rye sourdough loaf',
      nsfw: false,
    });
    expect(res.body.image).to.deep.include({ url: 'https://i.pinimg.com/originals/3c/7a/91/3c7a91e5d2b84f60a1c9e8d7f6b5a4c3.jpg', width: 720, height: 1080 });
  });

  it('when asked for the canonical URL of a pin on a country domain, answers it without an upstream request', async () => {
    const res = await app.get(`/api/v1/canonical?url=${q('https://www.pinterest.co.uk/pin/rye-sourdough--987654321098765432/?utm_source=share')}`);
    expect(res.body).to.deep.equal({ platform: 'pinterest', canonicalUrl: 'https://www.pinterest.com/pin/987654321098765432/' });
  });
});

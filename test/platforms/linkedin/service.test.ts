// LinkedIn through the whole service (TestApp: real composition, responses checked against
// openapi.yaml): a slug URL and an lnkd.in link resolve to the post's branded card under its
// feed-update URL, the very answer openapi.yaml shows as its LinkedIn example.
import { expect } from 'chai';
import nock from 'nock';
import { q, TestApp } from '../../support/app.js';
import { useFixture } from '../../support/fixtures.js';
import { openApiDoc } from '../../support/openapi.js';

const EXAMPLE = (openApiDoc.components.examples as Record<string, { value: unknown }>)['LinkedinPost']!.value;

describe('linkedin through the service', () => {
  let app: TestApp;
  before(async () => {
    app = await TestApp.start();
  });
  afterEach(() => nock.cleanAll());
  after(() => app.close());

  it('when a post slug URL is resolved, answers the card openapi.yaml gives as its example, images not needing the proxy', async () => {
    useFixture('linkedin', 'post-photo');
    const res = await app.get(`/api/v1/resolve?url=${q('https://uk.linkedin.com/posts/northwind-ropeworks_harbour-splices-activity-7400000000000000001-Nw1x?utm_source=share')}`);
    expect(res.status).to.equal(200);
    expect(res.body).to.deep.equal(EXAMPLE);
  });

  it('when an lnkd.in link is resolved, follows it to the same post', async () => {
    useFixture('linkedin', 'short-link');
    useFixture('linkedin', 'post-photo');
    const res = await app.get(`/api/v1/resolve?url=${q('https://lnkd.in/fxPost01')}`);
    expect(res.status).to.equal(200);
    expect(res.body).to.include({ status: 'ok', platform: 'linkedin', canonicalUrl: 'https://www.linkedin.com/feed/update/urn:li:activity:7400000000000000001/', kind: 'image', siteName: 'LinkedIn', themeColor: '#0a66c2' });
  });
});

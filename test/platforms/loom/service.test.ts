// Loom through the whole service (TestApp: real composition, responses checked against
// openapi.yaml): a share link resolves to a branded card whose signed MP4 plays on its own and can
// be proxied.
// (Pages that are not posts, and the /platforms listing, are checked for every platform by
// test/http/platform-pages.test.ts and test/http/endpoints.test.ts from its cases.ts.)
import { expect } from 'chai';
import nock from 'nock';
import { q, TestApp } from '../../support/app.js';
import { useFixture } from '../../support/fixtures.js';

const ID = '5c1e2d3f4a5b6c7d8e9f0a1b2c3d4e5f';

describe('loom through the service', () => {
  let app: TestApp;
  before(async () => {
    app = await TestApp.start({ PUBLIC_BASE_URL: 'https://media.postlens.test/' });
  });
  afterEach(() => nock.cleanAll());
  after(() => app.close());

  it('when an embed link is resolved with media=proxied, answers the card under the share URL with the MP4 raw and as a playableUrl', async () => {
    useFixture('loom', 'share');
    const res = await app.get(`/api/v1/resolve?url=${q(`https://www.loom.com/embed/${ID}?hideEmbedTopBar=true`)}&media=proxied`);
    expect(res.status).to.equal(200);
    expect(res.body).to.include({ status: 'ok', platform: 'loom', canonicalUrl: `https://www.loom.com/share/${ID}`, kind: 'video', siteName: 'Loom', themeColor: '#625df5', title: 'Quarterly tide-table walkthrough' });
    expect(res.body.video).to.include({ mimeType: 'video/mp4', needsProxy: false, duration: 143.2 });
    expect(res.body.video.url.startsWith(`https://cdn.loom.com/sessions/transcoded/${ID}.mp4?`)).to.equal(true);
    expect(res.body.video.playableUrl.startsWith('https://media.postlens.test/v/')).to.equal(true);
  });
});

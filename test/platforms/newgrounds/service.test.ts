// Newgrounds through the whole service (TestApp: real composition, responses checked against
// openapi.yaml): an audio submission answers the card openapi.yaml shows as its Newgrounds example,
// and a movie's MP4 plays on its own and can be proxied.
import { expect } from 'chai';
import nock from 'nock';
import { q, TestApp } from '../../support/app.js';
import { useFixture } from '../../support/fixtures.js';
import { openApiDoc } from '../../support/openapi.js';

const EXAMPLE = (openApiDoc.components.examples as Record<string, { value: unknown }>)['NewgroundsAudio']!.value;

describe('newgrounds through the service', () => {
  let app: TestApp;
  before(async () => {
    app = await TestApp.start({ PUBLIC_BASE_URL: 'https://media.postlens.test/' });
  });
  afterEach(() => nock.cleanAll());
  after(() => app.close());

  it('when an audio submission is resolved, answers the card openapi.yaml gives as its example, the MP3 not needing the proxy', async () => {
    useFixture('newgrounds', 'audio');
    const res = await app.get(`/api/v1/resolve?url=${q('https://newgrounds.com/audio/listen/1770007/')}`);
    expect(res.status).to.equal(200);
    expect(res.body).to.deep.equal(EXAMPLE);
  });

  it('when a movie is resolved with media=proxied, answers its MP4 raw and as a playableUrl', async () => {
    useFixture('newgrounds', 'movie');
    const res = await app.get(`/api/v1/resolve?url=${q('https://www.newgrounds.com/portal/view/1770001/format/flash')}&media=proxied`);
    expect(res.status).to.equal(200);
    expect(res.body).to.include({ status: 'ok', platform: 'newgrounds', canonicalUrl: 'https://www.newgrounds.com/portal/view/1770001', kind: 'video', siteName: 'Newgrounds' });
    expect(res.body.video).to.include({ url: 'https://uploads.ungrounded.net/alternate/1770000/1770001_alternate_90001.1080p.mp4?1770000000', mimeType: 'video/mp4', needsProxy: false });
    expect(res.body.video.playableUrl.startsWith('https://media.postlens.test/v/')).to.equal(true);
  });
});

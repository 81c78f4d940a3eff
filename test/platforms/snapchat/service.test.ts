// Snapchat through the whole service (TestApp: real composition, responses checked against
// openapi.yaml): a share link expands to a story snap answered under Snapchat's spelling of the
// account; a Spotlight link canonicalises without a fetch. (Pages, short links and /platforms are
// checked for every platform from its cases.ts.)
import { expect } from 'chai';
import nock from 'nock';
import { q, TestApp } from '../../support/app.js';
import { useFixture } from '../../support/fixtures.js';

describe('snapchat through the service', () => {
  let app: TestApp;
  before(async () => {
    app = await TestApp.start();
  });
  afterEach(() => nock.cleanAll());
  after(() => app.close());

  it('when a t.snapchat.com link to a story snap is resolved, answers the video card under the account as Snapchat spells it, with the brand and open media', async () => {
    useFixture('snapchat', 'short-link-story');
    useFixture('snapchat', 'story-video');
    const res = await app.get(`/api/v1/resolve?url=${q('https://t.snapchat.com/f1xtureSt0ry')}`);
    expect(res.status).to.equal(200);
    expect(res.body).to.include({
      status: 'ok',
      platform: 'snapchat',
      canonicalUrl: 'https://www.snapchat.com/add/HarbourCam/f1xtureSnapV1deoAAAA',
      kind: 'video',
      siteName: 'Snapchat',
      themeColor: '#fffc00',
      title: 'Harbour Cam (@HarbourCam)',
      nsfw: false,
    });
    expect(res.body.video).to.include({ mimeType: 'video/mp4', needsProxy: false });
  });

  it('when asked for the canonical URL of a story.snapchat.com Spotlight link, answers the www URL without an upstream request', async () => {
    const res = await app.get(`/api/v1/canonical?url=${q('https://story.snapchat.com/spotlight/W7_EDf1xtureSp0tlightHarbourSwellAAAAAA?share_id=x')}`);
    expect(res.body).to.deep.equal({ platform: 'snapchat', canonicalUrl: 'https://www.snapchat.com/spotlight/W7_EDf1xtureSp0tlightHarbourSwellAAAAAA' });
  });
});

// Telegram through the whole service (TestApp: real composition, responses checked against
// openapi.yaml): a post resolves to a branded card under Telegram's spelling of the channel; a
// preview link canonicalises without a fetch. (Pages and /platforms are checked for every platform
// from its cases.ts.)
import { expect } from 'chai';
import nock from 'nock';
import { q, TestApp } from '../../support/app.js';
import { useFixture } from '../../support/fixtures.js';

describe('telegram through the service', () => {
  let app: TestApp;
  before(async () => {
    app = await TestApp.start();
  });
  afterEach(() => nock.cleanAll());
  after(() => app.close());

  it('when a telegram.me preview link is resolved, answers the video card under the channel as Telegram spells it, with the brand and open media', async () => {
    useFixture('telegram', 'widget-video');
    const res = await app.get(`/api/v1/resolve?url=${q('https://telegram.me/s/northseanotes/512?utm_source=share')}`);
    expect(res.status).to.equal(200);
    expect(res.body).to.include({
      status: 'ok',
      platform: 'telegram',
      canonicalUrl: 'https://t.me/NorthSeaNotes/512',
      kind: 'video',
      siteName: 'Telegram',
      themeColor: '#2aabee',
      title: 'North Sea Notes (@NorthSeaNotes)',
      nsfw: false,
    });
    expect(res.body.video).to.include({ mimeType: 'video/mp4', needsProxy: false, duration: 65 });
  });

  it('when asked for the canonical URL of an embed widget link, answers the post URL without an upstream request', async () => {
    const res = await app.get(`/api/v1/canonical?url=${q('https://t.me/s/NorthSeaNotes/512?embed=1&mode=tme')}`);
    expect(res.body).to.deep.equal({ platform: 'telegram', canonicalUrl: 'https://t.me/NorthSeaNotes/512' });
  });
});

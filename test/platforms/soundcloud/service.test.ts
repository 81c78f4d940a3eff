// SoundCloud through the whole service (TestApp: real composition, responses checked against
// openapi.yaml): a short link resolves to the track's card with its sound (which needs the proxy:
// its signature expires).
// (Pages that are not posts, and the /platforms listing, are checked for every platform by
// test/http/platform-pages.test.ts and test/http/endpoints.test.ts from its cases.ts.)
import { expect } from 'chai';
import nock from 'nock';
import { q, TestApp } from '../../support/app.js';
import { useFixture } from '../../support/fixtures.js';

describe('soundcloud through the service', () => {
  let app: TestApp;
  before(async () => {
    app = await TestApp.start();
  });
  afterEach(() => nock.cleanAll());
  after(() => app.close());

  it('when an on.soundcloud.com link is resolved, answers the track card under its permalink, its sound marked as needing the proxy', async () => {
    useFixture('soundcloud', 'short-link');
    useFixture('soundcloud', 'ok');
    const res = await app.get(`/api/v1/resolve?url=${q('https://on.soundcloud.com/Hb7QxR2mZp')}`);
    expect(res.status).to.equal(200);
    expect(res.body).to.include({
      status: 'ok',
      platform: 'soundcloud',
      canonicalUrl: 'https://soundcloud.com/tidewatch/harbour-bells-at-low-tide',
      kind: 'image',
      siteName: 'SoundCloud',
      themeColor: '#ff5500',
      title: 'Harbour bells at low tide',
      nsfw: false,
    });
    expect(res.body.audio).to.include({ mimeType: 'audio/mpeg', needsProxy: true, duration: 184.32 });
    expect(res.body).to.not.have.property('video');
    expect(JSON.stringify(res.body)).to.not.include('Fx7kQ2mN9pR4sT6vW8yZ1bC3dE5gH0jL');
  });
});

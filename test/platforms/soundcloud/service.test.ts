// SoundCloud through the whole service (TestApp: real composition, responses checked against
// openapi.yaml): a short link resolves to the track's card with its sound (which needs the proxy:
// its signature expires), profiles resolve to `unsupported` without an upstream request, and the
// platform is listed with what its spec says.
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

  for (const page of ['https://soundcloud.com/tidewatch', 'https://soundcloud.com/tidewatch/sets', 'https://soundcloud.com/discover']) {
    it(`when ${page} (not a track or set) is resolved, answers degraded unsupported without asking SoundCloud`, async () => {
      let asked = 0;
      for (const origin of ['https://soundcloud.com', 'https://api-v2.soundcloud.com']) {
        nock(origin)
          .persist()
          .get(/.*/)
          .reply(() => {
            asked++;
            return [500, ''];
          });
      }
      const res = await app.get(`/api/v1/resolve?url=${q(page)}`);
      expect(res.body).to.include({ status: 'degraded', platform: 'soundcloud', reason: 'unsupported', siteName: 'SoundCloud', themeColor: '#ff5500' });
      expect(asked).to.equal(0);
    });
  }

  it('when the platforms are listed, lists SoundCloud with its hosts and the capabilities its spec gives', async () => {
    const res = await app.get('/api/v1/platforms');
    const listed = (res.body.platforms as { id: string }[]).find((p) => p.id === 'soundcloud');
    expect(listed).to.deep.include({
      name: 'SoundCloud',
      kinds: ['image', 'link'],
      capabilities: { resolve: true, canonical: true, shortLinks: true, video: false, nsfw: true, proxy: true },
      state: 'ok',
    });
    expect((listed as unknown as { hosts: string[] }).hosts).to.include.members(['soundcloud.com']);
  });
});

// Short links through the whole service: /resolve reads the redirect, resolves the post it names
// and answers with that post's canonical URL; /canonical never fetches.
import { expect } from 'chai';
import nock from 'nock';
import { TestApp, q } from '../support/app.js';
import { useFixture } from '../support/fixtures.js';

interface Case {
  platform: string;
  short: string;
  fixtures: string[];
  canonicalUrl: string;
  kind: string;
}

const CASES: Case[] = [
  {
    platform: 'tiktok',
    short: 'https://vm.tiktok.com/ZMsh0rt01/',
    fixtures: ['short-links', 'video'],
    canonicalUrl: 'https://www.tiktok.com/@marta.bakes/video/7400000000000000101',
    kind: 'video',
  },
  {
    platform: 'twitter',
    short: 'https://t.co/Ab12Cd34Ef',
    fixtures: ['short-link-redirect', 'syndication-photo'],
    canonicalUrl: 'https://x.com/marta_bakes/status/1790000000000000101',
    kind: 'image',
  },
  {
    platform: 'reddit',
    short: 'https://www.reddit.com/r/gardening/s/Bq7ZtR2xKp',
    fixtures: ['share-link', 'text'],
    canonicalUrl: 'https://www.reddit.com/r/gardening/comments/1qtxt01/',
    kind: 'link',
  },
  {
    platform: 'instagram',
    short: 'https://www.instagram.com/share/reel/BBshare0001/',
    fixtures: ['share-post', 'embed-reel'],
    canonicalUrl: 'https://www.instagram.com/reel/DAreel00001/',
    kind: 'video',
  },
  {
    platform: 'facebook',
    short: 'https://fb.watch/aBcD3fGh1/',
    fixtures: ['short-fbwatch', 'watch-comet'],
    canonicalUrl: 'https://www.facebook.com/watch/?v=2468024680246802',
    kind: 'video',
  },
];

describe('short links over HTTP', () => {
  let app: TestApp;
  before(async () => {
    app = await TestApp.start();
  });
  after(() => app.close());
  afterEach(() => nock.cleanAll());

  it('when a share link lands on the login page, answers degraded blocked under the share link', async () => {
    useFixture('instagram', 'share-login');
    const res = await app.get(`/api/v1/resolve?url=${q('https://www.instagram.com/share/BBshare0002/')}`);
    expect(res.body).to.include({ status: 'degraded', platform: 'instagram', reason: 'blocked', canonicalUrl: 'https://www.instagram.com/share/BBshare0002/' });
  });

  for (const c of CASES) {
    it(`when ${c.short} is resolved, answers the card of the post it points to under that post's canonical URL`, async () => {
      for (const fixture of c.fixtures) useFixture(c.platform, fixture);
      const res = await app.get(`/api/v1/resolve?url=${q(c.short)}`);
      expect(res.status).to.equal(200);
      expect(res.body).to.include({ status: 'ok', platform: c.platform, canonicalUrl: c.canonicalUrl, kind: c.kind, cacheHit: false });
      // The same card as the post's own URL gives.
      const direct = await app.get(`/api/v1/resolve?url=${q(c.canonicalUrl)}`);
      expect({ ...direct.body, cacheHit: false }).to.deep.equal(res.body);
    });

    it(`when ${c.short} is only canonicalised, makes no upstream request`, async () => {
      const res = await app.get(`/api/v1/canonical?url=${q(c.short)}`);
      expect(res.status).to.equal(200);
      expect(res.body.platform).to.equal(c.platform);
      expect(nock.pendingMocks()).to.deep.equal([]);
    });
  }
});

// Short links through the whole service: /resolve reads the redirect, resolves the post it names
// and answers with that post's canonical URL; /canonical never fetches.
import { expect } from 'chai';
import nock from 'nock';
import { PLATFORM_SPECS } from '../../src/domain/platforms/index.js';
import { PLATFORM_CASE_LIST } from '../platforms/cases.js';
import { TestApp, q } from '../support/app.js';
import { useFixture } from '../support/fixtures.js';

/** Every platform's short links (test/platforms/<id>/cases.ts), each with its platform. */
const CASES = PLATFORM_CASE_LIST.flatMap(({ id, shortLinks }) => shortLinks.map((c) => ({ platform: id, ...c })));

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

  for (const { id, shortLinks } of PLATFORM_CASE_LIST) {
    const shortRoutes = PLATFORM_SPECS[id].routes.filter((route) => route.kind === 'short').length;
    it(`when ${id}'s spec has ${shortRoutes} short route(s), its cases hold short links exactly when it has some`, () => {
      expect(shortLinks.length > 0, `${id}: short routes in the spec but no short-link case`).to.equal(shortRoutes > 0);
    });
  }

  for (const c of CASES) {
    it(`when ${c.short} is resolved, answers the card of the post it points to under that post's canonical URL`, async () => {
      for (const scenario of c.scenarios) useFixture(c.platform, scenario);
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

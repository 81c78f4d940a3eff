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
    const shortRoutes = PLATFORM_SPECS[id].routes.filter((route) => route.denotes === 'short').length;
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

// A shortener no platform claims (a bit.ly-like host) with the open web on (issue 28 point 8): the
// redirect is read as a `web` page's first hop, and where it lands decides the card — a platform's
// post is that platform's card, as its own URL gives it; a page is a `web` card of that page.
describe('short links on a host no platform claims, WEB_CARDS on', () => {
  const SHORTENER = 'https://lnk.shortener.example';
  let app: TestApp;
  before(async () => {
    app = await TestApp.start({ WEB_CARDS: 'true', RATE_LIMIT_POINTS: '100000' });
  });
  after(() => app.close());
  afterEach(() => nock.cleanAll());

  for (const { id, healthy } of PLATFORM_CASE_LIST) {
    it(`when a shortener link redirects to a ${id} post, answers that post's ${id} card under its canonical URL`, async () => {
      const code = `/s${id}`;
      const hop = nock(SHORTENER).get(code).reply(301, '', { location: healthy.url });
      useFixture(id, healthy.scenario);
      const res = await app.get(`/api/v1/resolve?url=${q(SHORTENER + code)}`);
      expect(res.status).to.equal(200);
      expect(res.body, res.text).to.include({ status: 'ok', platform: id, kind: healthy.kind, cacheHit: false });
      expect(hop.isDone(), 'the shortener was asked').to.equal(true);
      const direct = await app.get(`/api/v1/resolve?url=${q(healthy.url)}`);
      expect({ ...direct.body, cacheHit: false }, 'the same card as the post URL gives').to.deep.equal(res.body);
    });
  }

  // docs/design.md §3: the card's canonicalUrl is the page's declared URL when on the site fetched, else the link's own canonical form.
  it('when a shortener link redirects to a page, answers a web card of that page under the URL the page declares', async () => {
    nock(SHORTENER).get('/page1').reply(302, '', { location: 'https://journal.example/2025/bread?utm_source=short&id=4' });
    nock('https://journal.example')
      .get('/2025/bread')
      .query({ utm_source: 'short', id: '4' })
      .reply(
        200,
        '<!doctype html><html><head><link rel="canonical" href="https://journal.example/2025/bread?id=4&utm_campaign=z"><meta property="og:title" content="Rye, slowly"><meta property="og:site_name" content="The Journal"><meta property="og:image" content="https://journal.example/rye.jpg"></head><body></body></html>',
        { 'content-type': 'text/html; charset=utf-8' },
      );
    const res = await app.get(`/api/v1/resolve?url=${q(`${SHORTENER}/page1`)}`);
    expect(res.body, res.text).to.include({ status: 'ok', platform: 'web', kind: 'image', title: 'Rye, slowly', siteName: 'The Journal', canonicalUrl: 'https://journal.example/2025/bread?id=4' });
    expect(res.body.image).to.deep.include({ url: 'https://journal.example/rye.jpg' });
  });

  it('when a shortener link redirects to a page that declares no URL, answers its web card under the link’s canonical form', async () => {
    nock(SHORTENER).get('/page2').reply(302, '', { location: 'https://journal.example/2025/rye' });
    nock('https://journal.example').get('/2025/rye').reply(200, '<!doctype html><html><head><title>Rye notes</title></head><body></body></html>', { 'content-type': 'text/html' });
    const res = await app.get(`/api/v1/resolve?url=${q(`${SHORTENER}/page2?utm_source=chat`)}`);
    expect(res.body, res.text).to.include({ status: 'ok', platform: 'web', kind: 'link', title: 'Rye notes', canonicalUrl: `${SHORTENER}/page2` });
  });

  it('when a shortener link is only canonicalised, answers web with no request', async () => {
    const res = await app.get(`/api/v1/canonical?url=${q(`${SHORTENER}/abc?utm_medium=x`)}`);
    expect(res.body).to.deep.equal({ platform: 'web', canonicalUrl: `${SHORTENER}/abc` });
    expect(nock.pendingMocks()).to.deep.equal([]);
  });
});

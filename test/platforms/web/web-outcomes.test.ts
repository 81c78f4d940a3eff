// Truthful outcomes of a web resolve (issue 28 point 6, DESIGN §3 "Outcomes"): each upstream status
// or failure is its reason, a 200 that is a challenge page or a consent wall is `blocked`, and a
// degraded web answer is platform `web`, kind `link`, with the site's name and colour when the
// page gave them. Through the service, upstreams on nock.
import { expect } from 'chai';
import nock from 'nock';
import { q, TestApp } from '../../support/app.js';

const URL_ = 'https://news.example/story/1';

describe('web: truthful outcomes', () => {
  let app: TestApp;
  beforeEach(async () => {
    app = await TestApp.start({ WEB_CARDS: 'true', UPSTREAM_TIMEOUT_MS: '400', RESOLVE_BUDGET_MS: '1500' });
  });
  afterEach(async () => {
    nock.cleanAll();
    await app.close();
  });

  const resolve = async (url = URL_) => (await app.get(`/api/v1/resolve?url=${q(url)}`)).body;

  for (const [status, reason] of [
    [401, 'blocked'],
    [403, 'blocked'],
    [404, 'not-found'],
    [410, 'not-found'],
    [429, 'rate-limited'],
    [500, 'upstream-error'],
    [503, 'upstream-error'],
  ] as const) {
    it(`when the page answers ${status}, answers degraded ${reason} as a web link with the host as its site`, async () => {
      nock('https://news.example').get('/story/1').times(2).reply(status, '<html><head><title>Error</title></head></html>', { 'content-type': 'text/html' });
      const body = await resolve();
      expect(body).to.deep.include({ status: 'degraded', platform: 'web', kind: 'link', reason, canonicalUrl: URL_ });
      expect(body).to.include.keys('siteName', 'themeColor');
    });
  }

  it('when the connection fails, answers upstream-error', async () => {
    nock('https://news.example').get('/story/1').times(2).replyWithError({ code: 'ECONNRESET', message: 'socket hang up' });
    expect(await resolve()).to.include({ status: 'degraded', platform: 'web', reason: 'upstream-error' });
  });

  it('when the page does not answer within the budget, answers timeout', async () => {
    nock('https://news.example').get('/story/1').delay(3000).reply(200, '<html></html>', { 'content-type': 'text/html' });
    expect(await resolve()).to.include({ status: 'degraded', platform: 'web', reason: 'timeout' });
  });

  for (const [name, title, marker] of [
    ['a Cloudflare challenge', 'Just a moment...', '<script src="/cdn-cgi/challenge-platform/h/b/orchestrate/chl_page/v1"></script>'],
    ['a Cloudflare block', 'Attention Required! | Cloudflare', '<div id="cf-wrapper"></div>'],
    ['an edge refusal', 'Access Denied', '<p>Reference #18.7d3f1402.1700000000.1a2b3c</p>'],
  ] as const) {
    it(`when a 200 is ${name}, answers blocked, never a card of the wall`, async () => {
      const wall = `<html><head><title>${title}</title><meta name="theme-color" content="#222222"></head><body>${marker}</body></html>`;
      nock('https://news.example').get('/story/1').reply(200, wall, { 'content-type': 'text/html' });
      const body = await resolve();
      expect(body).to.deep.include({ status: 'degraded', platform: 'web', kind: 'link', reason: 'blocked', themeColor: '#222222', siteName: 'news.example' });
      expect(body).not.to.have.property('title');
    });
  }

  it('when the page redirects to a consent wall, answers blocked', async () => {
    nock('https://www.news.example').get('/story/2').reply(302, '', { location: 'https://consent.news.example/?continue=https://www.news.example/story/2' });
    nock('https://consent.news.example').get('/').query(true).reply(200, '<html><head><title>Before you continue</title></head></html>', { 'content-type': 'text/html' });
    expect(await resolve('https://www.news.example/story/2')).to.include({ status: 'degraded', platform: 'web', reason: 'blocked' });
  });

  it('when a degraded page named its site, the answer carries its site name and colour', async () => {
    const wall = '<html><head><title>Just a moment...</title><meta property="og:site_name" content="The News"><meta name="theme-color" content="#123456"></head><body><script>window._cf_chl_opt={}</script></body></html>';
    nock('https://news.example').get('/story/1').reply(200, wall, { 'content-type': 'text/html' });
    expect(await resolve()).to.include({ status: 'degraded', reason: 'blocked', siteName: 'The News', themeColor: '#123456' });
  });
});

// Truthful outcomes of a web resolve (issue 28 point 6, docs/design.md §3 "Outcomes"): each upstream status
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
    app = await TestApp.start({ WEB_CARDS: 'true' });
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
    await app.close();
    app = await TestApp.start({ WEB_CARDS: 'true', UPSTREAM_TIMEOUT_MS: '400', RESOLVE_BUDGET_MS: '1500' });
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

describe('web: answers that are not HTML', () => {
  let app: TestApp;
  before(async () => {
    app = await TestApp.start({ WEB_CARDS: 'true' });
  });
  after(async () => {
    nock.cleanAll();
    await app.close();
  });

  it('an image, a video or a sound is a card of the file; any other type a link titled by its file name', async () => {
    const png = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.alloc(64)]);
    nock('https://files.example')
      .get('/pics/loaf.png')
      .reply(200, png, { 'content-type': 'image/png' })
      .get('/clips/loaf.mp4')
      .reply(200, Buffer.alloc(1024), { 'content-type': 'video/mp4' })
      .get('/audio/loaf.mp3')
      .reply(200, Buffer.alloc(1024), { 'content-type': 'audio/mpeg' })
      .get('/docs/recipe%20book.pdf')
      .reply(200, Buffer.alloc(1024), { 'content-type': 'application/pdf' });
    const resolve = async (path: string) => (await app.get(`/api/v1/resolve?url=${q(`https://files.example${path}`)}`)).body;
    const image = await resolve('/pics/loaf.png');
    expect(image).to.include({ status: 'ok', platform: 'web', kind: 'image' });
    expect(image.image.url).to.equal('https://files.example/pics/loaf.png');
    const video = await resolve('/clips/loaf.mp4');
    expect(video).to.include({ status: 'ok', kind: 'video' });
    expect(video.video).to.include({ url: 'https://files.example/clips/loaf.mp4', mimeType: 'video/mp4', needsProxy: false });
    const audio = await resolve('/audio/loaf.mp3');
    expect(audio).to.include({ status: 'ok', kind: 'link' });
    expect(audio.audio).to.include({ url: 'https://files.example/audio/loaf.mp3', mimeType: 'audio/mpeg' });
    expect(await resolve('/docs/recipe%20book.pdf')).to.include({ status: 'ok', kind: 'link', title: 'recipe book.pdf' });
  });
});

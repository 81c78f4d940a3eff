// Safety and politeness of web resolves (issue 28 point 7, docs/design.md §3 "Politeness and safety"):
// every request goes through the upstream guard, inner addresses are refused before any connection,
// unsafe URLs never reach a card, hosts get at most WEB_PER_HOST_PER_MIN requests a minute, denied
// hosts are asked nothing, no cookie is sent or kept, and the User-Agent is WEB_USER_AGENT.
import { expect } from 'chai';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import nock from 'nock';
import { q, TestApp } from '../../support/app.js';
import { lookupTable } from '../../support/lookup.js';

const PAGE = (head: string) => `<html><head><title>A page</title><meta property="og:title" content="A page">${head}</head><body></body></html>`;
const HTML = { 'content-type': 'text/html' };

/** A loopback server that counts the connections it gets: an inner machine the guard must keep out. */
async function innerServer(): Promise<{ server: Server; port: number; connections: () => number }> {
  let connections = 0;
  const server = createServer((_req, res) => res.end('<html><head><title>inner</title></head></html>'));
  server.on('connection', () => (connections += 1));
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { server, port: (server.address() as AddressInfo).port, connections: () => connections };
}

describe('web: safety and politeness', () => {
  let app: TestApp;
  afterEach(async () => {
    nock.cleanAll();
    await app?.close();
  });

  describe('the upstream guard', () => {
    let inner: Awaited<ReturnType<typeof innerServer>>;
    beforeEach(async () => {
      inner = await innerServer();
      app = await TestApp.start({ WEB_CARDS: 'true' }, { upstreamLookup: lookupTable({ 'intranet.example': ['10.0.0.5'], 'mixed.example': ['93.184.215.14', '127.0.0.1'] }) });
    });
    afterEach(() => inner.server.close());

    for (const [name, location] of [
      ['a loopback address', () => `http://127.0.0.1:${inner.port}/admin`],
      ['an IPv4-mapped IPv6 literal', () => `http://[::ffff:127.0.0.1]:${inner.port}/admin`],
    ] as const) {
      it(`refuses a redirect to ${name} with no connection made`, async () => {
        nock('https://pub.example').get('/go').reply(302, '', { location: location() });
        const body = (await app.get(`/api/v1/resolve?url=${q('https://pub.example/go')}`)).body;
        expect(body).to.include({ status: 'degraded', platform: 'web' });
        expect(inner.connections()).to.equal(0);
      });
    }

    it('refuses a page whose name resolves inwards (any of its addresses), with no request', async () => {
      const intranet = nock('https://intranet.example').get('/').reply(200, PAGE(''), HTML);
      const mixed = nock('https://mixed.example').get('/').reply(200, PAGE(''), HTML);
      expect((await app.get(`/api/v1/resolve?url=${q('https://intranet.example/')}`)).body).to.include({ status: 'degraded', platform: 'web' });
      expect((await app.get(`/api/v1/resolve?url=${q('https://mixed.example/')}`)).body).to.include({ status: 'degraded', platform: 'web' });
      expect(intranet.isDone() || mixed.isDone()).to.equal(false);
    });

    it('never asks an oEmbed discovery link at 169.254.169.254 or an IPv4-mapped IPv6 literal: the page alone makes the card', async () => {
      const metadata = nock('http://169.254.169.254').get(/.*/).reply(200, { title: 'instance secrets' });
      nock('https://pub.example').get('/a').reply(200, PAGE('<link rel="alternate" type="application/json+oembed" href="http://169.254.169.254/latest/meta-data/">'), HTML);
      nock('https://pub.example').get('/b').reply(200, PAGE(`<link rel="alternate" type="application/json+oembed" href="http://[::ffff:7f00:1]:${inner.port}/oembed">`), HTML);
      expect((await app.get(`/api/v1/resolve?url=${q('https://pub.example/a')}`)).body).to.include({ status: 'ok', title: 'A page' });
      expect((await app.get(`/api/v1/resolve?url=${q('https://pub.example/b')}`)).body).to.include({ status: 'ok', title: 'A page' });
      expect(metadata.isDone()).to.equal(false);
      expect(inner.connections()).to.equal(0);
    });
  });

  describe('with the defaults', () => {
    beforeEach(async () => {
      app = await TestApp.start({ WEB_CARDS: 'true', PUBLIC_BASE_URL: 'https://lens.example.org' });
    });

    it('keeps javascript:, data: and unreadable URLs out of the card', async () => {
      const head = '<meta property="og:image" content="javascript:alert(1)"><meta name="twitter:image" content="data:image/png;base64,AAAA"><link rel="icon" href="http://[bad"><link rel="canonical" href="javascript:void(0)"><meta property="og:video" content="vbscript:x"><meta property="og:video:type" content="video/mp4">';
      nock('https://pub.example').get('/x').reply(200, PAGE(head), HTML);
      const body = (await app.get(`/api/v1/resolve?url=${q('https://pub.example/x')}`)).body;
      expect(body).to.include({ status: 'ok', kind: 'link', canonicalUrl: 'https://pub.example/x' });
      expect(body).not.to.have.any.keys('image', 'images', 'video', 'icon');
    });

    it('reads http: pages (the guard still applies)', async () => {
      nock('http://plain.example').get('/p').reply(200, PAGE(''), HTML);
      expect((await app.get(`/api/v1/resolve?url=${q('http://plain.example/p')}`)).body).to.include({ status: 'ok', platform: 'web', canonicalUrl: 'http://plain.example/p', title: 'A page' });
    });

    it('sends no cookie, keeps none a page sets, and says WEB_USER_AGENT’s default (postlens’s version, PUBLIC_BASE_URL)', async () => {
      const agents: string[] = [];
      nock('https://jar.example', { badheaders: ['cookie'] })
        .get('/start')
        .reply(function () {
          agents.push(String(this.req.headers['user-agent']));
          return [302, '', { location: '/next', 'set-cookie': 'session=abc; Path=/' }];
        })
        .get('/next')
        .reply(200, PAGE(''), { ...HTML, 'set-cookie': 'tracker=1; Path=/' })
        .get('/again')
        .reply(200, PAGE(''), HTML);
      expect((await app.get(`/api/v1/resolve?url=${q('https://jar.example/start')}`)).body).to.include({ status: 'ok' });
      expect((await app.get(`/api/v1/resolve?url=${q('https://jar.example/again')}`)).body).to.include({ status: 'ok' });
      expect(agents).to.have.length(1);
      expect(agents[0]).to.match(/^Mozilla\/5\.0 \(compatible; postlens\/\d+\.\d+\.\d+[^;]*; \+https:\/\/lens\.example\.org\)$/);
    });
  });

  it('says the WEB_USER_AGENT it is given, on the page and on oEmbed requests', async () => {
    app = await TestApp.start({ WEB_CARDS: 'true', WEB_USER_AGENT: 'ExampleBot/2.0 (+https://bot.example)' });
    nock('https://pub.example', { reqheaders: { 'user-agent': 'ExampleBot/2.0 (+https://bot.example)' } })
      .get('/ua')
      .reply(200, PAGE('<link rel="alternate" type="application/json+oembed" href="/oe">'), HTML)
      .get('/oe')
      .reply(200, { title: 'oEmbed title' });
    expect((await app.get(`/api/v1/resolve?url=${q('https://pub.example/ua')}`)).body).to.include({ status: 'ok', title: 'oEmbed title' });
  });

  it('asks a host at most WEB_PER_HOST_PER_MIN times a minute: past it rate-limited, with no request', async () => {
    app = await TestApp.start({ WEB_CARDS: 'true', WEB_PER_HOST_PER_MIN: '2' });
    const pages = nock('https://busy.example').get(/^\/p\d$/).times(3).reply(200, PAGE(''), HTML);
    const other = nock('https://calm.example').get('/').reply(200, PAGE(''), HTML);
    for (const n of [1, 2]) expect((await app.get(`/api/v1/resolve?url=${q(`https://busy.example/p${n}`)}`)).body).to.include({ status: 'ok' });
    expect((await app.get(`/api/v1/resolve?url=${q('https://busy.example/p3')}`)).body).to.include({ status: 'degraded', platform: 'web', reason: 'rate-limited' });
    expect(pages.pendingMocks()).to.have.length(1);
    // Another host has its own allowance.
    expect((await app.get(`/api/v1/resolve?url=${q('https://calm.example/')}`)).body).to.include({ status: 'ok' });
    expect(other.isDone()).to.equal(true);
  });

  it('answers disabled for a host under WEB_DENY_HOSTS, with no request', async () => {
    app = await TestApp.start({ WEB_CARDS: 'true', WEB_DENY_HOSTS: 'ads.example, Tracker.Example' });
    const denied = nock('https://cdn.ads.example').get('/x').reply(200, PAGE(''), HTML);
    expect((await app.get(`/api/v1/resolve?url=${q('https://cdn.ads.example/x')}`)).body).to.deep.include({ status: 'degraded', platform: 'web', reason: 'disabled', kind: 'link' });
    expect((await app.get(`/api/v1/resolve?url=${q('https://tracker.example/')}`)).body).to.include({ reason: 'disabled' });
    expect(denied.isDone()).to.equal(false);
  });
});

// The `web` platform through the service (issue 28 points 1, 2, 10): with WEB_CARDS on, a page on a
// host no platform claims is a card on /resolve, batch, /oembed and /health?url=, under the
// canonical form docs/design.md §3 gives; off, everything answers as before. Upstreams are nock.
import { expect } from 'chai';
import nock from 'nock';
import { q, TestApp } from '../../support/app.js';
import { useFixture } from '../../support/fixtures.js';

const PAGE = `<!doctype html><html lang="en"><head>
<meta charset="utf-8"><title>Fallback title</title>
<meta property="og:title" content="Baking sourdough at home &amp; abroad">
<meta property="og:description" content="A long read on starters.">
<meta property="og:image" content="/img/loaf.jpg"><meta property="og:image:width" content="1200"><meta property="og:image:height" content="630">
<meta property="og:site_name" content="Crumb Journal"><meta name="theme-color" content="#AA3300">
<link rel="apple-touch-icon" sizes="180x180" href="/touch.png"><link rel="icon" href="/favicon.png">
<link rel="canonical" href="https://www.crumb.example/articles/sourdough?utm_medium=feed">
</head><body><p>Text.</p></body></html>`;

function servePage(host = 'https://www.crumb.example', path = '/articles/sourdough', body = PAGE) {
  return nock(host).get(path).query(true).reply(200, body, { 'content-type': 'text/html; charset=utf-8' });
}

describe('web: any page as a card (WEB_CARDS)', () => {
  let app: TestApp;
  afterEach(async () => {
    nock.cleanAll();
    await app?.close();
  });

  describe('with WEB_CARDS unset', () => {
    beforeEach(async () => {
      app = await TestApp.start();
    });

    it('answers no-adapter, /canonical none and lists web as not enabled, asking no page', async () => {
      const page = servePage();
      const res = await app.get(`/api/v1/resolve?url=${q('https://www.crumb.example/articles/sourdough')}`);
      expect(res.body).to.deep.equal({ status: 'no-adapter', platform: 'none', canonicalUrl: 'https://www.crumb.example/articles/sourdough' });
      expect((await app.get(`/api/v1/canonical?url=${q('https://www.crumb.example/a?utm_source=x')}`)).body).to.deep.equal({ platform: 'none', canonicalUrl: 'https://www.crumb.example/a?utm_source=x' });
      const web = (await app.get('/api/v1/platforms')).body.platforms.find((p: { id: string }) => p.id === 'web');
      expect(web).to.deep.include({ id: 'web', enabled: false, state: 'disabled', hosts: [] });
      expect(web.capabilities).to.include({ resolve: true, canonical: false });
      expect(page.isDone()).to.equal(false);
    });
  });

  describe('with WEB_CARDS=true', () => {
    beforeEach(async () => {
      app = await TestApp.start({ WEB_CARDS: 'true' });
    });

    it('/canonical answers web with the tracking parameters, default port and fragment dropped, the rest of the query in order', async () => {
      const res = await app.get(`/api/v1/canonical?url=${q('HTTPS://WWW.Crumb.Example:443/a/b?z=1&utm_source=x&fbclid=y&a=%20b&gclid=1&mc_eid=2#top')}`);
      expect(res.body).to.deep.equal({ platform: 'web', canonicalUrl: 'https://www.crumb.example/a/b?z=1&a=%20b' });
      // A platform's own host never becomes web.
      expect((await app.get(`/api/v1/canonical?url=${q('https://x.com/home')}`)).body.platform).to.equal('twitter');
    });

    it('/resolve answers a web card from the page, its declared canonical URL (same site, cleaned) and the site name, colour and icon', async () => {
      servePage();
      const res = await app.get(`/api/v1/resolve?url=${q('https://www.crumb.example/articles/sourdough?utm_source=chat#x')}`);
      expect(res.status).to.equal(200);
      expect(res.body).to.deep.include({
        status: 'ok',
        platform: 'web',
        canonicalUrl: 'https://www.crumb.example/articles/sourdough',
        kind: 'image',
        title: 'Baking sourdough at home & abroad',
        description: 'A long read on starters.',
        siteName: 'Crumb Journal',
        themeColor: '#aa3300',
        nsfw: false,
        cacheHit: false,
      });
      expect(res.body.image).to.deep.equal({ url: 'https://www.crumb.example/img/loaf.jpg', width: 1200, height: 630 });
      expect(res.body.icon).to.deep.equal({ url: 'https://www.crumb.example/touch.png', width: 180, height: 180 });
      // The canonical URL is the cache key: another spelling of the page is a hit, no request.
      nock.cleanAll();
      const again = await app.get(`/api/v1/resolve?url=${q('https://WWW.crumb.example/articles/sourdough?fbclid=1')}`);
      expect(again.body).to.include({ status: 'ok', cacheHit: true, title: 'Baking sourdough at home & abroad' });
    });

    it('keeps the URL asked for when the page declares a canonical URL on another site', async () => {
      servePage('https://blog.crumb.example', '/p/1', PAGE.replace('https://www.crumb.example/articles/sourdough?utm_medium=feed', 'https://elsewhere.example/p/1'));
      const res = await app.get(`/api/v1/resolve?url=${q('https://blog.crumb.example/p/1')}`);
      expect(res.body).to.include({ status: 'ok', canonicalUrl: 'https://blog.crumb.example/p/1' });
    });

    it('answers web on batch, /oembed and /health?url= too', async () => {
      servePage().persist();
      const url = 'https://www.crumb.example/articles/sourdough';
      const batch = await app.request('/api/v1/resolve', { body: { urls: [url] } });
      expect(batch.body.results[0]).to.include({ status: 'ok', platform: 'web', kind: 'image' });
      const oembed = await app.get(`/oembed?url=${q(url)}`, { anonymous: true });
      expect(oembed.status).to.equal(200);
      expect(oembed.body).to.include({ type: 'photo', provider_name: 'Crumb Journal', url: 'https://www.crumb.example/img/loaf.jpg' });
      const health = await app.get(`/api/v1/health?url=${q(url)}`);
      expect(health.body).to.include({ platform: 'web', status: 'ok', kind: 'image', hasMedia: true, cacheHit: false });
    });

    it('/oembed answers video with the player for a page that names one, and link for a page without media', async () => {
      const player = '<meta name="twitter:card" content="player"><meta name="twitter:player" content="https://player.crumb.example/embed/7"><meta name="twitter:player:width" content="640"><meta name="twitter:player:height" content="360">';
      servePage('https://www.crumb.example', '/v/7', `<html><head><title>Clip</title>${player}</head></html>`);
      const video = await app.get(`/oembed?url=${q('https://www.crumb.example/v/7')}`, { anonymous: true });
      expect(video.body).to.include({ type: 'video', width: 560, height: 315 });
      expect(video.body.html).to.include('src="https://player.crumb.example/embed/7"');
      servePage('https://www.crumb.example', '/plain', '<html><head><title>Just text</title></head></html>');
      expect((await app.get(`/oembed?url=${q('https://www.crumb.example/plain')}`, { anonymous: true })).body).to.include({ type: 'link', title: 'Just text', provider_name: 'crumb.example' });
    });

    it('reads a page far larger than UPSTREAM_MAX_BYTES: only its head is read, never refused as too large', async () => {
      const huge = PAGE.replace('<p>Text.</p>', `<p>${'x'.repeat(6 * 1024 * 1024)}</p>`);
      servePage('https://www.crumb.example', '/huge', huge);
      expect((await app.get(`/api/v1/resolve?url=${q('https://www.crumb.example/huge')}`)).body).to.include({ status: 'ok', platform: 'web', title: 'Baking sourdough at home & abroad' });
    });

    it('answers web for a post-shaped URL that fediverse discovery does not claim, and leaves a discovered server to its family', async () => {
      const nodeinfo = nock('https://blog.crumb.example').get('/.well-known/nodeinfo').reply(404, '');
      servePage('https://blog.crumb.example', '/@ann/1234', '<html><head><title>Ann’s post</title></head></html>');
      expect((await app.get(`/api/v1/resolve?url=${q('https://blog.crumb.example/@ann/1234')}`)).body).to.include({ status: 'ok', platform: 'web', title: 'Ann’s post' });
      expect(nodeinfo.isDone()).to.equal(true);
      nock('https://toot.example').get('/.well-known/nodeinfo').reply(200, { links: [{ rel: 'http://nodeinfo.diaspora.software/ns/schema/2.0', href: 'https://toot.example/nodeinfo/2.0' }] });
      nock('https://toot.example').get('/nodeinfo/2.0').reply(200, { version: '2.0', software: { name: 'mastodon', version: '4.3.0' } });
      nock('https://toot.example').get('/api/v1/statuses/1234').reply(404, { error: 'Record not found' });
      nock('https://toot.example').get('/@ann/1234').reply(404, '');
      expect((await app.get(`/api/v1/resolve?url=${q('https://toot.example/@ann/1234')}`)).body).to.include({ platform: 'mastodon' });
    });

    it('lists web as enabled with its capabilities', async () => {
      const web = (await app.get('/api/v1/platforms')).body.platforms.find((p: { id: string }) => p.id === 'web');
      expect(web).to.deep.include({ id: 'web', name: 'Web', enabled: true, state: 'ok', hosts: [] });
      expect(web.capabilities).to.deep.equal({ resolve: true, canonical: true, shortLinks: false, video: true, nsfw: true, proxy: false });
      expect((await app.get('/api/v1/platforms')).body.platforms.find((p: { id: string }) => p.id === 'twitter').enabled).to.equal(true);
    });

    it("leaves a platform's own pages to the platform: unsupported, never web", async () => {
      const res = await app.get(`/api/v1/resolve?url=${q('https://x.com/jack')}`);
      expect(res.body).to.include({ status: 'degraded', platform: 'twitter', reason: 'unsupported' });
    });

    it('asks the oEmbed registry first when a provider scheme matches, then the page, and no discovery link', async () => {
      const oembed = nock('https://www.flickr.com')
        .get('/services/oembed/')
        .query({ url: 'https://www.flickr.com/photos/crumb/123', format: 'json' })
        .reply(200, { type: 'photo', version: '1.0', title: 'A loaf', provider_name: 'Flickr', url: 'https://live.staticflickr.com/1/loaf_b.jpg', width: 1024, height: 768 });
      const page = servePage('https://www.flickr.com', '/photos/crumb/123', PAGE.replace('</head>', '<link rel="alternate" type="application/json+oembed" href="https://discovery.crumb.example/oembed"></head>'));
      const discovery = nock('https://discovery.crumb.example').get('/oembed').reply(200, { title: 'never asked' });
      const res = await app.get(`/api/v1/resolve?url=${q('https://www.flickr.com/photos/crumb/123')}`);
      // docs/design.md §3: an oEmbed photo makes the card an image of that photo, at the size oEmbed gives.
      expect(res.body).to.include({ status: 'ok', platform: 'web', title: 'A loaf', siteName: 'Flickr', kind: 'image' });
      expect(res.body.image).to.deep.equal({ url: 'https://live.staticflickr.com/1/loaf_b.jpg', width: 1024, height: 768 });
      expect(oembed.isDone() && page.isDone()).to.equal(true);
      expect(discovery.isDone()).to.equal(false);
    });

    it('makes at most three upstream requests: a registry that failed is not made up for by the page’s discovery link', async () => {
      let requests = 0;
      const count = (status: number, body: string | object, headers: Record<string, string> = {}) => () => {
        requests += 1;
        return [status, body, headers] as [number, string | object, Record<string, string>];
      };
      nock('https://www.flickr.com').get('/services/oembed/').query(true).reply(count(500, 'down'));
      nock('https://www.flickr.com').get('/photos/crumb/9').reply(count(200, PAGE.replace('</head>', '<link rel="alternate" type="application/json+oembed" href="https://www.flickr.com/oe/9"></head>'), { 'content-type': 'text/html' }));
      const discovery = nock('https://www.flickr.com').get('/oe/9').reply(count(200, { title: 'never asked' }));
      expect((await app.get(`/api/v1/resolve?url=${q('https://www.flickr.com/photos/crumb/9')}`)).body).to.include({ status: 'ok', title: 'Baking sourdough at home & abroad' });
      expect(requests).to.equal(2);
      expect(discovery.isDone()).to.equal(false);
    });

    it('asks the page’s oEmbed discovery link when the registry has no provider for it (from the Link header too)', async () => {
      servePage('https://www.crumb.example', '/a', PAGE.replace('</head>', '<link rel="alternate" type="application/json+oembed" href="/oembed?u=a"></head>'));
      const asked = nock('https://www.crumb.example').get('/oembed').query({ u: 'a' }).reply(200, { type: 'rich', title: 'From oEmbed', provider_name: 'Crumb' });
      expect((await app.get(`/api/v1/resolve?url=${q('https://www.crumb.example/a')}`)).body).to.include({ title: 'From oEmbed', siteName: 'Crumb' });
      expect(asked.isDone()).to.equal(true);
      nock('https://www.crumb.example')
        .get('/b')
        .reply(200, '<html><head><title>B</title></head></html>', { 'content-type': 'text/html', link: '<https://www.crumb.example/oe/b>; rel="alternate"; type="application/json+oembed"' });
      const fromHeader = nock('https://www.crumb.example').get('/oe/b').reply(200, { title: 'From the Link header' });
      expect((await app.get(`/api/v1/resolve?url=${q('https://www.crumb.example/b')}`)).body).to.include({ title: 'From the Link header' });
      expect(fromHeader.isDone()).to.equal(true);
    });

    it('hands a redirect onto a platform’s post to that platform: a bit.ly link to an X post is the X card', async () => {
      const short = nock('https://bit.ly').get('/3xBake').reply(301, '', { location: 'https://x.com/marta_bakes/status/1790000000000000101?s=20' });
      useFixture('twitter', 'syndication-photo');
      const res = await app.get(`/api/v1/resolve?url=${q('https://bit.ly/3xBake')}`);
      expect(res.body).to.include({ status: 'ok', platform: 'twitter', canonicalUrl: 'https://x.com/marta_bakes/status/1790000000000000101', kind: 'image' });
      expect(short.isDone()).to.equal(true);
      // The hand-off is cached like the card it leads to: asked again, neither host is asked.
      nock.cleanAll();
      const again = await app.get(`/api/v1/resolve?url=${q('https://bit.ly/3xBake')}`);
      expect(again.body).to.include({ status: 'ok', platform: 'twitter', cacheHit: true });
      const batch = await app.request('/api/v1/resolve', { body: { urls: ['https://bit.ly/3xBake'] } });
      expect(batch.body.results[0]).to.include({ status: 'ok', platform: 'twitter', cacheHit: true });
    });
  });
});

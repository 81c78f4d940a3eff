// Discovery of fediverse servers no list names (docs/design.md §3), through the whole service: the real HTTP
// adapter and its guard, nock standing in for the servers. A host is asked once (then cached), only
// for URLs shaped like a post, never when discovery is off or over its rate, never at an inward
// address, never past 64 KB or off its own host; a discovered server's API is called for its own
// posts only.
import { expect } from 'chai';
import nock from 'nock';
import { q, TestApp } from '../support/app.js';
import { lookupTable } from '../support/lookup.js';
import { nodeInfoDocument, nodeInfoIndex, serveNodeInfo, serveStatus } from './nodeinfo-server.js';

const POST = (host: string, id = '113900000000777001') => `https://${host}/@noor/${id}`;

describe('fediverse discovery', () => {
  let app: TestApp | undefined;
  afterEach(async () => {
    nock.cleanAll();
    await app?.close();
    app = undefined;
  });

  const resolve = async (url: string) => (await app!.get(`/api/v1/resolve?url=${q(url)}`)).body as Record<string, unknown>;

  it('when an unknown host runs Mastodon, asks its NodeInfo once, resolves its posts as mastodon, and the second post reuses the answer', async () => {
    app = await TestApp.start();
    const nodeInfo = serveNodeInfo('small.example', 'mastodon');
    const first = serveStatus('small.example', '113900000000777001');
    const second = serveStatus('small.example', '113900000000777002');
    expect(await resolve(POST('small.example'))).to.deep.include({
      status: 'ok',
      platform: 'mastodon',
      canonicalUrl: 'https://small.example/@noor/113900000000777001',
      siteName: 'Mastodon',
      kind: 'image',
      description: 'Hello from a small server.',
    });
    expect(await resolve(POST('small.example', '113900000000777002'))).to.deep.include({ status: 'ok', platform: 'mastodon' });
    expect(nodeInfo.asked()).to.equal(1);
    expect(first.isDone() && second.isDone()).to.equal(true);
  });

  it('when the host runs a fork (akkoma), resolves its notices as pleroma', async () => {
    app = await TestApp.start();
    serveNodeInfo('akko.example', 'akkoma');
    serveStatus('akko.example', 'AQb3xYz9Kp2LmNoPqR');
    expect(await resolve('https://akko.example/notice/AQb3xYz9Kp2LmNoPqR')).to.deep.include({ status: 'ok', platform: 'pleroma', canonicalUrl: 'https://akko.example/notice/AQb3xYz9Kp2LmNoPqR' });
  });

  it('when the URL has no post shape of any family, answers no-adapter without any request', async () => {
    app = await TestApp.start();
    const any = nock('https://small.example').get(/.*/).reply(200, {});
    for (const url of ['https://small.example/about', 'https://small.example/@noor', 'https://small.example/blog/2025/06/02/kites']) {
      expect(await resolve(url)).to.deep.equal({ status: 'no-adapter', platform: 'none', canonicalUrl: url });
    }
    expect(any.isDone()).to.equal(false);
  });

  it('when the host runs another program (WordPress), answers no-adapter and asks it no more for an hour', async () => {
    app = await TestApp.start();
    const nodeInfo = serveNodeInfo('blog.example', 'wordpress');
    const api = nock('https://blog.example').get(/\/api\//).reply(200, {});
    expect(await resolve(POST('blog.example'))).to.deep.include({ status: 'no-adapter', platform: 'none' });
    expect(await resolve(POST('blog.example', '113900000000777009'))).to.deep.include({ status: 'no-adapter' });
    expect(nodeInfo.asked()).to.equal(1);
    expect(api.isDone()).to.equal(false);
  });

  it('when FEDIVERSE_DISCOVERY=false, answers no-adapter without any request', async () => {
    app = await TestApp.start({ FEDIVERSE_DISCOVERY: 'false' });
    const any = nock('https://small.example').get(/.*/).reply(200, {});
    expect(await resolve(POST('small.example'))).to.deep.include({ status: 'no-adapter' });
    expect(any.isDone()).to.equal(false);
  });

  it('when more new hosts arrive in a minute than FEDIVERSE_DISCOVERY_PER_MIN, the (N+1)th makes no request at all', async () => {
    app = await TestApp.start({ FEDIVERSE_DISCOVERY_PER_MIN: '2' });
    serveNodeInfo('one.example', 'wordpress');
    serveNodeInfo('two.example', 'wordpress');
    const third = nock('https://three.example').get(/.*/).reply(200, nodeInfoIndex('three.example'));
    for (const host of ['one.example', 'two.example', 'three.example']) expect(await resolve(POST(host))).to.deep.include({ status: 'no-adapter' });
    expect(third.isDone()).to.equal(false);
  });

  it('when the host resolves to an inward address, refuses it before any connection: no-adapter', async () => {
    app = await TestApp.start({}, { upstreamLookup: lookupTable({ 'inward.example': ['10.0.0.7'] }) });
    const any = nock('https://inward.example').get(/.*/).reply(200, nodeInfoIndex('inward.example'));
    expect(await resolve(POST('inward.example'))).to.deep.include({ status: 'no-adapter' });
    expect(any.isDone()).to.equal(false);
  });

  it('when the NodeInfo index is over 64 KB, reads no further: no-adapter', async () => {
    app = await TestApp.start();
    const index = { ...nodeInfoIndex('big.example'), padding: 'x'.repeat(70 * 1024) };
    nock('https://big.example').get('/.well-known/nodeinfo').reply(200, index, { 'content-type': 'application/json' });
    const document = nock('https://big.example').get('/nodeinfo/2.0').reply(200, nodeInfoDocument('mastodon'));
    expect(await resolve(POST('big.example'))).to.deep.include({ status: 'no-adapter' });
    expect(document.isDone()).to.equal(false);
  });

  it('when NodeInfo redirects to another host, or links its document on another host, refuses to follow: no-adapter', async () => {
    app = await TestApp.start();
    nock('https://hop.example').get('/.well-known/nodeinfo').reply(302, '', { location: 'https://elsewhere.example/.well-known/nodeinfo' });
    nock('https://link.example').get('/.well-known/nodeinfo').reply(200, nodeInfoIndex('link.example', 'https://elsewhere.example/nodeinfo/2.0'));
    const elsewhere = nock('https://elsewhere.example').get(/.*/).reply(200, nodeInfoDocument('mastodon'));
    expect(await resolve(POST('hop.example'))).to.deep.include({ status: 'no-adapter' });
    expect(await resolve(POST('link.example'))).to.deep.include({ status: 'no-adapter' });
    expect(elsewhere.isDone()).to.equal(false);
  });

  it('when NodeInfo does not answer within 3 s, gives up: no-adapter within the budget', async () => {
    app = await TestApp.start();
    nock('https://slow.example').get('/.well-known/nodeinfo').delay(4000).reply(200, nodeInfoIndex('slow.example'));
    const started = Date.now();
    expect(await resolve(POST('slow.example'))).to.deep.include({ status: 'no-adapter' });
    expect(Date.now() - started).to.be.below(3900);
  });

  it('a discovered server is called for its own posts only: a post of another unlisted host is discovered on its own', async () => {
    app = await TestApp.start();
    serveNodeInfo('small.example', 'mastodon');
    serveStatus('small.example', '113900000000777001');
    await resolve(POST('small.example'));
    // other.example is not discovered by small.example's answer: it is asked itself, and answers nothing useful.
    const otherNodeInfo = nock('https://other.example').get('/.well-known/nodeinfo').reply(404, '');
    const otherApi = nock('https://other.example').get(/\/api\//).reply(200, {});
    expect(await resolve(POST('other.example'))).to.deep.include({ status: 'no-adapter' });
    expect(otherNodeInfo.isDone()).to.equal(true);
    expect(otherApi.isDone()).to.equal(false);
  });

  it('a discovered server\'s media are never proxied: under media=proxied its video has needsProxy false and no playableUrl', async () => {
    app = await TestApp.start();
    serveNodeInfo('small.example', 'mastodon');
    nock('https://small.example')
      .get('/api/v1/statuses/113900000000777003')
      .reply(200, {
        id: '113900000000777003',
        content: '<p>Kites at dusk</p>',
        account: { id: '1', username: 'noor', acct: 'noor', display_name: 'Noor', url: 'https://small.example/@noor' },
        media_attachments: [{ id: '3', type: 'video', url: 'https://small.example/system/media/kites.mp4', meta: { original: { width: 640, height: 360, duration: 4 } } }],
      });
    const body = (await app.get(`/api/v1/resolve?url=${q(POST('small.example', '113900000000777003'))}&media=proxied`)).body as { video?: Record<string, unknown> };
    expect(body.video).to.deep.equal({ url: 'https://small.example/system/media/kites.mp4', mimeType: 'video/mp4', width: 640, height: 360, duration: 4, needsProxy: false });
  });

  it('/canonical never discovers: an unknown host is none without any request', async () => {
    app = await TestApp.start();
    const any = nock('https://small.example').get(/.*/).reply(200, {});
    expect((await app.get(`/api/v1/canonical?url=${q(POST('small.example'))}`)).body).to.deep.equal({ platform: 'none', canonicalUrl: POST('small.example') });
    expect(any.isDone()).to.equal(false);
  });

  it('/oembed, /health?url= and batch discover too', async () => {
    app = await TestApp.start();
    serveNodeInfo('small.example', 'mastodon');
    // oEmbed's resolve is cached; health reads fresh: the status is asked twice.
    for (let i = 0; i < 2; i++) serveStatus('small.example', '113900000000777001');
    const oembed = await app.get(`/oembed?url=${q(POST('small.example'))}`, { anonymous: true });
    expect(oembed.body).to.deep.include({ type: 'photo', provider_name: 'Mastodon' });
    const health = await app.get(`/api/v1/health?url=${q(POST('small.example'))}`);
    expect(health.body).to.deep.include({ platform: 'mastodon', status: 'ok', hasMedia: true });
    const batch = await app.request('/api/v1/resolve', { body: { urls: [POST('small.example'), 'https://small.example/about'] } });
    expect((batch.body as { results: { status: string; platform: string }[] }).results.map((r) => [r.status, r.platform])).to.deep.equal([
      ['ok', 'mastodon'],
      ['no-adapter', 'none'],
    ]);
  });
});

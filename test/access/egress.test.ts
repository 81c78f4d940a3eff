// Egresses per platform (issue 24, point 2), on the real HTTP client through real CONNECT proxies
// to a local HTTPS internet: a platform's own pool in turn, UPSTREAM_PROXY for the others, every
// request of one resolve through one egress, no DNS of the service's own behind a proxy, and a
// refused egress benched while the resolve goes on through the next.
import { expect } from 'chai';
import { CACHE, type Cache } from '../../src/application/ports/cache.port.js';
import { resultCacheKey } from '../../src/domain/canonicalize.js';
import { q, TestApp } from '../support/app.js';
import { credentialsFile, egressName, noDns, POSTS, startWorld, type World } from './harness.js';

describe('access: egresses per platform', () => {
  let world: World;
  let app: TestApp | undefined;
  before(async () => {
    world = await startWorld({ passwords: true });
  });
  after(() => world.close());
  afterEach(async () => {
    world.internet.reset();
    noDns.asked.length = 0;
    await app?.close();
    app = undefined;
  });

  async function start(file: unknown, env: Record<string, string> = {}): Promise<TestApp> {
    app = await TestApp.start({ PLATFORM_CREDENTIALS_FILE: credentialsFile(file), UPSTREAM_PROXY: world.proxies.c.url, ...env }, { upstreamLookup: noDns, proxiedTls: { ca: world.ca.caCert } });
    return app;
  }

  const via = (host: string) => world.internet.seen.filter((r) => r.host === host).map((r) => r.via);

  it('sends a platform through its own pool in turn and every other platform through UPSTREAM_PROXY, handing over the names it cannot resolve itself', async () => {
    await start({ reddit: { proxies: [world.proxies.a.url, world.proxies.b.url] } });
    const gallery = await app!.get(`/api/v1/resolve?url=${q(POSTS.redditGallery)}`);
    const poll = await app!.get(`/api/v1/resolve?url=${q(POSTS.redditPoll)}`);
    const bluesky = await app!.get(`/api/v1/resolve?url=${q(POSTS.bluesky)}`);
    expect([gallery.body.status, poll.body.status, bluesky.body.status]).to.deep.equal(['ok', 'ok', 'ok']);
    expect(via('www.reddit.com')).to.deep.equal(['A', 'B']);
    // Both of Bluesky's requests (the handle, then the thread) leave through the one default proxy.
    expect(via('public.api.bsky.app')).to.deep.equal(['C', 'C']);
    // Each name was asked of this machine's DNS once (it has none here), then handed to the proxy as it is.
    expect(noDns.asked, 'the names looked up by the service').to.deep.equal(['www.reddit.com', 'public.api.bsky.app']);
  });

  it('keeps every request of one resolve on the egress it chose', async () => {
    await start({ bluesky: { proxies: [world.proxies.a.url, world.proxies.b.url] } });
    const res = await app!.get(`/api/v1/resolve?url=${q(POSTS.bluesky)}`);
    expect(res.body.status).to.equal('ok');
    expect(via('public.api.bsky.app')).to.deep.equal(['A', 'A']);
  });

  it('when an egress is answered 429, benches it, answers through the next, and sends later resolves around it', async () => {
    await start({ reddit: { proxies: [world.proxies.a.url, world.proxies.b.url] } });
    world.internet.use((r) => (r.via === 'A' ? { status: 429, headers: { 'retry-after': '60' }, body: '{"message":"Too Many Requests"}' } : undefined));
    const first = await app!.get(`/api/v1/resolve?url=${q(POSTS.redditGallery)}`);
    expect(first.body.status).to.equal('ok');
    const second = await app!.get(`/api/v1/resolve?url=${q(POSTS.redditPoll)}`);
    expect(second.body.status).to.equal('ok');
    // The first resolve's chain (the JSON view, then oEmbed) is refused through A, then answered through B.
    expect(via('www.reddit.com')).to.deep.equal(['A', 'A', 'B', 'B']);
    const benched = app!.logs.map((line) => JSON.parse(line) as Record<string, unknown>).filter((line) => line['msg'] === 'egress benched');
    expect(benched).to.have.length(1);
    expect(benched[0]).to.include({ platform: 'reddit', egress: egressName(world.proxies.a), cause: 'rate-limited', benchS: 300 });
  });

  it('when every egress of the pool is benched, answers degraded with the refusal that benched them, asking nothing', async () => {
    await start({ reddit: { proxies: [world.proxies.a.url] } });
    world.internet.use((r) => (r.host === 'www.reddit.com' ? { status: 429, body: '{}' } : undefined));
    const first = await app!.get(`/api/v1/resolve?url=${q(POSTS.redditGallery)}`);
    expect(first.body).to.include({ status: 'degraded', reason: 'rate-limited' });
    const asked = world.internet.seen.length;
    const second = await app!.get(`/api/v1/resolve?url=${q(POSTS.redditPoll)}`);
    expect(second.body).to.include({ status: 'degraded', reason: 'rate-limited' });
    expect(world.internet.seen.length, 'nothing more was asked of the platform').to.equal(asked);
    // Another platform is not benched by Reddit's refusal.
    const bluesky = await app!.get(`/api/v1/resolve?url=${q(POSTS.bluesky)}`);
    expect(bluesky.body.status).to.equal('ok');
  });

  it('answers that asked nothing (every egress benched) never open the platform’s breaker', async () => {
    await start({ reddit: { proxies: [world.proxies.a.url] } }, { BREAKER_THRESHOLD: '2' });
    world.internet.use((r) => (r.host === 'www.reddit.com' ? { status: 429, body: '{}' } : undefined));
    const cache = app!.container.resolve<Cache>(CACHE);
    const reasons: unknown[] = [];
    for (let i = 0; i < 4; i++) {
      await cache.delete(resultCacheKey('reddit', '1rgal03'));
      reasons.push((await app!.get(`/api/v1/resolve?url=${q(POSTS.redditGallery)}`)).body.reason);
    }
    // One refusal counted; the three answers given without asking count for nothing.
    expect(reasons).to.deep.equal(['rate-limited', 'rate-limited', 'rate-limited', 'rate-limited']);
  });

  it('a statement about the post benches nothing', async () => {
    await start({ reddit: { proxies: [world.proxies.a.url] } });
    world.internet.use((r) => (r.host === 'www.reddit.com' && r.path.startsWith('/comments/1rgal03') ? { status: 404, body: '{"message":"Not Found","error":404}' } : undefined));
    const gone = await app!.get(`/api/v1/resolve?url=${q(POSTS.redditGallery)}`);
    expect(gone.body).to.include({ status: 'degraded', reason: 'not-found' });
    const next = await app!.get(`/api/v1/resolve?url=${q(POSTS.redditPoll)}`);
    expect(next.body.status).to.equal('ok');
    expect(via('www.reddit.com').every((v) => v === 'A')).to.equal(true);
  });

  it('sends the proxy its user and password and shows neither anywhere', async () => {
    await start({ reddit: { proxies: [world.proxies.a.url] } });
    const res = await app!.get(`/api/v1/resolve?url=${q(POSTS.redditGallery)}`);
    expect(res.body.status).to.equal('ok');
    const proxyUrl = new URL(world.proxies.a.url);
    expect(JSON.stringify(res.body) + app!.logs.join('\n')).not.to.include(decodeURIComponent(proxyUrl.password));
  });
});

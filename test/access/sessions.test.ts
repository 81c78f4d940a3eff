// Sessions in turn and benched when refused (issue 24, points 3-4), and `/v/` media through the way
// out their post was resolved through (point 2), on the real client through local proxies to the
// local HTTPS internet. TikTok's page request carries the session's cookies; its media do not.
import { expect } from 'chai';
import { CACHE, type Cache } from '../../src/application/ports/cache.port.js';
import { resultCacheKey } from '../../src/domain/canonicalize.js';
import { readFileSync } from 'node:fs';
import { q, TestApp } from '../support/app.js';
import { credentialsFile, POSTS, RECORDINGS, startWorld, type World } from './harness.js';

const TIKTOK_ID = '7400000000000000202';

describe('access: sessions in turn', () => {
  let world: World;
  let app: TestApp | undefined;
  before(async () => {
    world = await startWorld();
  });
  after(() => world.close());
  afterEach(async () => {
    world.internet.reset();
    await app?.close();
    app = undefined;
  });

  async function start(file: unknown): Promise<TestApp> {
    app = await TestApp.start({ PLATFORM_CREDENTIALS_FILE: credentialsFile(file), UPSTREAM_PROXY: world.proxies.c.url }, { proxiedTls: { ca: world.ca.caCert } });
    return app;
  }

  /** The TikTok post, resolved afresh (its cached answer dropped first). */
  async function resolveTikTok(query = ''): Promise<Record<string, unknown>> {
    await app!.container.resolve<Cache>(CACHE).delete(resultCacheKey('tiktok', TIKTOK_ID));
    return (await app!.get(`/api/v1/resolve?url=${q(POSTS.tiktok)}${query}`)).body as Record<string, unknown>;
  }

  /** The session cookie of each TikTok page request, in order (`-` for none). */
  const pageCookies = () =>
    world.internet.seen.filter((r) => r.host === 'www.tiktok.com' && r.path.startsWith('/@')).map((r) => /sessionid=(\w+)/.exec(String(r.headers.cookie ?? ''))?.[1] ?? '-');

  const sessions = [
    { name: 'tt-one', cookies: { sessionid: 'ONE' } },
    { name: 'tt-two', cookies: { sessionid: 'TWO' } },
  ];

  it('takes the sessions in turn, one per resolve', async () => {
    await start({ tiktok: { sessions } });
    for (let i = 0; i < 3; i++) expect((await resolveTikTok()).status).to.equal('ok');
    expect(pageCookies()).to.deep.equal(['ONE', 'TWO', 'ONE']);
  });

  it('when the platform refuses a session, benches it, answers with the next, and leaves it out until its bench ends', async () => {
    await start({ tiktok: { sessions } });
    world.internet.use((r) => (/sessionid=ONE/.test(String(r.headers.cookie)) ? { status: 403, headers: { 'content-type': 'text/html' }, body: '<html><title>Log in | TikTok</title></html>' } : undefined));
    expect((await resolveTikTok()).status).to.equal('ok');
    expect((await resolveTikTok()).status).to.equal('ok');
    expect(pageCookies()).to.deep.equal(['ONE', 'TWO', 'TWO']);
    const benched = app!.logs.map((line) => JSON.parse(line) as Record<string, unknown>).filter((line) => line['msg'] === 'session benched');
    expect(benched.map((line) => [line['session'], line['cause']])).to.deep.equal([['tt-one', 'blocked']]);
  });

  it('when every session is benched, runs the chain anonymously', async () => {
    await start({ tiktok: { sessions } });
    world.internet.use((r) => (/sessionid=/.test(String(r.headers.cookie)) ? { status: 429, body: '' } : undefined));
    // The first resolve spends its one retry: both sessions refused and benched.
    expect(await resolveTikTok()).to.include({ status: 'degraded', reason: 'rate-limited' });
    // The next has no session left and asks anonymously, which the platform answers.
    expect((await resolveTikTok()).status).to.equal('ok');
    expect(pageCookies()).to.deep.equal(['ONE', 'TWO', '-']);
  });

  it('fetches /v/ media through the egress the post was resolved through', async () => {
    await start({ tiktok: { sessions, proxies: [world.proxies.a.url, world.proxies.b.url] } });
    const first = await resolveTikTok('&media=proxied');
    const second = await resolveTikTok('&media=proxied');
    const urls = [first, second].map((body) => new URL((body['video'] as { playableUrl: string }).playableUrl));
    for (const url of urls) expect((await app!.get(url.pathname, { anonymous: true, unchecked: true })).status).to.equal(200);
    const viaOf = (host: string) => world.internet.seen.filter((r) => r.host === host).map((r) => r.via);
    expect(viaOf('www.tiktok.com')).to.deep.equal(['A', 'B']);
    expect(viaOf('v16-webapp-prime.tiktok.com')).to.deep.equal(['A', 'B']);
    // No session cookie goes to the media host: only what the page set for it.
    for (const media of world.internet.seen.filter((r) => r.host === 'v16-webapp-prime.tiktok.com')) expect(String(media.headers.cookie ?? '')).not.to.match(/sessionid/);
  });

  it('keeps the cookies the platform sets for a session for its next requests, never showing them', async () => {
    await start({ tiktok: { sessions: [{ name: 'tt-one', cookies: { sessionid: 'ONE', stale: 'old' } }] } });
    world.internet.use((r) =>
      r.host === 'www.tiktok.com' && /sessionid=ONE\b/.test(String(r.headers.cookie))
        ? // As TikTok sets its session cookies: for the whole site (the configured ones stand for those).
          { recordingWith: { 'set-cookie': ['sessionid=REFRESHED7; Domain=tiktok.com; Path=/; Secure; HttpOnly', 'stale=; Max-Age=0; Domain=tiktok.com; Path=/', 'msToken=NEWTOKEN9; Domain=tiktok.com; Path=/'] } }
        : undefined,
    );
    expect((await resolveTikTok()).status).to.equal('ok');
    expect((await resolveTikTok()).status).to.equal('ok');
    const cookies = world.internet.seen.filter((r) => r.host === 'www.tiktok.com' && r.path.startsWith('/@')).map((r) => String(r.headers.cookie));
    expect(cookies[0]).to.match(/sessionid=ONE/).and.match(/stale=old/);
    expect(cookies[1]).to.match(/sessionid=REFRESHED7/).and.match(/msToken=NEWTOKEN9/).and.not.match(/stale=|sessionid=ONE/);
    expect(app!.logs.join('\n')).not.to.match(/REFRESHED7|NEWTOKEN9/);
  });

  it('takes API-client sessions in turn too, each resolve asking its token and its post with the one client, through one egress', async () => {
    await start({ reddit: { sessions: [{ name: 'app-one', clientId: 'one-id', clientSecret: 'one-secret' }, { name: 'app-two', clientId: 'two-id', clientSecret: 'two-secret' }], proxies: [world.proxies.a.url, world.proxies.b.url] } });
    const clientOf = (authorization: unknown) => Buffer.from(String(authorization).replace(/^Basic /, ''), 'base64').toString().split(':')[0];
    const listing = JSON.parse(readFileSync(RECORDINGS.find((f) => f.endsWith('reddit-gallery.json'))!, 'utf8'))[0].response as unknown;
    world.internet.use((r) => {
      if (r.host === 'www.reddit.com' && r.path === '/api/v1/access_token') return { status: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ access_token: `token-of-${clientOf(r.headers.authorization)}`, token_type: 'bearer', expires_in: 86400 }) };
      if (r.host === 'oauth.reddit.com' && r.path.startsWith('/comments/1rgal03')) return { status: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify(listing) };
      return undefined;
    });
    const cache = app!.container.resolve<Cache>(CACHE);
    for (let i = 0; i < 2; i++) {
      await cache.delete(resultCacheKey('reddit', '1rgal03'));
      expect((await app!.get(`/api/v1/resolve?url=${q(POSTS.redditGallery)}`)).body.status).to.equal('ok');
    }
    const asked = world.internet.seen.map((r) => `${r.host}${r.path.split('?')[0]} ${r.host === 'oauth.reddit.com' ? r.headers.authorization : clientOf(r.headers.authorization)} via ${r.via}`);
    expect(asked).to.deep.equal([
      'www.reddit.com/api/v1/access_token one-id via A',
      'oauth.reddit.com/comments/1rgal03 Bearer token-of-one-id via A',
      'www.reddit.com/api/v1/access_token two-id via B',
      'oauth.reddit.com/comments/1rgal03 Bearer token-of-two-id via B',
    ]);
  });
});


// One host's trouble stays with that host (issue 27, points 1, 3 and 8; docs/design.md §9 "Open-ended
// platforms"), through the service on the local HTTPS internet: the issue's reproductions as tests.
// A discovered server that fails opens its own breaker only; a slow one fills its own bulkhead only;
// a `www.` server resolves under its own name; a refusal the service makes itself opens no breaker;
// a discovered server's player is sandboxed in /oembed; a quote of another server's post is kept by
// its URL without asking that server.
import { expect } from 'chai';
import { PLATFORM_GUARD } from '../../src/application/ports/platform-guard.port.js';
import type { CockatielPlatformGuard } from '../../src/infrastructure/resilience/cockatiel.platform-guard.js';
import { q, TestApp } from '../support/app.js';
import { LocalInternet, startLocalProxy, throwawayCa, type Answer, type InternetRequest, type LocalProxy, type ThrowawayCa } from '../support/local-internet.js';
import { nodeInfoDocument, nodeInfoIndex } from './nodeinfo-server.js';

/** Hosts no list names, and the software their NodeInfo states. */
const DISCOVERED: Readonly<Record<string, string>> = {
  'evil.example': 'mastodon',
  'second.example': 'mastodon',
  'slow.example': 'mastodon',
  'www.small.example': 'mastodon',
  'redirecting.example': 'mastodon',
  'quoting.example': 'mastodon',
  'tube.example': 'peertube',
};
const LISTED = ['mastodon.social', 'www.listed.example', 'tube.listed.example'];
const LIVE_UUID = '9c9de5e8-0a1e-484a-b099-e80766180a6d';
const json = (body: object, status = 200): Answer => ({ status, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

/** A Mastodon-API status with one image (our own values). */
function status(host: string, id: string): object {
  return {
    id,
    created_at: '2025-06-02T08:15:30.000Z',
    sensitive: false,
    spoiler_text: '',
    content: `<p>Hello from ${host}.</p>`,
    account: { id: '1', username: 'noor', acct: 'noor', display_name: 'Noor', url: `https://${host}/@noor` },
    media_attachments: [{ id: '2', type: 'image', url: `https://${host}/system/media/one.jpg`, meta: { original: { width: 800, height: 600 } } }],
  };
}

describe('fediverse: one host\'s trouble stays with that host (live service, local internet)', function () {
  this.timeout(90_000);
  let ca: ThrowawayCa;
  let internet: LocalInternet;
  let proxy: LocalProxy;
  let app: TestApp;
  /** Held answers of slow.example: released at the end of its test. */
  let releaseSlow!: () => void;
  let slowGate: Promise<void>;

  /** The servers of this little fediverse, as one rule. */
  function servers(request: InternetRequest): Answer | undefined {
    const { host, path } = request;
    if (DISCOVERED[host] && path === '/.well-known/nodeinfo') return json(nodeInfoIndex(host));
    if (DISCOVERED[host] && path === '/nodeinfo/2.0') return json(nodeInfoDocument(DISCOVERED[host]!));
    const statusId = /^\/api\/v1\/statuses\/(\d+)$/.exec(path)?.[1];
    if (host === 'evil.example') return { status: 403, headers: { 'content-type': 'text/html' }, body: '<html><body>Forbidden</body></html>' };
    if (host === 'redirecting.example') return { status: 302, headers: { location: 'https://elsewhere.example/landing' } };
    if (host === 'slow.example' && statusId && statusId !== '1') return { ...json(status(host, statusId)), after: slowGate };
    if (host === 'quoting.example') {
      // The API wants a login: the chain reads the post's ActivityPub object, which quotes a post of a third server.
      if (statusId) return json({ error: 'This method requires an authenticated user' }, 401);
      if (request.headers['accept']?.includes('activity+json')) {
        return json({
          '@context': 'https://www.w3.org/ns/activitystreams',
          id: `https://quoting.example/users/noor/statuses/113900000000555001`,
          type: 'Note',
          attributedTo: 'https://quoting.example/users/noor',
          content: '<p>Look at this RE: <a href="https://third.example/notes/9xq1abc">https://third.example/notes/9xq1abc</a></p>',
          published: '2025-06-02T08:15:30Z',
          quoteUrl: 'https://third.example/notes/9xq1abc',
        });
      }
    }
    if (statusId) return json(status(host, statusId));
    if (path.startsWith(`/api/v1/videos/`)) return json({ uuid: LIVE_UUID, name: 'Live from the workshop', isLive: true, privacy: { id: 1 }, nsfw: false, description: '' });
    return undefined;
  }

  before(async () => {
    ca = throwawayCa([...Object.keys(DISCOVERED), ...LISTED, 'third.example', 'elsewhere.example']);
    internet = await LocalInternet.start([], ca);
    proxy = await startLocalProxy(internet, 'P', '127.0.0.27');
    app = await TestApp.start(
      {
        UPSTREAM_PROXY: proxy.url,
        FEDIVERSE_INSTANCES: 'www.listed.example=mastodon,tube.listed.example=peertube',
        BREAKER_THRESHOLD: '5',
        BREAKER_COOLDOWN_S: '600',
        RATE_LIMIT_POINTS: '100000',
        PUBLIC_RATE_LIMIT_POINTS: '100000',
        UPSTREAM_TIMEOUT_MS: '30000',
        RESOLVE_BUDGET_MS: '40000',
      },
      { proxiedTls: { ca: ca.caCert } },
    );
  });
  beforeEach(() => {
    internet.reset();
    slowGate = new Promise((resolve) => (releaseSlow = resolve));
    internet.use(servers);
  });
  after(async () => {
    releaseSlow?.();
    await app?.close();
    await proxy?.close();
    internet?.close();
  });

  const resolve = async (url: string) => (await app.get(`/api/v1/resolve?url=${q(url)}`)).body as Record<string, unknown>;
  const asked = (host: string) => internet.seen.filter((r) => r.host === host && !r.path.includes('nodeinfo')).length;
  const logLines = () => app.logs.map((line) => JSON.parse(line) as Record<string, unknown>);
  const hostsCircuitOpen = async (id: string) => ((await app.get('/api/v1/platforms')).body.platforms as { id: string; state: string; hostsCircuitOpen?: number }[]).find((p) => p.id === id)!;

  it('five /oembed of a discovered server answering 403 through the proxy open that server\'s breaker only, benching no egress: mastodon.social and a second discovered server answer ok', async () => {
    for (let n = 1; n <= 5; n++) {
      const oembed = await app.get(`/oembed?url=${q(`https://evil.example/@a/${n}`)}`, { anonymous: true });
      expect(oembed.status).to.equal(200);
      expect(oembed.body).to.include({ type: 'link', provider_name: 'Mastodon' });
    }
    expect(await resolve('https://evil.example/@a/6')).to.include({ status: 'degraded', reason: 'circuit-open' });
    const before = asked('evil.example');
    expect(await resolve('https://evil.example/@a/7')).to.include({ status: 'degraded', reason: 'circuit-open' });
    expect(asked('evil.example'), 'an open breaker asks nothing').to.equal(before);
    expect(await resolve('https://mastodon.social/@noor/113900000000000001')).to.include({ status: 'ok', platform: 'mastodon', canonicalUrl: 'https://mastodon.social/@noor/113900000000000001' });
    expect(await resolve('https://second.example/@noor/113900000000000002')).to.include({ status: 'ok', platform: 'mastodon', canonicalUrl: 'https://second.example/@noor/113900000000000002' });
    expect(await hostsCircuitOpen('mastodon')).to.include({ state: 'ok', hostsCircuitOpen: 1 });
    const opened = logLines().filter((line) => line['msg'] === 'platform circuit breaker opened; answering circuit-open');
    expect(opened.map((line) => [line['platform'], line['host']])).to.deep.equal([['mastodon', 'evil.example']]);
    expect(logLines().filter((line) => line['msg'] === 'egress benched'), 'a discovered host\'s refusal benches no egress').to.deep.equal([]);
  });

  it('about 96 concurrent posts on a slow discovered server fill its own bulkhead only: listed and other discovered servers answer ok, the server\'s next post rate-limited', async () => {
    // Discovered first (one quick post), so every slow post below goes straight to its status.
    expect(await resolve('https://slow.example/@noor/1')).to.include({ status: 'ok' });
    const slow = Array.from({ length: 96 }, (_, i) => resolve(`https://slow.example/@noor/${1000 + i}`));
    const guard = app.container.resolve<CockatielPlatformGuard>(PLATFORM_GUARD);
    const deadline = Date.now() + 30_000;
    const filled = () => guard.states().find((s) => s.platform === 'mastodon');
    while (Date.now() < deadline && !(filled()!.running >= 32 && filled()!.queued >= 64)) await new Promise((r) => setTimeout(r, 50));
    expect(filled()).to.deep.include({ running: 32, queued: 64 });
    expect(await resolve('https://slow.example/@noor/2000')).to.include({ status: 'degraded', reason: 'rate-limited' });
    expect(await resolve('https://mastodon.social/@noor/113900000000000011')).to.include({ status: 'ok' });
    expect(await resolve('https://www.listed.example/@noor/113900000000000012')).to.include({ status: 'ok' });
    expect(await resolve('https://second.example/@noor/113900000000000013')).to.include({ status: 'ok' });
    releaseSlow();
    const answers = await Promise.all(slow);
    expect(answers.filter((a) => a['status'] === 'ok')).to.have.length(96);
  });

  it('a discovered www. server resolves under its own name, and so does a listed one', async () => {
    expect(await resolve('https://www.small.example/@noor/113900000000000021')).to.include({ status: 'ok', platform: 'mastodon', canonicalUrl: 'https://www.small.example/@noor/113900000000000021' });
    expect(await resolve('https://www.listed.example/@noor/113900000000000022')).to.include({ status: 'ok', platform: 'mastodon', canonicalUrl: 'https://www.listed.example/@noor/113900000000000022' });
    expect(internet.seen.filter((r) => r.path.startsWith('/api/v1/statuses/')).map((r) => r.host)).to.deep.equal(['www.small.example', 'www.listed.example']);
  });

  it('a refusal the service makes itself (every strategy redirected off the host) is logged once per resolve as ours and never opens the breaker', async () => {
    for (let n = 1; n <= 8; n++) expect(await resolve(`https://redirecting.example/@noor/${n}`)).to.include({ status: 'degraded', reason: 'upstream-error' });
    expect(internet.seen.some((r) => r.host === 'elsewhere.example'), 'nothing leaves for the host refused').to.equal(false);
    const ours = logLines().filter((line) => line['msg'] === 'upstream request refused by this service; no upstream was asked' && line['host'] === 'redirecting.example');
    expect(ours).to.have.length(8);
    expect(ours[0]).to.include({ level: 40, platform: 'mastodon', code: 'UPSTREAM_HOST_REFUSED' });
    expect(logLines().some((line) => line['msg'] === 'platform circuit breaker opened; answering circuit-open' && line['host'] === 'redirecting.example')).to.equal(false);
  });

  it('/oembed sandboxes a discovered PeerTube\'s player and nothing more; a listed server\'s player is as before', async () => {
    const discovered = await app.get(`/oembed?url=${q(`https://tube.example/videos/watch/${LIVE_UUID}`)}`, { anonymous: true });
    expect(discovered.body).to.include({ type: 'video', provider_name: 'PeerTube' });
    expect(discovered.body.html).to.equal(
      `<iframe src="https://tube.example/videos/embed/${LIVE_UUID}" width="560" height="315" frameborder="0" sandbox="allow-scripts allow-same-origin allow-popups allow-presentation"></iframe>`,
    );
    const listed = await app.get(`/oembed?url=${q(`https://tube.listed.example/videos/watch/${LIVE_UUID}`)}`, { anonymous: true });
    expect(listed.body.html).to.equal(
      `<iframe src="https://tube.listed.example/videos/embed/${LIVE_UUID}" width="560" height="315" frameborder="0" allow="autoplay; encrypted-media; picture-in-picture" allowfullscreen=""></iframe>`,
    );
  });

  it('a quote of a post on another server is kept as {canonicalUrl} without asking that server', async () => {
    const card = await resolve('https://quoting.example/@noor/113900000000555001');
    expect(card).to.include({ status: 'ok', platform: 'mastodon', description: 'Look at this' });
    expect(card['quote']).to.deep.equal({ canonicalUrl: 'https://third.example/notes/9xq1abc' });
    expect(internet.seen.some((r) => r.host === 'third.example')).to.equal(false);
  });
});

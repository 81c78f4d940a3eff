// Egresses named uniquely, and media tokens kept to the egress they sealed (issue 27, point 6), on
// the real client through a local gateway proxy whose users differ only by credentials (as
// residential gateways do) to the local HTTPS internet: a platform's pool user and a session's own
// user on one host:port are two names, and the media of a post resolved with the session leave as
// the session's user. Then the service as it runs (a child process): a reload that reorders the
// proxies leaves an old token playing through the very same one, a reload that removes it makes
// the token answer 410, never another proxy, and the client's re-resolve plays through one in use.
import { expect } from 'chai';
import { writeFileSync } from 'node:fs';
import { ServiceProcess } from '../lifecycle/service-process.js';
import { q, TestApp } from '../support/app.js';
import { registerSecret } from '../support/secret-scan.js';
import { credentialsFile, egressName, POSTS, startWorld, type World } from './harness.js';

const API_KEY = 'egress-names-test-key-0123456789';
const PROXY_SECRET = 'egress-names-proxy-secret-0123456789abcdef';
const MEDIA_HOST = 'v16-webapp-prime.tiktok.com';

describe('access: egress names and the media tokens that seal them', function () {
  this.timeout(60_000);
  let world: World;
  before(async () => {
    world = await startWorld({ gatewayUsers: ['poolA', 'acctB', 'u1', 'u2'] });
    for (const user of ['poolA', 'acctB', 'u1', 'u2']) registerSecret(`pw-${user}-S3CRET`, `gateway user ${user}'s password`);
  });
  after(() => world.close());
  afterEach(() => world.internet.reset());

  const via = (host: string) => world.internet.seen.filter((r) => r.host === host).map((r) => r.via);

  describe('in process', () => {
    let app: TestApp | undefined;
    afterEach(async () => {
      await app?.close();
      app = undefined;
    });

    it('names a pool proxy and a session’s own proxy on one host:port apart, and plays the session’s media through the session’s proxy', async () => {
      const poolA = world.gateway.urlAs('poolA');
      const acctB = world.gateway.urlAs('acctB');
      expect(egressName(poolA)).not.to.equal(egressName(acctB));
      const file = { tiktok: { sessions: [{ name: 'tt-b', cookies: { sessionid: 'B' }, proxy: acctB }], proxies: [poolA] } };
      app = await TestApp.start({ PLATFORM_CREDENTIALS_FILE: credentialsFile(file) }, { proxiedTls: { ca: world.ca.caCert } });
      const card = (await app.get(`/api/v1/resolve?url=${q(POSTS.tiktok)}&media=proxied`)).body as { status: string; video: { playableUrl: string } };
      expect(card.status).to.equal('ok');
      const media = await app.get(new URL(card.video.playableUrl).pathname, { anonymous: true, unchecked: true });
      expect(media.status).to.equal(200);
      expect(via('www.tiktok.com')).to.deep.equal(['G/acctB']);
      expect(via(MEDIA_HOST)).to.deep.equal(['G/acctB']);
      expect(world.gateway.tunnels.filter((t) => t.user === 'poolA')).to.deep.equal([]);
      // The names carry no user and no password: not in the logs, not in the metrics.
      const metrics = (await app.get('/metrics', { unchecked: true })).text;
      expect(metrics).to.include(egressName(acctB));
      expect(metrics + app.logs.join('\n')).not.to.match(/poolA|acctB|S3CRET/);
    });
  });

  describe('the live service, reloaded', () => {
    let service: ServiceProcess | undefined;
    after(() => service?.kill());

    async function get(path: string): Promise<{ status: number; body: Record<string, unknown> }> {
      const response = await fetch(`${service!.baseUrl}${path}`, { headers: { authorization: `Bearer ${API_KEY}` } });
      const text = await response.text();
      return { status: response.status, body: response.headers.get('content-type')?.includes('json') ? (JSON.parse(text) as Record<string, unknown>) : {} };
    }
    const playable = async () => new URL(((await get(`/api/v1/resolve?url=${q(POSTS.tiktok)}&media=proxied`)).body['video'] as { playableUrl: string }).playableUrl).pathname;
    let reloads = 0;
    async function reload(file: string, proxies: string[]): Promise<void> {
      writeFileSync(file, JSON.stringify({ tiktok: { proxies } }));
      service!.signal('SIGHUP');
      reloads += 1;
      const wanted = reloads;
      let seen = 0;
      await service!.waitFor((line) => line.msg === 'credentials file read again' && ++seen === wanted);
    }

    it('after a reload that reorders the proxies an old token plays through the same one; after one that removes it, 410, and the re-resolve plays through one in use', async () => {
      const [u1, u2] = [world.gateway.urlAs('u1'), world.gateway.urlAs('u2')];
      const file = credentialsFile({ tiktok: { proxies: [u1, u2] } });
      const tunnelsBefore = world.gateway.tunnels.length;
      service = await ServiceProcess.start({ env: { API_KEYS: API_KEY, PROXY_SECRET, PLATFORM_CREDENTIALS_FILE: file, NODE_EXTRA_CA_CERTS: world.ca.caFile } });
      const token = await playable();
      expect(via('www.tiktok.com')).to.deep.equal(['G/u1']);

      await reload(file, [u2, u1]);
      expect((await get(token)).status).to.equal(200);
      expect(via(MEDIA_HOST)).to.deep.equal(['G/u1']);

      await reload(file, [u2]);
      const asked = via(MEDIA_HOST).length;
      const gone = await get(token);
      expect(gone.status).to.equal(410);
      expect(via(MEDIA_HOST), 'no media request through another proxy').to.have.length(asked);
      expect(world.gateway.tunnels.slice(tunnelsBefore).filter((t) => t.target.startsWith(MEDIA_HOST) && t.user !== 'u1')).to.deep.equal([]);

      const fresh = await playable();
      expect((await get(fresh)).status).to.equal(200);
      expect(via(MEDIA_HOST).slice(asked)).to.deep.equal(['G/u2']);
      expect(JSON.stringify(service!.lines)).not.to.match(/S3CRET|"u1"|"u2"/);
    });
  });
});

// A session's cookies kept as a browser keeps them (issue 27, point 7), through the whole service on
// the real HTTP client, through a local proxy to the local HTTPS internet: what TikTok's page sets
// for the session comes back on its next page request only where a browser would send it — per
// path and domain, never for a foreign domain or a public suffix — and no value is ever shown.
import { expect } from 'chai';
import { CACHE, type Cache } from '../../src/application/ports/cache.port.js';
import { resultCacheKey } from '../../src/domain/canonicalize.js';
import { q, TestApp } from '../support/app.js';
import { credentialsFile, POSTS, startWorld, type World } from './harness.js';

describe('access: session cookies per domain and path', function () {
  this.timeout(30_000);
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

  it('sends back on the next page request only the cookies a browser would: its path, its domain or a parent, never a foreign domain', async () => {
    const file = { tiktok: { sessions: [{ name: 'tt-one', cookies: { sessionid: 'ONE' } }] } };
    app = await TestApp.start({ PLATFORM_CREDENTIALS_FILE: credentialsFile(file), UPSTREAM_PROXY: world.proxies.c.url }, { proxiedTls: { ca: world.ca.caCert } });
    let first = true;
    world.internet.use((r) => {
      if (r.host !== 'www.tiktok.com' || !first) return undefined;
      first = false;
      return {
        recordingWith: {
          'set-cookie': [
            'pathy=PATHY1; Path=/@ines.bakes; Secure',
            'apiOnly=APIONLY1; Path=/api/; Secure',
            'parent=PARENT1; Domain=tiktok.com; Path=/; Secure',
            'foreign=FOREIGN1; Domain=evil.example; Path=/',
            'suffix=SUFFIX1; Domain=com; Path=/',
          ],
        },
      };
    });
    const cache = app.container.resolve<Cache>(CACHE);
    for (let i = 0; i < 2; i++) {
      await cache.delete(resultCacheKey('tiktok', '7400000000000000202'));
      expect((await app.get(`/api/v1/resolve?url=${q(POSTS.tiktok)}`)).body.status).to.equal('ok');
    }
    const cookies = world.internet.seen.filter((r) => r.host === 'www.tiktok.com').map((r) => String(r.headers.cookie ?? ''));
    expect(cookies).to.have.length(2);
    expect(cookies[0]).to.equal('sessionid=ONE');
    expect(cookies[1]!.split('; ').sort()).to.deep.equal(['parent=PARENT1', 'pathy=PATHY1', 'sessionid=ONE']);
    expect(app.logs.join('\n')).not.to.match(/PATHY1|APIONLY1|PARENT1|FOREIGN1|SUFFIX1|sessionid=ONE/);
  });
});

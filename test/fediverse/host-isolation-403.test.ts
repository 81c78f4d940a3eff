// The issue's first reproduction as it reads (issue 27, point 1): a discovered server answering 403 to
// everything but its NodeInfo, asked five times through /oembed, opens its own breaker only —
// mastodon.social and a second discovered server answer ok. Direct, no proxy (nock stands in for the
// servers); host-isolation.test.ts plays it through a proxy on the local internet.
import { expect } from 'chai';
import nock from 'nock';
import { q, TestApp } from '../support/app.js';
import { serveNodeInfo, serveStatus } from './nodeinfo-server.js';

describe('fediverse: a discovered server answering 403 opens its own breaker only', () => {
  let app: TestApp;
  before(async () => {
    app = await TestApp.start({ BREAKER_THRESHOLD: '5', BREAKER_COOLDOWN_S: '600', PUBLIC_RATE_LIMIT_POINTS: '1000' });
  });
  after(async () => {
    nock.cleanAll();
    await app.close();
  });

  it('five /oembed of evil.example (403) then mastodon.social and a second discovered server answer ok; evil.example answers circuit-open without a request', async () => {
    serveNodeInfo('evil.example', 'mastodon');
    let refused = 0;
    nock('https://evil.example')
      .persist()
      .get(/^\/(?!\.well-known|nodeinfo)/)
      .reply(() => ((refused += 1), [403, '<html><body>Forbidden</body></html>', { 'content-type': 'text/html' }]));
    for (let n = 1; n <= 5; n++) {
      const oembed = await app.get(`/oembed?url=${q(`https://evil.example/@a/${n}`)}`, { anonymous: true });
      expect(oembed.status).to.equal(200);
      expect(oembed.body).to.include({ type: 'link', provider_name: 'Mastodon' });
    }
    const asked = refused;
    expect((await app.get(`/api/v1/resolve?url=${q('https://evil.example/@a/6')}`)).body).to.include({ status: 'degraded', reason: 'circuit-open' });
    expect(refused).to.equal(asked);

    serveStatus('mastodon.social', '113900000000000031');
    serveNodeInfo('second.example', 'mastodon');
    serveStatus('second.example', '113900000000000032');
    expect((await app.get(`/api/v1/resolve?url=${q('https://mastodon.social/@noor/113900000000000031')}`)).body).to.include({ status: 'ok', platform: 'mastodon' });
    expect((await app.get(`/api/v1/resolve?url=${q('https://second.example/@noor/113900000000000032')}`)).body).to.include({ status: 'ok', platform: 'mastodon' });
    const mastodon = (await app.get('/api/v1/platforms')).body.platforms.find((p: { id: string }) => p.id === 'mastodon');
    expect(mastodon).to.include({ state: 'ok', hostsCircuitOpen: 1 });
  });
});

// What operators see of access (issue 24, point 6): /api/v1/platforms counts sessions and egresses
// and how many are benched; /metrics has them by state, the benchings by cause and the upstream requests
// by egress — and neither shows a session name's cookie, a proxy's user or password. (The suite's
// secret scan watches these answers too: support/secret-scan.ts registers the file's secrets.)
import { expect } from 'chai';
import { q, TestApp } from '../support/app.js';
import { parseScrape, valueOf } from '../support/prometheus-text.js';
import { credentialsFile, egressName, POSTS, startWorld, type World } from './harness.js';

describe('access: seen, never leaked', () => {
  let world: World;
  let app: TestApp | undefined;
  before(async () => {
    world = await startWorld({ passwords: true });
  });
  after(async () => {
    await app?.close();
    await world.close();
  });

  it('counts sessions and egresses, benched ones apart, in /api/v1/platforms and /metrics', async () => {
    const file = credentialsFile({
      reddit: { proxies: [world.proxies.a.url, world.proxies.b.url] },
      tiktok: { sessions: [{ name: 'tt-one', cookies: { sessionid: 'ONE-cookie-value' } }, { name: 'tt-two', cookies: { sessionid: 'TWO-cookie-value' } }] },
    });
    app = await TestApp.start({ PLATFORM_CREDENTIALS_FILE: file, UPSTREAM_PROXY: world.proxies.c.url }, { proxiedTls: { ca: world.ca.caCert } });
    world.internet.use((r) => (r.via === 'A' || /ONE-cookie/.test(String(r.headers.cookie)) ? { status: 429, body: '' } : undefined));
    expect((await app.get(`/api/v1/resolve?url=${q(POSTS.redditGallery)}`)).body.status).to.equal('ok');
    expect((await app.get(`/api/v1/resolve?url=${q(POSTS.tiktok)}`)).body.status).to.equal('ok');

    const listed = (await app.get('/api/v1/platforms')).body as { platforms: { id: string; access: unknown }[] };
    const accessOf = (id: string) => listed.platforms.find((p) => p.id === id)!.access;
    expect(accessOf('reddit')).to.deep.equal({ sessions: 0, sessionsBenched: 0, egress: 2, egressBenched: 1 });
    expect(accessOf('tiktok')).to.deep.equal({ sessions: 2, sessionsBenched: 1, egress: 1, egressBenched: 0 });
    expect(accessOf('youtube')).to.deep.equal({ sessions: 0, sessionsBenched: 0, egress: 1, egressBenched: 0 });

    const text = (await app.get('/metrics', { unchecked: true })).text;
    const scrape = parseScrape(text);
    expect(valueOf(scrape, 'postlens_access_benchings_total', { platform: 'reddit', kind: 'egress', cause: 'rate-limited' })).to.equal(1);
    expect(valueOf(scrape, 'postlens_access_benchings_total', { platform: 'tiktok', kind: 'session', cause: 'rate-limited' })).to.equal(1);
    expect(valueOf(scrape, 'postlens_access_sessions', { platform: 'tiktok', state: 'benched' })).to.equal(1);
    expect(valueOf(scrape, 'postlens_access_sessions', { platform: 'tiktok', state: 'healthy' })).to.equal(1);
    expect(valueOf(scrape, 'postlens_access_egress', { platform: 'reddit', state: 'benched' })).to.equal(1);
    expect(valueOf(scrape, 'postlens_access_egress', { platform: 'reddit', state: 'healthy' })).to.equal(1);
    expect(valueOf(scrape, 'postlens_upstream_requests_by_egress_total', { platform: 'reddit', egress: egressName(world.proxies.b) })).to.equal(1);
    expect(valueOf(scrape, 'postlens_upstream_requests_by_egress_total', { platform: 'reddit', egress: egressName(world.proxies.a) })).to.equal(2);
    for (const proxy of Object.values(world.proxies)) {
      const url = new URL(proxy.url);
      expect(text + JSON.stringify(listed)).not.to.include(decodeURIComponent(url.password)).and.not.include(decodeURIComponent(url.username));
    }
    expect(text + JSON.stringify(listed) + app.logs.join('\n')).not.to.match(/ONE-cookie-value|TWO-cookie-value/);
  });
});

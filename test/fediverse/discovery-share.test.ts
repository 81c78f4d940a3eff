// One caller cannot spend fediverse discovery for everyone (docs/design.md §9), through the whole service:
// one client (an API key, or the address of a public caller) asks at most a quarter of
// FEDIVERSE_DISCOVERY_PER_MIN new hosts in a minute; past it, its made-up hosts are `no-adapter`
// with no request (logged at debug), while another client's real unlisted server is still asked and
// resolved. nock stands in for the servers, as in discovery.test.ts.
import { expect } from 'chai';
import nock from 'nock';
import { q, TEST_KEY, TestApp } from '../support/app.js';
import { serveNodeInfo, serveStatus } from './nodeinfo-server.js';

const OTHER_KEY = 'other-key-fedcba9876543210';
const POST = (host: string, id = '113900000000777001') => `https://${host}/@noor/${id}`;

/** Made-up hosts: each answers its NodeInfo with 404, and says which were asked. */
function madeUpHosts(count: number, prefix: string): { hosts: string[]; asked: Set<string> } {
  const hosts = Array.from({ length: count }, (_, i) => `${prefix}-${i}.example`);
  const asked = new Set<string>();
  for (const host of hosts) {
    nock(`https://${host}`)
      .persist()
      .get(/.*/)
      .reply(() => {
        asked.add(host);
        return [404, ''];
      });
  }
  return { hosts, asked };
}

describe('fediverse discovery: one client\'s share', () => {
  let app: TestApp | undefined;
  afterEach(async () => {
    nock.cleanAll();
    await app?.close();
    app = undefined;
  });

  const resolveAs = async (key: string, url: string) => (await app!.get(`/api/v1/resolve?url=${q(url)}`, { headers: { authorization: `Bearer ${key}` } })).body as Record<string, unknown>;
  const overRateLines = () => app!.logs.filter((line) => line.includes('fediverse discovery over its rate'));

  it('after one API client\'s 60 made-up hosts, asks only 15 of them (a quarter of 60), and another client\'s real unlisted server is discovered and resolved', async () => {
    app = await TestApp.start({ API_KEYS: `${TEST_KEY},${OTHER_KEY}`, FEDIVERSE_DISCOVERY_PER_MIN: '60' });
    const flood = madeUpHosts(60, 'made-up');
    for (const host of flood.hosts) expect(await resolveAs(TEST_KEY, POST(host))).to.deep.include({ status: 'no-adapter', platform: 'none' });
    expect(flood.asked.size).to.equal(15);
    // The refused ones: one debug line each, naming the host, never at info or above.
    const refused = overRateLines();
    expect(refused).to.have.length(45);
    for (const line of refused) expect(JSON.parse(line)).to.include({ level: 20 });

    const real = serveNodeInfo('real.example', 'mastodon');
    serveStatus('real.example', '113900000000777001');
    expect(await resolveAs(OTHER_KEY, POST('real.example'))).to.deep.include({ status: 'ok', platform: 'mastodon', canonicalUrl: POST('real.example') });
    expect(real.asked()).to.equal(1);

    // The first client stays refused for the rest of the minute, even for a real server.
    const later = serveNodeInfo('later.example', 'mastodon');
    expect(await resolveAs(TEST_KEY, POST('later.example'))).to.deep.include({ status: 'no-adapter' });
    expect(later.asked()).to.equal(0);
  });

  it('in a batch, counts every new host against the caller\'s share: past it, only that caller\'s items are no-adapter', async () => {
    app = await TestApp.start({ API_KEYS: `${TEST_KEY},${OTHER_KEY}`, FEDIVERSE_DISCOVERY_PER_MIN: '20' });
    const flood = madeUpHosts(8, 'batch');
    const res = await app.request('/api/v1/resolve', { method: 'POST', body: { urls: flood.hosts.map((host) => POST(host)) } });
    expect(res.status).to.equal(200);
    expect((res.body.results as { status: string }[]).map((item) => item.status)).to.deep.equal(Array(8).fill('no-adapter'));
    expect(flood.asked.size).to.equal(5);
    serveNodeInfo('real.example', 'mastodon');
    serveStatus('real.example', '113900000000777001');
    const other = await app.request('/api/v1/resolve', { method: 'POST', body: { urls: [POST('real.example')] }, headers: { authorization: `Bearer ${OTHER_KEY}` } });
    expect(other.body.results[0]).to.deep.include({ status: 'ok', platform: 'mastodon' });
  });

  it('on /oembed (no key), counts a public client by its address: past a quarter its hosts are not asked, and an API client is still discovered', async () => {
    app = await TestApp.start({ FEDIVERSE_DISCOVERY_PER_MIN: '12' });
    const flood = madeUpHosts(6, 'public');
    for (const host of flood.hosts) {
      const res = await app.request(`/oembed?url=${q(POST(host))}`, { anonymous: true });
      // No embeddable post at a host with no NodeInfo: 404, whether it was asked or not.
      expect(res.status).to.equal(404);
    }
    expect(flood.asked.size).to.equal(3);
    expect(overRateLines().some((line) => JSON.parse(line).client === 'ip:127.0.0.1')).to.equal(true);
    serveNodeInfo('real.example', 'mastodon');
    serveStatus('real.example', '113900000000777001');
    expect(await resolveAs(TEST_KEY, POST('real.example'))).to.deep.include({ status: 'ok', platform: 'mastodon' });
  });

  it('a host already asked (cached) costs no share: a client past its quarter still resolves a server it or anyone discovered', async () => {
    app = await TestApp.start({ FEDIVERSE_DISCOVERY_PER_MIN: '4' });
    const nodeInfo = serveNodeInfo('real.example', 'mastodon');
    serveStatus('real.example', '113900000000777001');
    serveStatus('real.example', '113900000000777002');
    expect(await resolveAs(TEST_KEY, POST('real.example'))).to.deep.include({ status: 'ok' });
    const flood = madeUpHosts(2, 'spent');
    for (const host of flood.hosts) await resolveAs(TEST_KEY, POST(host));
    expect(flood.asked.size).to.equal(0);
    expect(await resolveAs(TEST_KEY, POST('real.example', '113900000000777002'))).to.deep.include({ status: 'ok', platform: 'mastodon' });
    expect(nodeInfo.asked()).to.equal(1);
  });
});

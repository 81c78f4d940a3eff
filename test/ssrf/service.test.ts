// SSRF through the whole service: MASTODON_INSTANCES lets an operator add any instance host, so a
// configured name that resolves inwards must still be refused. The instance answers (nock) to
// anyone who asks; with its name resolving to loopback nobody asks, and the resolve is an honest
// 200 degraded, never a 5xx. With the same name resolving publicly the same post resolves.
import { expect } from 'chai';
import nock from 'nock';
import { exchangeBody, loadRecordedExchanges } from '../../src/infrastructure/http/recorded-exchanges.js';
import { TestApp, q } from '../support/app.js';
import { fixturePath, fixturesDir } from '../support/fixtures.js';
import { PUBLIC_ADDRESS, lookupTable } from '../support/lookup.js';

const INSTANCE = 'social.example';
const POST = `https://${INSTANCE}/@ana/113900000000001019`;

describe('SSRF guard through the service: a configured Mastodon instance', () => {
  let app: TestApp | undefined;
  let asked = 0;
  beforeEach(() => {
    asked = 0;
    const [status] = loadRecordedExchanges(fixturePath('mastodon', 'configured-instance'));
    nock(`https://${INSTANCE}`)
      .persist()
      .get('/api/v1/statuses/113900000000001019')
      .reply(() => {
        asked += 1;
        return [200, exchangeBody(status!), { 'content-type': 'application/json; charset=utf-8' }];
      });
  });
  afterEach(async () => {
    nock.cleanAll();
    await app?.close();
    app = undefined;
  });

  it('when the instance name resolves publicly, the post resolves (the instance is reachable in this setup)', async () => {
    app = await TestApp.start({ MASTODON_INSTANCES: INSTANCE }, { upstreamLookup: lookupTable({ [INSTANCE]: [PUBLIC_ADDRESS] }) });
    const res = await app.get(`/api/v1/resolve?url=${q(POST)}`);
    expect(res.status).to.equal(200);
    expect(res.body).to.include({ status: 'ok', platform: 'mastodon' });
    expect(asked).to.equal(1);
  });

  for (const inner of [['127.0.0.1'], ['::1'], ['10.0.0.5'], ['169.254.169.254'], [PUBLIC_ADDRESS, '127.0.0.1']]) {
    it(`when the instance name resolves to ${inner.join(' + ')}, answers 200 degraded and the instance is never asked`, async () => {
      app = await TestApp.start({ MASTODON_INSTANCES: INSTANCE }, { upstreamLookup: lookupTable({ [INSTANCE]: inner }) });
      const res = await app.get(`/api/v1/resolve?url=${q(POST)}`);
      expect(res.status).to.equal(200);
      expect(res.body).to.include({ status: 'degraded', platform: 'mastodon', reason: 'upstream-error', canonicalUrl: POST });
      expect(asked).to.equal(0);
      const refusals = app.logs.map((line) => JSON.parse(line) as { code?: string }).filter((line) => line.code === 'UPSTREAM_HOST_REFUSED');
      expect(refusals).to.have.length(1);
    });
  }

  it('when the operator configured an IP literal as an instance, the address is still refused', async () => {
    app = await TestApp.start({ MASTODON_INSTANCES: '127.0.0.1' });
    const res = await app.get(`/api/v1/resolve?url=${q('https://127.0.0.1/@ana/113900000000001019')}`);
    expect(res.status).to.equal(200);
    expect(res.body).to.include({ status: 'degraded', platform: 'mastodon', reason: 'upstream-error' });
    expect(app.logs.some((line) => (JSON.parse(line) as { code?: string }).code === 'UPSTREAM_HOST_REFUSED')).to.equal(true);
  });

  it('when the service replays recorded exchanges, nothing is resolved: replay mode is unchanged by the guard', async () => {
    const lookup = lookupTable({ [INSTANCE]: ['127.0.0.1'] });
    app = await TestApp.start({ MASTODON_INSTANCES: INSTANCE, UPSTREAM_REPLAY_DIR: fixturesDir('mastodon') }, { upstreamLookup: lookup });
    const res = await app.get(`/api/v1/resolve?url=${q(POST)}`);
    expect(res.body).to.include({ status: 'ok', platform: 'mastodon' });
    expect(lookup.asked).to.deep.equal([]);
    expect(asked, 'answered from the recording, not the network').to.equal(0);
  });
});

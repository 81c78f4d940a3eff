// SSRF through a redirect: an allowed platform host (nock) answers 30x to an inner address. Every
// hop is checked again, scheme, host and address, and the chain is cut after 5 redirects. The
// targets are on the allowlist too, so the address check is what refuses them; the connection
// pool would carry any hop that got through to the loopback target, which sees nothing.
import { expect } from 'chai';
import nock from 'nock';
import type { Agent } from 'undici';
import { UpstreamError } from '../../src/application/errors.js';
import { KyHttpClient } from '../../src/infrastructure/http/ky.http.js';
import { PUBLIC_ADDRESS, lookupTable } from '../support/lookup.js';
import { LoopbackTarget, loopbackPool } from './loopback-target.js';

const PLATFORM = 'https://api.platform.test';

describe('SSRF guard: redirects', () => {
  let target: LoopbackTarget;
  let pool: Agent;
  before(async () => {
    target = await LoopbackTarget.start();
  });
  after(async () => {
    await target.close();
  });
  beforeEach(() => {
    target.reset();
    pool = loopbackPool();
  });
  afterEach(async () => {
    nock.cleanAll();
    await pool.close();
  });

  function client(table: Record<string, string[]> = {}): KyHttpClient {
    return new KyHttpClient({ timeoutMs: 2000, maxBytes: 1024 * 1024, userAgent: 'postlens-test', lookup: lookupTable(table), dispatcher: pool });
  }

  /** The platform redirects /start to `location`; the request allows the platform and the location's host. */
  async function redirectTo(location: string, table: Record<string, string[]> = {}): Promise<{ code: string; platformHit: boolean }> {
    const scope = nock(PLATFORM).get('/start').reply(302, '', { location });
    const code = await client(table)
      .request({ url: `${PLATFORM}/start`, allowedHosts: ['api.platform.test', new URL(location, PLATFORM).hostname] })
      .then(
        (r) => `ANSWERED ${r.status}`,
        (e: unknown) => (e instanceof UpstreamError ? e.code : String(e)),
      );
    return { code, platformHit: scope.isDone() };
  }

  it('when the redirect leads to an allowed name with a public address, the hop is followed to the target (the harness can see one)', async () => {
    const outcome = await redirectTo(`https://localhost:${target.port}/next`, { localhost: [PUBLIC_ADDRESS] });
    expect(outcome).to.deep.equal({ code: 'ANSWERED 200', platformHit: true });
    expect(target.seen.requests).to.equal(1);
  });

  const inner = (port: number): [string, Record<string, string[]>][] => [
    [`http://127.0.0.1:${port}/`, {}],
    [`https://127.0.0.1:${port}/`, {}],
    [`https://[::ffff:127.0.0.1]:${port}/`, {}],
    [`https://0x7f.1:${port}/`, {}],
    [`https://2130706433:${port}/`, {}],
    [`https://127.1:${port}/`, {}],
    [`https://[::1]:${port}/`, {}],
    [`https://0.0.0.0:${port}/`, {}],
    ['https://169.254.169.254/latest/meta-data/iam/', {}],
    [`https://localhost:${port}/`, { localhost: ['127.0.0.1'] }],
    [`https://localhost:${port}/`, { localhost: ['::1'] }],
    [`https://localhost:${port}/`, { localhost: ['::ffff:127.0.0.1'] }],
    [`https://localhost:${port}/`, { localhost: [PUBLIC_ADDRESS, '127.0.0.1'] }],
    [`https://internal.platform.test:${port}/`, { 'internal.platform.test': ['10.0.0.5'] }],
    ['//localhost/protocol-relative', { localhost: ['127.0.0.1'] }],
  ];

  for (const [index, [location, table]] of inner(0).entries()) {
    const where = Object.keys(table).length ? `${location} (resolving to ${Object.values(table)[0]!.join(' + ')})` : location;
    it(`when the platform redirects to ${where.replace(':0/', ':<port>/')}, makes the first hop only and refuses the second`, async () => {
      const [realLocation, realTable] = inner(target.port)[index]!;
      expect(await redirectTo(realLocation, realTable)).to.deep.equal({ code: 'UPSTREAM_HOST_REFUSED', platformHit: true });
      expect(target.seen).to.deep.equal({ connections: 0, requests: 0 });
    });
  }

  it('when an inner address comes after several allowed hops, the last hop is checked as the first was', async () => {
    const scope = nock(PLATFORM)
      .get('/a').reply(301, '', { location: '/b' })
      .get('/b').reply(307, '', { location: `${PLATFORM}/c` })
      .get('/c').reply(302, '', { location: `https://localhost:${target.port}/inside` });
    const error = await client({ localhost: ['127.0.0.1'] })
      .request({ url: `${PLATFORM}/a`, allowedHosts: ['api.platform.test', 'localhost'] })
      .catch((e: unknown) => e);
    expect((error as UpstreamError).code).to.equal('UPSTREAM_HOST_REFUSED');
    expect(scope.isDone()).to.equal(true);
    expect(target.seen).to.deep.equal({ connections: 0, requests: 0 });
  });

  it('when the platform redirects more than 5 times, follows 5 and stops with UPSTREAM_TOO_MANY_REDIRECTS', async () => {
    let asked = 0;
    nock(PLATFORM)
      .get(/^\/loop\/\d+$/)
      .times(10)
      .reply((uri) => {
        asked += 1;
        return [302, '', { location: `/loop/${Number(uri.split('/').pop()) + 1}` }];
      });
    const error = await client()
      .request({ url: `${PLATFORM}/loop/0`, allowedHosts: ['api.platform.test'] })
      .catch((e: unknown) => e);
    expect((error as UpstreamError).code).to.equal('UPSTREAM_TOO_MANY_REDIRECTS');
    expect(asked, 'the request and 5 redirects').to.equal(6);
  });
});

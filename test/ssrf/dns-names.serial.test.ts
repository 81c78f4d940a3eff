// SSRF through DNS: an allowed name that resolves inwards. The live client resolves the name
// itself (a stand-in lookup here) and refuses it when ANY of its addresses is not public. The
// requests go to `localhost`, which nock lets through and the connection pool sends to the
// loopback target: whatever the guard let pass would land there. Then the connection layer: the
// socket connects only to addresses the guard checked, so an answer that changes between the
// check and the connection (DNS rebinding) cannot lead it inside either.
import type { LookupAddress } from 'node:dns';
import { expect } from 'chai';
import { Agent, request as undiciRequest } from 'undici';
import { UpstreamError } from '../../src/application/errors.js';
import { AddressGuard, type HostLookup } from '../../src/infrastructure/http/address-guard.js';
import { KyHttpClient } from '../../src/infrastructure/http/ky.http.js';
import { PUBLIC_ADDRESS, lookupTable } from '../support/lookup.js';
import { LoopbackTarget, loopbackPool } from './loopback-target.js';

describe('SSRF guard: names that resolve inwards', () => {
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
    await pool.close();
  });

  function client(lookup: HostLookup, timeoutMs = 2000): KyHttpClient {
    return new KyHttpClient({ timeoutMs, maxBytes: 1024 * 1024, userAgent: 'postlens-test', lookup, dispatcher: pool });
  }

  async function resolveTo(addresses: string[]): Promise<string> {
    return client(lookupTable({ localhost: addresses }))
      .request({ url: `https://localhost:${target.port}/`, allowedHosts: ['localhost'] })
      .then(
        (r) => `ANSWERED ${r.status}`,
        (e: unknown) => (e instanceof UpstreamError ? e.code : String(e)),
      );
  }

  it('when the name resolves to a public address, the request reaches the target (the harness can see one)', async () => {
    expect(await resolveTo([PUBLIC_ADDRESS])).to.equal('ANSWERED 200');
    expect(target.seen.requests).to.equal(1);
  });

  const inner: string[][] = [
    ['10.0.0.5'],
    ['127.0.0.1'],
    ['::1'],
    ['fe80::1'],
    ['100.64.0.1'],
    ['169.254.169.254'],
    ['0.0.0.0'],
    ['224.0.0.1'],
    ['::ffff:127.0.0.1'],
    ['fd00::1'],
    ['::7f00:1'],
    ['64:ff9b::a9fe:a9fe'],
    [PUBLIC_ADDRESS, '10.0.0.5'],
    ['2606:4700:4700::1111', '::1'],
    ['127.0.0.1', PUBLIC_ADDRESS],
  ];
  for (const addresses of inner) {
    it(`when the name resolves to ${addresses.join(' + ')}, refuses it with UPSTREAM_HOST_REFUSED and nothing reaches the target`, async () => {
      expect(await resolveTo(addresses)).to.equal('UPSTREAM_HOST_REFUSED');
      expect(target.seen).to.deep.equal({ connections: 0, requests: 0 });
    });
  }

  it('when the name does not resolve, fails with UPSTREAM_NETWORK (retried once) and reaches nothing', async () => {
    let asked = 0;
    const nowhere: HostLookup = async () => {
      asked += 1;
      throw Object.assign(new Error('getaddrinfo ENOTFOUND localhost'), { code: 'ENOTFOUND' });
    };
    const error = await client(nowhere)
      .request({ url: `https://localhost:${target.port}/`, allowedHosts: ['localhost'] })
      .catch((e: unknown) => e);
    expect((error as UpstreamError).code).to.equal('UPSTREAM_NETWORK');
    expect(asked).to.equal(2);
    expect(target.seen).to.deep.equal({ connections: 0, requests: 0 });
  });

  it('when the name resolves to no address at all, fails with UPSTREAM_NETWORK and reaches nothing', async () => {
    expect(await resolveTo([])).to.equal('UPSTREAM_NETWORK');
    expect(target.seen).to.deep.equal({ connections: 0, requests: 0 });
  });

  it('when the resolver never answers, the attempt ends as UPSTREAM_TIMEOUT within its time, unretried', async () => {
    let asked = 0;
    const silent: HostLookup = () => {
      asked += 1;
      return new Promise<never>(() => undefined);
    };
    const started = performance.now();
    const error = await client(silent, 300)
      .request({ url: `https://localhost:${target.port}/`, allowedHosts: ['localhost'] })
      .catch((e: unknown) => e);
    expect((error as UpstreamError).code).to.equal('UPSTREAM_TIMEOUT');
    expect(performance.now() - started).to.be.lessThan(1500);
    expect(asked).to.equal(1);
  });

  describe('the connection layer', () => {
    /** Answers public for the first `publicTimes` lookups, loopback after: a rebinding name. */
    function rebinding(publicTimes: number): HostLookup & { asked: number } {
      const lookup = async (): Promise<LookupAddress[]> => {
        lookup.asked += 1;
        return lookup.asked <= publicTimes ? [{ address: PUBLIC_ADDRESS, family: 4 }] : [{ address: '127.0.0.1', family: 4 }];
      };
      lookup.asked = 0;
      return lookup;
    }

    function connectLookup(guard: AddressGuard, hostname: string): Promise<LookupAddress[]> {
      return new Promise((resolve, reject) => {
        guard.connectLookup(hostname, { all: true }, (err, addresses) => (err ? reject(err) : resolve(addresses as LookupAddress[])));
      });
    }

    it('when the name changes its answer after the check, the connection is handed the checked address, not the new one', async () => {
      const lookup = rebinding(1);
      const guard = new AddressGuard(lookup);
      await guard.assertPublic(new URL('https://cdn.platform.test/'));
      expect(await connectLookup(guard, 'cdn.platform.test')).to.deep.equal([{ address: PUBLIC_ADDRESS, family: 4 }]);
      expect(lookup.asked, 'resolved once, for the check and the connection').to.equal(1);
    });

    it('when the checked answer has expired and the name now resolves inwards, a real socket is refused before it connects', async () => {
      const lookup = rebinding(1);
      const guard = new AddressGuard(lookup, { cacheMs: 0 });
      await guard.assertPublic(new URL(`https://localhost:${target.port}/`));
      const agent = new Agent({ connect: { lookup: guard.connectLookup, rejectUnauthorized: false } });
      try {
        const error = await undiciRequest(`https://localhost:${target.port}/`, { dispatcher: agent }).catch((e: unknown) => e);
        expect(causes(error).some((e) => e instanceof UpstreamError && e.code === 'UPSTREAM_HOST_REFUSED'), String(error)).to.equal(true);
      } finally {
        await agent.close();
      }
      expect(lookup.asked).to.equal(2);
      expect(target.seen).to.deep.equal({ connections: 0, requests: 0 });
    });

    it('when the connection asks for one family only, it gets the checked addresses of that family', async () => {
      const guard = new AddressGuard(lookupTable({ 'dual.platform.test': [PUBLIC_ADDRESS, '2606:4700:4700::1111'] }));
      const v6 = await new Promise<unknown>((resolve) => guard.connectLookup('dual.platform.test', { family: 6 }, (_e, address, family) => resolve([address, family])));
      expect(v6).to.deep.equal(['2606:4700:4700::1111', 6]);
    });
  });
});

function causes(error: unknown): unknown[] {
  const chain: unknown[] = [];
  for (let e = error; e !== undefined && chain.length < 6; e = (e as { cause?: unknown }).cause) chain.push(e);
  return chain;
}

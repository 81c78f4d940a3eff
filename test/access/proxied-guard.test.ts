// Through a proxy the service resolves no name itself (the proxy does), but every other check of
// an upstream target stays (issue 24, point 2): the host allowlist, https, and literal addresses,
// which must be public. A real proxy on loopback notes what it is asked for (and refuses it).
import { expect } from 'chai';
import { UpstreamError } from '../../src/application/errors.js';
import { KyHttpClient } from '../../src/infrastructure/http/ky.http.js';
import { ProxyPool } from '../../src/infrastructure/http/proxy-pool.js';
import { startRecordingProxy, type RecordingProxy } from '../support/proxy.js';
import { noDns } from './harness.js';

describe('upstream checks through a proxy', () => {
  let proxy: RecordingProxy;
  let pool: ProxyPool;
  let client: KyHttpClient;
  beforeEach(async () => {
    proxy = await startRecordingProxy();
    pool = new ProxyPool();
    noDns.asked.length = 0;
    client = new KyHttpClient({ timeoutMs: 2000, maxBytes: 1 << 20, userAgent: 'postlens-test', lookup: noDns, proxies: pool, egress: () => ({ name: 'relay', proxyUrl: proxy.url }), retryDelayMs: [0, 0] });
  });
  afterEach(async () => {
    await pool.close();
    await proxy.close();
  });

  const codeOf = (request: Promise<unknown>) => request.then(() => 'answered', (error: unknown) => (error instanceof UpstreamError ? error.code : String(error)));

  it('hands a name to the proxy without looking it up', async () => {
    expect(await codeOf(client.request({ url: 'https://www.reddit.com/comments/abc.json', allowedHosts: ['www.reddit.com'] }))).to.equal('UPSTREAM_NETWORK');
    expect(proxy.connects[0]).to.equal('www.reddit.com:443');
    expect(noDns.asked).to.deep.equal([]);
  });

  for (const [what, url, allowed] of [
    ['a literal loopback address', 'https://127.0.0.1/x', '127.0.0.1'],
    ['a literal private IPv6 address', 'https://[fd00::1]/x', '[fd00::1]'],
    ['a host off the allowlist', 'https://evil.example/x', 'www.reddit.com'],
    ['plain http', 'http://www.reddit.com/x', 'www.reddit.com'],
  ] as const) {
    it(`refuses ${what} before asking the proxy`, async () => {
      expect(await codeOf(client.request({ url, allowedHosts: [allowed, allowed.replace(/^\[|\]$/g, '')] }))).to.equal('UPSTREAM_HOST_REFUSED');
      expect(proxy.connects).to.deep.equal([]);
    });
  }
});

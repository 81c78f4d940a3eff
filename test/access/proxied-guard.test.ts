// Through a proxy every check of an upstream target stays (issue 24, point 2; issue 27, point 4):
// the host allowlist, https, literal addresses, and the name too — looked up here and refused
// before the proxy is asked when any address is not public; handed to the proxy unchecked only when
// this machine cannot answer for it (no DNS here, or no answer within 500 ms). A real proxy on
// loopback notes what it is asked for (and refuses it). The page client and the media fetcher alike.
import { expect } from 'chai';
import type { LookupAddress } from 'node:dns';
import { UpstreamError } from '../../src/application/errors.js';
import { KyHttpClient } from '../../src/infrastructure/http/ky.http.js';
import { UndiciMediaFetcher } from '../../src/infrastructure/http/media.fetcher.js';
import { ProxyPool } from '../../src/infrastructure/http/proxy-pool.js';
import { lookupTable } from '../support/lookup.js';
import { startRecordingProxy, type RecordingProxy } from '../support/proxy.js';
import { noDns } from './harness.js';

/** in.evil.example leads inward, mixed.example has one inward address among public ones, hang.example never answers, any other name has no DNS. */
const dns = lookupTable({ 'in.evil.example': ['10.0.0.5'], 'mixed.example': ['93.184.215.14', '10.0.0.5'], 'public.example': ['93.184.215.14'] }, async (hostname): Promise<readonly LookupAddress[]> =>
  hostname === 'hang.example' ? new Promise<never>(() => undefined) : noDns(hostname),
);

describe('upstream checks through a proxy', () => {
  let proxy: RecordingProxy;
  let pool: ProxyPool;
  let client: KyHttpClient;
  beforeEach(async () => {
    proxy = await startRecordingProxy();
    pool = new ProxyPool([proxy.url]);
    dns.asked.length = 0;
    client = new KyHttpClient({ timeoutMs: 4000, maxBytes: 1 << 20, userAgent: 'postlens-test', lookup: dns, proxies: pool, egress: () => ({ name: 'relay', proxyUrl: proxy.url }), retryDelayMs: [0, 0] });
  });
  afterEach(async () => {
    await pool.close();
    await proxy.close();
  });

  const codeOf = (request: Promise<unknown>) => request.then(() => 'answered', (error: unknown) => (error instanceof UpstreamError ? error.code : String(error)));
  const get = (host: string) => client.request({ url: `https://${host}/x`, allowedHosts: [host] });

  it('hands the proxy a name this machine has no DNS for, after asking', async () => {
    // The recording proxy refuses every tunnel: UPSTREAM_NETWORK once it was asked.
    expect(await codeOf(client.request({ url: 'https://www.reddit.com/comments/abc.json', allowedHosts: ['www.reddit.com'] }))).to.equal('UPSTREAM_NETWORK');
    expect(proxy.connects[0]).to.equal('www.reddit.com:443');
    expect(dns.asked[0]).to.equal('www.reddit.com');
  });

  it('hands the proxy a name whose lookup gives no answer within 500 ms', async () => {
    expect(await codeOf(get('hang.example'))).to.equal('UPSTREAM_NETWORK');
    expect(proxy.connects[0]).to.equal('hang.example:443');
  });

  it('hands the proxy a name whose addresses are all public', async () => {
    expect(await codeOf(get('public.example'))).to.equal('UPSTREAM_NETWORK');
    expect(proxy.connects[0]).to.equal('public.example:443');
  });

  for (const [what, host] of [
    ['a name that resolves to 10.0.0.5', 'in.evil.example'],
    ['a name with one inward address among public ones', 'mixed.example'],
  ] as const) {
    it(`refuses ${what} before asking the proxy`, async () => {
      expect(await codeOf(get(host))).to.equal('UPSTREAM_HOST_REFUSED');
      expect(proxy.connects).to.deep.equal([]);
    });
  }

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

  it('the media fetcher refuses a media host that resolves inward before asking the proxy, and hands over one it cannot resolve', async () => {
    const fetcher = new UndiciMediaFetcher({ timeoutMs: 4000, userAgent: 'postlens-test', proxies: pool, lookup: dns });
    const media = (host: string) => codeOf(fetcher.fetch({ url: `https://${host}/v.mp4`, method: 'GET', headers: {}, allowedHosts: [host], signal: new AbortController().signal, egress: { name: 'relay', proxyUrl: proxy.url } }));
    expect(await media('in.evil.example')).to.equal('UPSTREAM_HOST_REFUSED');
    expect(proxy.connects).to.deep.equal([]);
    expect(await media('cdn.nodns.example')).to.equal('UPSTREAM_NETWORK');
    expect(proxy.connects).to.deep.equal(['cdn.nodns.example:443']);
  });

  it('never re-creates the pool of a proxy a reload removed: a request still holding it is refused without asking it', async () => {
    pool.retain(new Set());
    expect(await codeOf(get('public.example'))).to.equal('UPSTREAM_NETWORK');
    expect(proxy.connects).to.deep.equal([]);
  });
});

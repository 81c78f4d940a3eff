// UPSTREAM_PROXY: with it set, upstream requests go to the proxy (a real local HTTP proxy that
// records each CONNECT and refuses it); without it, they go straight to the platform (nock).
import { expect } from 'chai';
import nock from 'nock';
import { UpstreamError } from '../../src/application/errors.js';
import { KyHttpClient } from '../../src/infrastructure/http/ky.http.js';
import { proxiedFetch } from '../../src/infrastructure/http/upstream-proxy.js';
import { publicLookup } from '../support/lookup.js';
import { startRecordingProxy, type RecordingProxy } from '../support/proxy.js';

function client(fetch?: typeof globalThis.fetch): KyHttpClient {
  return new KyHttpClient({ timeoutMs: 2000, maxBytes: 1024 * 1024, userAgent: 'postlens-test', lookup: publicLookup, ...(fetch ? { fetch } : {}) });
}

describe('upstream proxy', () => {
  let proxy: RecordingProxy;
  beforeEach(async () => {
    proxy = await startRecordingProxy();
  });
  afterEach(async () => {
    nock.cleanAll();
    await proxy.close();
  });

  it('when UPSTREAM_PROXY is set, opens the upstream connection through the proxy', async () => {
    const platform = nock('https://www.reddit.com').get('/comments/abc123.json').reply(200, {});
    const request = client(proxiedFetch(proxy.url)).request({ url: 'https://www.reddit.com/comments/abc123.json', allowedHosts: ['www.reddit.com'] });
    const error = await request.then(() => undefined, (e: unknown) => e);
    expect(error).to.be.instanceOf(UpstreamError);
    expect((error as UpstreamError).code).to.equal('UPSTREAM_NETWORK');
    // The refused tunnel is a network failure, so the GET is tried once more: both through the proxy.
    expect(proxy.connects).to.deep.equal(['www.reddit.com:443', 'www.reddit.com:443']);
    expect(platform.isDone(), 'nothing reached the platform directly').to.equal(false);
  });

  it('when the proxy URL carries a user and password, sends them to the proxy as Basic auth', async () => {
    const url = new URL(proxy.url);
    url.username = 'relay';
    url.password = 's3cret-pass';
    await client(proxiedFetch(url.href))
      .request({ url: 'https://x.test/', allowedHosts: ['x.test'] })
      .catch(() => undefined);
    const basic = `Basic ${Buffer.from('relay:s3cret-pass').toString('base64')}`;
    expect(proxy.authorizations).to.deep.equal([basic, basic]); // the attempt and its one retry
  });

  it('when UPSTREAM_PROXY is unset, the request goes straight to the platform and the proxy sees nothing', async () => {
    const platform = nock('https://www.reddit.com').get('/comments/abc123.json').reply(200, { ok: 1 });
    const response = await client().request({ url: 'https://www.reddit.com/comments/abc123.json', allowedHosts: ['www.reddit.com'] });
    expect(response.status).to.equal(200);
    expect(platform.isDone()).to.equal(true);
    expect(proxy.connects).to.deep.equal([]);
  });
});

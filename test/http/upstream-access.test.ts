// Upstream access as configured: UPSTREAM_PROXY carries every upstream request of a resolve, and
// its password never shows in an answer or a log line.
import { expect } from 'chai';
import nock from 'nock';
import { TestApp, q } from '../support/app.js';
import { useFixture } from '../support/fixtures.js';
import { startRecordingProxy, type RecordingProxy } from '../support/proxy.js';

const POST = 'https://bsky.app/profile/did:plc:bobplcidplcidplcidplcidp/post/3lpbimage22ab';

describe('upstream access', () => {
  let proxy: RecordingProxy;
  let app: TestApp | undefined;
  beforeEach(async () => {
    proxy = await startRecordingProxy();
  });
  afterEach(async () => {
    nock.cleanAll();
    await app?.close();
    app = undefined;
    await proxy.close();
  });

  it('when UPSTREAM_PROXY is set, a resolve reaches the platform only through the proxy, and its password stays secret', async () => {
    const proxyUrl = new URL(proxy.url);
    proxyUrl.username = 'relay-user';
    proxyUrl.password = 'relay-Pa55word';
    app = await TestApp.start({ UPSTREAM_PROXY: proxyUrl.href });
    useFixture('bluesky', 'image');
    const res = await app.get(`/api/v1/resolve?url=${q(POST)}`);
    // The stand-in proxy refuses every tunnel, so the platform is never reached.
    expect(res.body).to.include({ status: 'degraded', reason: 'upstream-error' });
    expect(proxy.connects).to.deep.equal(['public.api.bsky.app:443']);
    expect(JSON.stringify(res.body) + app.logs.join('\n')).not.to.match(/relay-Pa55word|relay-user/);
  });

  it('when UPSTREAM_PROXY is unset, the same resolve goes straight to the platform', async () => {
    app = await TestApp.start();
    useFixture('bluesky', 'image');
    const res = await app.get(`/api/v1/resolve?url=${q(POST)}`);
    expect(res.body).to.include({ status: 'ok', kind: 'image' });
    expect(proxy.connects).to.deep.equal([]);
  });
});

// Upstream access as configured: UPSTREAM_PROXY carries every upstream request of a resolve, the
// credentials file is used by the strategies that can, and no secret of either shows in an answer
// or a log line.
import { expect } from 'chai';
import nock from 'nock';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadRecordedExchanges } from '../../src/infrastructure/http/recorded-exchanges.js';
import { TestApp, q } from '../support/app.js';
import { fixturePath, useFixture } from '../support/fixtures.js';
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
    // The refused tunnel is a network failure, retried once: both attempts through the proxy.
    expect(proxy.connects).to.deep.equal(['public.api.bsky.app:443', 'public.api.bsky.app:443']);
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

describe('platform credentials over HTTP', () => {
  const CLIENT = { clientId: 'cred-test-client-id', clientSecret: 'cred-test-client-SECRET' };
  const BASIC = `Basic ${Buffer.from(`${CLIENT.clientId}:${CLIENT.clientSecret}`).toString('base64')}`;
  const REDDIT_POST = 'https://www.reddit.com/r/woodworking/comments/1qoau14/';
  let app: TestApp | undefined;
  afterEach(async () => {
    nock.cleanAll();
    await app?.close();
    app = undefined;
  });

  function credentialsFile(): string {
    const file = join(mkdtempSync(join(tmpdir(), 'postlens-creds-')), 'credentials.json');
    writeFileSync(file, JSON.stringify({ reddit: CLIENT, twitter: { cookies: { auth_token: 'cred-test-auth-TOKEN', ct0: 'cred-test-ct0' } } }));
    return file;
  }

  /** The reddit OAuth exchanges of the fixture, answered only to the configured client's requests. */
  function redditOAuth(tokenStatus = 200): nock.Scope[] {
    const [token, listing] = loadRecordedExchanges(fixturePath('reddit', 'oauth'));
    const tokenScope = nock('https://www.reddit.com', { reqheaders: { authorization: BASIC } }).post('/api/v1/access_token').reply(tokenStatus, token!.response as nock.Body);
    const listingScope = nock('https://oauth.reddit.com', { reqheaders: { authorization: /^Bearer / } }).get('/comments/1qoau14').query(true).reply(200, listing!.response as nock.Body);
    return [tokenScope, listingScope];
  }

  it('when PLATFORM_CREDENTIALS_FILE gives a Reddit client, resolves through OAuth, and no secret shows in the answer or the logs', async () => {
    app = await TestApp.start({ PLATFORM_CREDENTIALS_FILE: credentialsFile() });
    const scopes = redditOAuth();
    const res = await app.get(`/api/v1/resolve?url=${q(REDDIT_POST)}`);
    expect(res.body).to.include({ status: 'ok', platform: 'reddit' });
    for (const scope of scopes) expect(scope.isDone()).to.equal(true);
    const seen = JSON.stringify(res.body) + JSON.stringify([...res.headers]) + app.logs.join('\n');
    for (const secret of ['cred-test-client', 'cred-test-auth-TOKEN', 'cred-test-ct0', 'fake-app-token-one', Buffer.from(`${CLIENT.clientId}:${CLIENT.clientSecret}`).toString('base64')]) {
      expect(seen).not.to.include(secret);
    }
  });

  it('when the token request fails, the failure is logged without any secret', async () => {
    app = await TestApp.start({ PLATFORM_CREDENTIALS_FILE: credentialsFile() });
    redditOAuth(500);
    nock('https://www.reddit.com').get(/.*/).reply(403, '<html><body>blocked</body></html>', { 'content-type': 'text/html' }).persist();
    const res = await app.get(`/api/v1/resolve?url=${q(REDDIT_POST)}`);
    expect(res.body.status).to.equal('degraded');
    expect(app.logs.join('\n') + JSON.stringify(res.body)).not.to.match(/cred-test|fake-app-token/);
  });

  it('when no credentials file is set, Reddit is read anonymously with no Authorization header', async () => {
    app = await TestApp.start();
    const anonymous = nock('https://www.reddit.com', { badheaders: ['authorization'] }).get('/comments/1qoau14.json').query(true).reply(200, loadRecordedExchanges(fixturePath('reddit', 'oauth'))[1]!.response as nock.Body);
    const res = await app.get(`/api/v1/resolve?url=${q(REDDIT_POST)}`);
    expect(res.body).to.include({ status: 'ok', platform: 'reddit' });
    expect(anonymous.isDone()).to.equal(true);
  });
});

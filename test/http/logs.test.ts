import { expect } from 'chai';
import nock from 'nock';
import { useFixture } from '../support/fixtures.js';
import { q, TEST_KEY, TestApp } from '../support/app.js';

describe('logs', () => {
  let app: TestApp;
  before(async () => {
    app = await TestApp.start();
  });
  afterEach(() => nock.cleanAll());
  after(() => app.close());

  it('when a request is served, every line it writes is JSON carrying the request id it was answered with', async () => {
    nock('https://public.api.bsky.app').get(/.*/).replyWithError('socket hang up');
    const res = await app.get(`/api/v1/resolve?url=${q('https://bsky.app/profile/did:plc:abc/post/3klog')}`);
    const id = res.headers.get('x-request-id');
    const lines = app.logs.map((l) => JSON.parse(l) as { reqId?: string; msg: string });
    const mine = lines.filter((l) => l.reqId === id);
    // The adapter's failure line and the access line, both tagged.
    expect(mine.map((l) => l.msg)).to.include.members(['upstream failed', 'request']);
    expect(lines.filter((l) => l.msg === 'request').every((l) => typeof l.reqId === 'string')).to.equal(true);
  });

  it('when a media-proxy URL is requested, the access line keeps only /v/ and never the token', async () => {
    const token = 'AQFkZmFrZS10b2tlbi1mb3ItdGhlLWxvZy10ZXN0LXh5eg';
    const res = await app.get(`/v/${token}.mp4`, { anonymous: true });
    expect(res.status).to.equal(404);
    const access = app.logs.map((l) => JSON.parse(l) as { msg: string; path?: string }).filter((l) => l.msg === 'request' && l.path?.startsWith('/v/'));
    expect(access.map((l) => l.path)).to.deep.equal(['/v/…']);
    expect(app.logs.join('\n')).not.to.include(token);
  });

  it('when a caller sends its own safe X-Request-Id, it is kept', async () => {
    const res = await app.get('/healthz', { headers: { 'x-request-id': 'caller-abc-12345' } });
    expect(res.headers.get('x-request-id')).to.equal('caller-abc-12345');
  });

  it('never writes an API key, a cookie or an Authorization header', async () => {
    useFixture('bluesky', 'image');
    await app.get(`/api/v1/resolve?url=${q('https://bsky.app/profile/did:plc:bobplcidplcidplcidplcidp/post/3lpbimage22ab')}`, {
      headers: { cookie: 'session=secret-cookie-value' },
    });
    await app.get('/api/v1/platforms', { headers: { authorization: 'Bearer wrong-key-should-not-be-logged' } });
    const all = app.logs.join('\n');
    expect(all).to.not.include(TEST_KEY);
    expect(all).to.not.include('wrong-key-should-not-be-logged');
    expect(all).to.not.include('secret-cookie-value');
    expect(all.toLowerCase()).to.not.include('authorization');
  });
});

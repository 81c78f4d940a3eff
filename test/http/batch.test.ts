import { expect } from 'chai';
import nock from 'nock';
import { useFixture } from '../support/fixtures.js';
import { TestApp } from '../support/app.js';

const IMAGE_POST = 'https://bsky.app/profile/did:plc:bobplcidplcidplcidplcidp/post/3lpbimage22ab';

describe('POST /api/v1/resolve (batch)', () => {
  let app: TestApp;
  beforeEach(async () => {
    app = await TestApp.start({ MAX_BATCH: '5', MAX_BODY_BYTES: '2048' });
  });
  afterEach(async () => {
    nock.cleanAll();
    await app.close();
  });

  it('when items are mixed, answers each in request order, echoing url, a malformed item failing alone', async () => {
    useFixture('bluesky', 'image');
    const urls = ['https://example.org/page', 'not a url at all', IMAGE_POST, 'https://www.youtube.com/@somechannel'];
    const res = await app.request('/api/v1/resolve', { body: { urls } });
    expect(res.status).to.equal(200);
    expect(res.body.results.map((r: { url: string }) => r.url)).to.deep.equal(urls);
    const [none, bad, ok, unsupported] = res.body.results;
    expect(none).to.include({ status: 'no-adapter', platform: 'none', canonicalUrl: 'https://example.org/page' });
    expect(bad).to.include({ status: 'no-adapter', platform: 'none' });
    expect(bad.error).to.be.a('string').and.match(/URL/);
    expect(ok).to.include({ status: 'ok', platform: 'bluesky', kind: 'image' });
    expect(unsupported).to.include({ status: 'degraded', reason: 'unsupported', platform: 'youtube' });
  });

  it('when one post appears under several URL variants, fetches it once', async () => {
    const scope = nock('https://public.api.bsky.app')
      .get('/xrpc/app.bsky.feed.getPostThread')
      .query(true)
      .once()
      .reply(200, { thread: { $type: 'app.bsky.feed.defs#threadViewPost', post: { uri: 'at://did:plc:abc/app.bsky.feed.post/3kone', cid: 'c', author: { did: 'did:plc:abc', handle: 'a.test' }, record: { text: 'hi', createdAt: '2025-01-01T00:00:00Z' }, indexedAt: '2025-01-01T00:00:00Z', labels: [] } } });
    const urls = ['https://bsky.app/profile/did:plc:abc/post/3kone', 'https://fxbsky.app/profile/did:plc:abc/post/3kone/', 'https://bsky.app/profile/did:plc:abc/post/3kone?x=1'];
    const res = await app.request('/api/v1/resolve', { body: { urls } });
    expect(res.body.results.map((r: { status: string }) => r.status)).to.deep.equal(['ok', 'ok', 'ok']);
    expect(scope.isDone()).to.equal(true);
  });

  for (const [what, body, message] of [
    ['the body is not JSON', '{"urls": [', /not valid JSON/],
    ['urls is missing', { media: 'proxied' }, /needs a urls array/],
    ['urls is empty', { urls: [] }, /at least one URL/],
    ['urls has too many items', { urls: ['a', 'b', 'c', 'd', 'e', 'f'] }, /more than 5 URLs/],
    ['an item of urls is not a string', { urls: ['https://example.org', 42] }, /urls\[1\].*string/],
    ['urls is a string', { urls: 'https://example.org' }, /^Invalid body at urls: urls must be an array of URL strings\.$/],
    ['media has an unknown value', { urls: ['https://example.org'], media: 'bogus' }, /"raw" \(the default\) or "proxied"/],
    ['the body has an unknown field', { urls: ['https://example.org'], extra: 1 }, /only the fields/],
    ['the body is an array', [1, 2], /JSON object/],
    ['the body is larger than MAX_BODY_BYTES', { urls: ['https://example.org/' + 'a'.repeat(4000)] }, /larger than 2048 bytes/],
  ] as const) {
    it(`when ${what}, answers 400 for the whole request`, async () => {
      const res = await app.request('/api/v1/resolve', { body });
      expect(res.status).to.equal(400);
      expect(res.body.error).to.match(message);
    });
  }

  it('when media is "raw", the default named, answers 200 with raw media', async () => {
    const res = await app.request('/api/v1/resolve', { body: { urls: ['https://example.org/post'], media: 'raw' } });
    expect(res.status).to.equal(200);
    expect(res.body.results).to.have.length(1);
  });

  it('when the body is not declared as JSON, answers 400', async () => {
    const res = await app.request('/api/v1/resolve', { body: '{"urls":["https://example.org"]}', headers: { 'content-type': 'text/plain' } });
    expect(res.status).to.equal(400);
    expect(res.body.error).to.match(/must be JSON/);
  });
});

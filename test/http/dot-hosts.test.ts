// A host of nothing but dots is a malformed URL, not a crash (issue 27, point 10): `.`, `..`, `%2e`
// and the full-width and ideographic dots (which WHATWG maps to `.`) leave an empty host once the
// trailing dots go, which the fediverse shape matching once handed to `new URL` (a 500). Every
// endpoint that takes a URL answers 400 with `{error}`; in a batch only that item has its `error`.
import { expect } from 'chai';
import nock from 'nock';
import { q, TestApp } from '../support/app.js';

const DOT_HOSTS = ['https://.?x', 'https://.', 'https://..', 'https://.#f', 'https://%2e/', 'https://。/', 'https://．/@noor/113900000000777001', 'https://｡/@noor/113900000000777001', 'https://./@noor/113900000000777001'];

describe('a host of dots', () => {
  let app: TestApp;
  before(async () => {
    // Discovery on (the default): the path that crashed.
    app = await TestApp.start({ FEDIVERSE_DISCOVERY: 'true' });
  });
  after(async () => {
    nock.cleanAll();
    await app.close();
  });

  const malformed = (res: { status: number; body: any; text: string }, what: string) => {
    expect(res.status, `${what} → ${res.status} ${res.text}`).to.equal(400);
    expect(res.body.error, what).to.be.a('string').and.match(/no host/);
    expect(res.body.code, what).to.equal('URL_MALFORMED');
  };

  for (const url of DOT_HOSTS) {
    it(`${url}: 400 {error} on /api/v1/resolve, /api/v1/canonical, /api/v1/health?url= and /oembed`, async () => {
      malformed(await app.get(`/api/v1/resolve?url=${q(url)}`), `resolve ${url}`);
      malformed(await app.get(`/api/v1/canonical?url=${q(url)}`), `canonical ${url}`);
      malformed(await app.get(`/api/v1/health?url=${q(url)}`), `health ${url}`);
      malformed(await app.request(`/oembed?url=${q(url)}`, { anonymous: true }), `oembed ${url}`);
    });
  }

  it('in a batch, each dot host has its own error and the other items are answered', async () => {
    const urls = ['https://x.com.evil.test/jack/status/20', ...DOT_HOSTS, 'https://example.org/page'];
    const res = await app.request('/api/v1/resolve', { method: 'POST', body: { urls } });
    expect(res.status, res.text).to.equal(200);
    const results = res.body.results as { url: string; status: string; error?: string }[];
    expect(results.map((item) => item.url)).to.deep.equal(urls);
    expect(results[0]).to.deep.include({ status: 'no-adapter', platform: 'none' }).and.not.have.property('error');
    expect(results.at(-1)).to.deep.include({ status: 'no-adapter', platform: 'none', canonicalUrl: 'https://example.org/page' }).and.not.have.property('error');
    for (const item of results.slice(1, -1)) expect(item.error, item.url).to.be.a('string').and.match(/no host|not a valid/);
  });

  it('the GET resolve through the fast path (a cacheable answer) refuses it too, and nothing is logged as a 5xx', async () => {
    for (const url of DOT_HOSTS) await app.get(`/api/v1/resolve?url=${q(url)}`);
    const fiveHundreds = app.logs.filter((line) => /"status":5\d\d/.test(line));
    expect(fiveHundreds).to.deep.equal([]);
  });
});

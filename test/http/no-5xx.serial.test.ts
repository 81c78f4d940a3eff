// A few hundred assorted inputs through GET, /canonical and batch: every answer is 200 or 400 as
// the contract says, each within the resolve budget. Upstreams are unreachable here (nock refuses),
// so resolvable URLs exercise the degraded path.
import { expect } from 'chai';
import nock from 'nock';
import { PLATFORM_CASE_LIST } from '../platforms/cases.js';
import { q, TestApp } from '../support/app.js';

/** Well-formed URLs on no platform, or hostile ones: the platforms' own come from their cases. */
const WELL_FORMED_ELSEWHERE = [
  'https://example.com/',
  'https://例え.テスト/パス?q=値',
  'https://xn--r8jz45g.xn--zckzah/',
  'http://127.0.0.1:8080/admin',
  'http://[::1]/',
  'http://[::ffff:127.0.0.1]/x',
  'http://0x7f.1/',
  'http://2130706433/',
  'https://x.com@evil.test/jack/status/20',
  'https://user:pass@bsky.app/profile/a.test/post/3k',
  'https://x.com.evil.test/jack/status/20',
  'https://evil.test/https://x.com/jack/status/20',
  `https://example.com/?q=${'a'.repeat(1900)}`,
  'https://example.com/%00%ff%2e%2e/../..//x',
  'https://EXAMPLE.com:443/./a/../b',
];

const WELL_FORMED = [...PLATFORM_CASE_LIST.flatMap((c) => c.wellFormed), ...WELL_FORMED_ELSEWHERE];

const MALFORMED = [
  '',
  ' ',
  'not a url',
  'http://',
  'https://',
  'ftp://example.com/',
  'javascript:alert(1)',
  'data:text/html,hi',
  'file:///etc/passwd',
  'mailto:a@b.c',
  'http://[::1',
  'https://exa mple.com/',
  'at://nothing',
  `https://example.com/${'a'.repeat(2100)}`,
  '\u0000',
];

function randomJunk(seed: number): string {
  const alphabet = Array.from('abc:/?#[]@!$&\'()*+,;=%20.-_~xyzé漢😀\u0000\t ');
  let s = '';
  let x = seed;
  for (let i = 0; i < 1 + (seed % 40); i++) {
    x = (x * 1103515245 + 12345) & 0x7fffffff;
    s += alphabet[x % alphabet.length];
  }
  return (seed % 3 === 0 ? 'https://' : seed % 3 === 1 ? 'http://x.com/' : '') + s;
}

describe('no 5xx for any input', () => {
  const BUDGET_MS = 1500;
  let app: TestApp;
  before(async () => {
    nock('https://public.api.bsky.app').persist().get(/.*/).replyWithError('refused in tests');
    app = await TestApp.start({ RESOLVE_BUDGET_MS: String(BUDGET_MS), UPSTREAM_TIMEOUT_MS: '1000', RATE_LIMIT_POINTS: '100000' });
  });
  after(async () => {
    nock.cleanAll();
    await app.close();
  });

  const inputs = [...WELL_FORMED, ...MALFORMED, ...Array.from({ length: 200 }, (_, i) => randomJunk(i + 1))];

  it(`when ${inputs.length} inputs go through GET /resolve and /canonical, answers only 200 or 400, each within the budget`, async function () {
    for (const input of inputs) {
      for (const endpoint of ['/api/v1/resolve', '/api/v1/canonical']) {
        const res = await app.get(`${endpoint}?url=${q(input)}`);
        expect([200, 400], `${endpoint} ${JSON.stringify(input)} → ${res.status} ${res.text}`).to.include(res.status);
        expect(res.ms, `${endpoint} ${JSON.stringify(input)}`).to.be.below(BUDGET_MS + 500);
        if (WELL_FORMED.includes(input)) expect(res.status, JSON.stringify(input)).to.equal(200);
        if (MALFORMED.includes(input)) expect(res.status, JSON.stringify(input)).to.equal(400);
      }
    }
    // Each answer is held to the budget above; the whole run, hundreds of resolves one after
    // another, grows with the platforms' inputs: far over mocha's default.
  }).timeout(inputs.length * 2 * (BUDGET_MS + 500));

  it("when each platform's well-formed URLs are canonicalised, answers that platform", async () => {
    for (const { id, wellFormed } of PLATFORM_CASE_LIST) {
      for (const url of wellFormed) {
        const res = await app.get(`/api/v1/canonical?url=${q(url)}`);
        expect(res.body.platform, `${id}: ${JSON.stringify(url)} → ${res.text}`).to.equal(id);
      }
    }
  });

  it('when the same inputs go in batches, answers 200 with one result per input, malformed ones with an error', async () => {
    for (let i = 0; i < inputs.length; i += 50) {
      const urls = inputs.slice(i, i + 50);
      const res = await app.request('/api/v1/resolve', { body: { urls } });
      expect(res.status).to.equal(200);
      expect(res.body.results).to.have.length(urls.length);
      res.body.results.forEach((r: { url: string; error?: string }, j: number) => {
        expect(r.url).to.equal(urls[j]);
        if (MALFORMED.includes(urls[j]!)) expect(r.error, JSON.stringify(urls[j])).to.be.a('string');
        if (WELL_FORMED.includes(urls[j]!)) expect(r.error, JSON.stringify(urls[j])).to.equal(undefined);
      });
    }
  });
});

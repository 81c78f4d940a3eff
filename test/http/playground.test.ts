// The playground page as HTTP (issue 17, point 2): public, no key in its source, its own
// Content-Security-Policy, its files served (hls.js included), and with `?url=` the post's oEmbed
// discovery links, absolute and escaped. The page drawn in a browser: test/browser/playground.serial.test.ts.
import 'reflect-metadata';
import { expect } from 'chai';
import { TestApp, TEST_KEY, q } from '../support/app.js';
import { suiteScanner } from '../support/secret-scan.js';

describe('playground page (GET /)', () => {
  let app: TestApp;
  before(async () => {
    app = await TestApp.start({ PUBLIC_BASE_URL: 'https://cards.example' });
  });
  after(() => app.close());

  it('answers the page without a key, with its own policy and no key in it', async () => {
    const res = await app.get('/', { anonymous: true });
    expect(res.status).to.equal(200);
    expect(res.headers.get('content-type')).to.match(/^text\/html/);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).to.include("script-src 'self'").and.include("connect-src 'self'").and.include("frame-ancestors 'none'");
    expect(csp).to.not.include('unsafe-inline');
    expect(res.text).to.include('/playground/playground.js').and.include('/playground/hls.min.js');
    expect(res.text).to.not.include(TEST_KEY);
    expect(res.text).to.not.include('json+oembed');
  });

  it('with ?url=, carries the oEmbed discovery links of that post: absolute, the URL encoded', async () => {
    const post = 'https://www.facebook.com/permalink.php?story_fbid=1"2&id=3';
    const res = await app.get(`/?url=${q(post)}`, { anonymous: true });
    const oembed = `https://cards.example/oembed?url=${encodeURIComponent(post)}`.replace(/&/g, '&amp;');
    expect(res.text).to.include(`<link rel="alternate" type="application/json+oembed" href="${oembed}&amp;format=json"`);
    expect(res.text).to.include(`<link rel="alternate" type="text/xml+oembed" href="${oembed}&amp;format=xml"`);
    const ignored = await app.get(`/?url=${q('javascript:alert(1)')}`, { anonymous: true });
    expect(ignored.text).to.not.include('oembed');
  });

  it('serves its script, style and hls.js, and 404 for any other name', async () => {
    const script = await app.get('/playground/playground.js', { anonymous: true });
    expect(script.headers.get('content-type')).to.match(/^text\/javascript/);
    expect(script.text).to.include('textContent');
    expect((await app.get('/playground/playground.css', { anonymous: true })).headers.get('content-type')).to.match(/^text\/css/);
    const hls = await app.get('/playground/hls.min.js', { anonymous: true });
    expect(hls.status).to.equal(200);
    expect(hls.text).to.include('Hls');
    // hls.js's minified code names a function `xs`, and `xs=function(` reads as Facebook's `xs`
    // session cookie to the secret scan: that one sighting, and only it, is the library's.
    const taken = suiteScanner.take((s) => s.where.includes('GET /playground/hls.min.js'));
    expect(taken.map((s) => s.what)).to.deep.equal(['a session cookie assignment']);
    expect(hls.text).to.match(/[,;]xs=function\(/);
    expect((await app.get('/playground/index.html', { anonymous: true })).status).to.equal(404);
  });
});

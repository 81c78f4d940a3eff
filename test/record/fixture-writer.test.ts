// The pieces of `npm run record` on their own: secrets out of recorded exchanges, the HTML cuts,
// and trimming that keeps only what replay shows the outcome does not need.
import { expect } from 'chai';
import { redact, toDefinitions } from '../../src/infrastructure/http/fixture-writer.js';
import { withoutSecretParams } from '../../src/infrastructure/http/secret-params.js';
import { fixtureText, MAX_BODY_CHARS, trimDefinitions } from '../../src/infrastructure/http/fixture-trim.js';
import { cutHtml, joinCut, looksLikeHtml } from '../../src/infrastructure/http/html-cut.js';
import type { RecordedExchange } from '../../src/infrastructure/http/recorded-exchanges.js';
import type { Exchange } from '../../src/infrastructure/http/recording.http.js';
import { ReplayHttpClient } from '../../src/infrastructure/http/replay.http.js';
import { collectingLogger } from '../support/redis.js';

const exchange = (over: Partial<Exchange>): Exchange => ({
  method: 'GET',
  url: 'https://api.example/x',
  requestHeaders: {},
  status: 200,
  headers: { 'content-type': 'application/json' },
  body: Buffer.from('{}'),
  ...over,
});

describe('fixture writer', () => {
  it('when the client sent cookies and tokens, writes no request header and blanks every echo of them', () => {
    const [def] = toDefinitions([
      exchange({
        requestHeaders: { cookie: 'sid=cookieSecret123; lang=en', authorization: 'Bearer bearerSecret456', 'x-guest-token': 'guestSecret789', accept: 'application/json' },
        body: Buffer.from(JSON.stringify({ a: 'cookieSecret123', b: 'x bearerSecret456 y', c: ['guestSecret789'], lang: 'en', n: 1 })),
      }),
    ]);
    expect(def).to.deep.equal({
      scope: 'https://api.example',
      method: 'GET',
      path: '/x',
      status: 200,
      headers: { 'content-type': 'application/json' },
      response: { a: 'xxxxxxXxxxxx000', b: 'x xxxxxxXxxxxx000 y', c: ['xxxxxXxxxxx000'], lang: 'en', n: 1 },
    });
  });

  it('when the platform sets cookies and tokens, keeps only content-type and location and blanks the values, not the cookie attributes', () => {
    const [def] = toDefinitions([
      exchange({
        status: 302,
        headers: {
          'content-type': 'text/html',
          location: '/next?id=7&token=tokSecret0001&oauth_nonce=nonceSecret02&sig=sigSecret0003&ref=a%20b',
          'set-cookie': 'session=setCookieSecret1; Domain=.api.example; Path=/\nother=setCookieSecret2',
          'x-csrf-token': 'csrfHeaderSecret',
          'x-request-id': 'r1',
        },
        body: Buffer.from('<p>setCookieSecret1 csrfHeaderSecret .api.example</p>'),
      }),
    ]);
    expect(def!.headers).to.deep.equal({ 'content-type': 'text/html', location: '/next?id=7&ref=a%20b' });
    expect(def!.response).to.equal('<p>xxxXxxxxxXxxxxx0 xxxxXxxxxxXxxxxx .api.example</p>');
  });

  it('drops token-named query parameters from the path, every other one byte for byte', () => {
    expect(withoutSecretParams('?url=https%3A%2F%2Fa.b%2F&access_token=x&format=json&oauth_signature=y&guest_token=z&key=k&lsd=l')).to.equal('?url=https%3A%2F%2Fa.b%2F&format=json');
    // SoundCloud's app client id and a stream's track authorization.
    expect(withoutSecretParams('?client_id=c1&track_authorization=t2&limit=5')).to.equal('?limit=5');
    expect(withoutSecretParams('?token=x')).to.equal('');
    const [def] = toDefinitions([exchange({ url: 'https://api.example/v1/post?id=5&access_token=abc' })]);
    expect(def!.path).to.equal('/v1/post?id=5');
  });

  it('blanks token-named fields in JSON bodies and in JSON inside pages and script strings', () => {
    const [json, page] = toDefinitions([
      exchange({ body: Buffer.from(JSON.stringify({ guest_token: '1851234567890123456', data: { csrfToken: 'Ab-1', count: 3, session: { id: 5 } } })) }),
      exchange({
        headers: { 'content-type': 'text/html' },
        body: Buffer.from('<script>x={"XSRF_TOKEN":"Qt1\\u003d","title":"kept"};y="{\\"csrf_token\\":\\"t2\\",\\"a\\":\\"b\\"}"</script>'),
      }),
    ]);
    // Same shape: an adapter that checks the guest token is digits still accepts it on replay.
    expect(json!.response).to.deep.equal({ guest_token: '0000000000000000000', data: { csrfToken: 'Xx-0', count: 3, session: { id: 5 } } });
    expect(page!.response).to.equal('<script>x={"XSRF_TOKEN":"Xx0_","title":"kept"};y="{\\"csrf_token\\":\\"x0\\",\\"a\\":\\"b\\"}"</script>');
  });

  it('writes a request body (JSON as a value, a form as text), token-named fields and form values masked as in answers, so it replays', () => {
    const [json, form, none] = toDefinitions([
      exchange({ method: 'POST', requestBody: JSON.stringify({ videoId: 'abc123', context: { client: { visitorData: 'Cgt2aXNpdG9yMTIz' } } }) }),
      exchange({ method: 'POST', requestBody: 'doc_id=7001&lsd=AVq9Zk%2Fx1&variables=%7B%22postID%22%3A%2242%22%7D' }),
      exchange({}),
    ]);
    expect(json!.body).to.deep.equal({ videoId: 'abc123', context: { client: { visitorData: redact('Cgt2aXNpdG9yMTIz') } } });
    expect(form!.body).to.equal('doc_id=7001&lsd=XXx0Xx%2Fx0&variables=%7B%22postID%22%3A%2242%22%7D');
    expect(none).not.to.have.property('body');
    const client = new ReplayHttpClient([{ ...json!, method: 'POST' }], collectingLogger());
    const body = JSON.stringify({ context: { client: { visitorData: redact('Cgt2aXNpdG9yMTIz') } }, videoId: 'abc123' });
    return client.request({ url: 'https://api.example/x', method: 'POST', body, allowedHosts: ['api.example'] }).then((res) => expect(res.status).to.equal(200));
  });

  it('writes non-UTF-8 bodies as hex, text as strings, JSON as values, and no body for HEAD', () => {
    const defs = toDefinitions([
      exchange({ headers: { 'content-type': 'image/png' }, body: Buffer.from([0x89, 0x50, 0xff]) }),
      exchange({ headers: { 'content-type': 'text/plain' }, body: Buffer.from('{"not":"parsed"}') }),
      exchange({ headers: {}, body: Buffer.from('[1,2]') }),
      exchange({ method: 'HEAD', headers: {}, body: Buffer.alloc(0) }),
    ]);
    expect(defs.map((d) => [d.response, d.responseIsBinary])).to.deep.equal([
      ['8950ff', true],
      ['{"not":"parsed"}', undefined],
      [[1, 2], undefined],
      [undefined, undefined],
    ]);
  });
});

const PAGE = [
  '<!DOCTYPE html><html lang="en"><head><title>T &amp; U</title>',
  '<meta property="og:title" content="OG"><meta name="description" content="D">',
  '<link rel="canonical" href="https://p.example/1"><link rel="stylesheet" href="/s.css"><link rel="alternate" type="application/json+oembed" href="/oembed?u=1">',
  '<style>.a{color:red}</style><!-- <meta property="og:title" content="in a comment"> -->',
  '<script>var code = "<meta name=\\"fake\\">"; boot();</script><script src="/app.js"></script>',
  '<script type="application/ld+json">{"@type":"SocialMediaPosting"}</script>',
  '<script type="application/json" data-sjs>{"require":[]}</script>',
  '<script id="__UNIVERSAL_DATA_FOR_REHYDRATION__" type="application/json">{"u":1}</script>',
  '</head><body><div class="Caption">the caption</div><shreddit-post post-title="PT" author="a"><p>x</p></shreddit-post>',
  '<svg><path d="M0"/></svg><script>window._sharedData = {"s":1};</script></body></html>',
].join('\n');

describe('html cut', () => {
  it('head: keeps title, meta, post links, data scripts and custom elements, in page order; drops the rest', () => {
    const cut = cutHtml(PAGE, 'head');
    expect(cut.pieces.map((p) => [p.text.slice(0, 40), p.optional])).to.deep.equal([
      ['<!DOCTYPE html>', false],
      ['<html lang="en">', false],
      ['<title>T &amp; U</title>', false],
      ['<meta property="og:title" content="OG">', false],
      ['<meta name="description" content="D">', false],
      ['<link rel="canonical" href="https://p.ex', false],
      ['<link rel="alternate" type="application/', false],
      ['<script type="application/ld+json">{"@ty', true],
      ['<script type="application/json" data-sjs', true],
      ['<script id="__UNIVERSAL_DATA_FOR_REHYDRA', true],
      ['<shreddit-post post-title="PT" author="a', true],
      ['<script>window._sharedData = {"s":1};</s', true],
    ]);
    const text = joinCut(cut);
    for (const gone of ['in a comment', 'fake', 'boot()', 'app.js', 's.css', 'color:red', 'the caption', '<svg']) expect(text, gone).not.to.include(gone);
    expect(text).to.include('<shreddit-post post-title="PT" author="a"></shreddit-post>');
  });

  it('markup: keeps the document but drops styles, comments, SVG, code scripts and stylesheet links', () => {
    const text = joinCut(cutHtml(PAGE, 'markup'));
    expect(text).to.include('<div class="Caption">the caption</div>').and.include('<title>T &amp; U</title>').and.include('window._sharedData');
    for (const gone of ['in a comment', 'boot()', 'app.js', 's.css', 'color:red', '<svg']) expect(text, gone).not.to.include(gone);
  });

  it('cuts pages, not short error bodies labelled text/html, nor JSON', () => {
    expect(looksLikeHtml('text/html; charset=utf-8', PAGE)).to.equal(true);
    expect(looksLikeHtml(undefined, PAGE)).to.equal(true);
    expect(looksLikeHtml('text/html', 'Unauthorized')).to.equal(false);
    expect(looksLikeHtml('application/json', '{"html":"<html>"}')).to.equal(false);
  });
});

describe('fixture trim', () => {
  const page = (response: string): RecordedExchange => ({ scope: 'https://p.example', method: 'GET', path: '/1?x=1', status: 200, headers: { 'content-type': 'text/html' }, response });
  const body = (defs: RecordedExchange[]) => defs[0]!.response as string;

  it('when the parser reads only meta tags and one data block, keeps just those', async () => {
    const { defs, notes } = await trimDefinitions([page(PAGE)], async (d) => body(d).includes('content="OG"') && body(d).includes('__UNIVERSAL_DATA'));
    expect(body(defs)).to.include('content="OG"').and.include('__UNIVERSAL_DATA').and.not.include('SocialMediaPosting').and.not.include('shreddit-post');
    expect(notes).to.deep.equal([`GET https://p.example/1: HTML cut to title, meta, links and data scripts (${PAGE.length} → ${body(defs).length} characters; 1 of 5 data pieces needed)`]);
  });

  it('when the parser reads markup, falls back to the markup cut', async () => {
    const { defs, notes } = await trimDefinitions([page(PAGE)], async (d) => body(d).includes('class="Caption"'));
    expect(body(defs)).to.include('the caption').and.not.include('color:red').and.not.include('window._sharedData');
    expect(notes[0]).to.include('HTML cut to markup without styles');
  });

  it('when every cut changes the outcome, keeps the page whole and says so', async () => {
    const { defs, notes } = await trimDefinitions([page(PAGE)], async (d) => body(d).includes('color:red'));
    expect(body(defs)).to.equal(PAGE);
    expect(notes[0]).to.include('HTML kept whole').and.include('trim it by hand');
  });

  it('caps a long body when the outcome allows, and keeps it whole when not', async () => {
    const long: RecordedExchange = { scope: 'https://p.example', method: 'GET', path: '/t', status: 200, headers: { 'content-type': 'text/plain' }, response: `${'a'.repeat(MAX_BODY_CHARS)}END` };
    const capped = await trimDefinitions([long], async () => true);
    expect(body(capped.defs)).to.have.length(MAX_BODY_CHARS);
    const kept = await trimDefinitions([long], async (d) => body(d).endsWith('END'));
    expect(body(kept.defs)).to.equal(long.response);
    expect(kept.notes[0]).to.include('kept whole');
  });

  describe('over the size budget', () => {
    const api: RecordedExchange = {
      scope: 'https://api.example',
      method: 'GET',
      path: '/post',
      status: 200,
      response: { post: { text: 'kept', stats: { views: 'v'.repeat(3000) }, media: [{ url: 'u'.repeat(2000) }, { url: 'https://m.example/1.jpg' }] }, tracking: 't'.repeat(5000) },
    };
    const read = (defs: RecordedExchange[]) => defs[0]!.response as { post?: { text?: string; media?: { url?: string }[] } };

    it('leaves out the JSON fields the outcome does not depend on, largest first, until the file fits', async () => {
      const { defs, notes } = await trimDefinitions([api], async (d) => read(d).post?.text === 'kept' && (read(d).post?.media ?? []).some((m) => m.url?.endsWith('1.jpg')), { budgetBytes: 1024 });
      expect(defs[0]!.response).to.deep.equal({ post: { text: 'kept', media: [{ url: 'https://m.example/1.jpg' }] } });
      expect(Buffer.byteLength(fixtureText(defs))).to.be.at.most(1024);
      expect(notes[0]).to.match(/^\d+ JSON fields the outcome does not depend on left out/);
    });

    it('under the budget, leaves JSON as the platform sent it', async () => {
      const { defs, notes } = await trimDefinitions([api], async () => true, { budgetBytes: 64 * 1024 });
      expect(defs).to.deep.equal([api]);
      expect(notes).to.deep.equal([]);
    });

    it('prunes JSON assigned inside a kept script, escaping < so the script cannot end early', async () => {
      const state = { videoDetails: { title: 'T </script> U' }, streamingData: { formats: 'f'.repeat(4000) } };
      const html = `<html><head><title>x</title><script>var ytInitialPlayerResponse = ${JSON.stringify(state).replace(/</g, '\\u003c')};var meta = 1;</script></head></html>`;
      const { defs } = await trimDefinitions([page(html)], async (d) => body(d).includes('"title":"T \\u003c/script> U"'), { budgetBytes: 1024 });
      expect(body(defs)).to.include('var ytInitialPlayerResponse = {"videoDetails":{"title":"T \\u003c/script> U"}};var meta = 1;</script>');
    });
  });
});

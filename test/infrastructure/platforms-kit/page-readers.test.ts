// The page readers the HTML strategies share: meta tags, canonical link, scripts, JSON-LD, refresh.
import { expect } from 'chai';
import { canonicalLink, metaRefreshTarget, pageTitle, readHead, readMetaTags } from '../../../src/infrastructure/platforms/kit/head.js';
import { jsonLdBlocks, jsonLdOfType } from '../../../src/infrastructure/platforms/kit/json-ld.js';
import { jsonObjectAfter, jsonScriptById, scriptBlocks, scriptById, scriptsContaining } from '../../../src/infrastructure/platforms/kit/state-scripts.js';

const PAGE = `<!doctype html><html><head>
<title>Ada &amp; friends on Example</title>
<meta charset="utf-8">
<meta property="og:title" content="Ada &quot;the first&quot; Lovelace">
<meta property='og:image' content='https://cdn.example/a.jpg?x=1&amp;y=2'>
<meta property="og:image" content="https://cdn.example/b.jpg">
<meta name="description" content=multi-word-unquoted>
<META NAME="Twitter:Card" CONTENT="summary_large_image" />
<meta property="og:empty">
<link rel="alternate stylesheet" href="/style.css"><link href="https://example.test/p/1" rel="canonical">
<script type="application/ld+json">{"@type":"SocialMediaPosting","headline":"One"}</script>
<script type="application/ld+json">[{"@type":"ImageObject"},{"@type":"Person"}]</script>
<script type="application/ld+json">{broken</script>
<script id="STATE" type="application/json">{"a":{"b":[1,2]}}</script>
<script>var x = "<b>not data</b>";</script>
</head><body><p>Body text</p></body></html>`;

describe('page readers', () => {
  it('reads meta tags by property or name, case-insensitively, with entities decoded and every repeat kept', () => {
    const meta = readMetaTags(PAGE);
    expect(meta.get('og:title')).to.equal('Ada "the first" Lovelace');
    expect(meta.get('OG:IMAGE')).to.equal('https://cdn.example/a.jpg?x=1&y=2');
    expect(meta.all('og:image')).to.deep.equal(['https://cdn.example/a.jpg?x=1&y=2', 'https://cdn.example/b.jpg']);
    expect(meta.get('description')).to.equal('multi-word-unquoted');
    expect(meta.get('twitter:card')).to.equal('summary_large_image');
    expect(meta.get('og:empty')).to.equal(undefined);
    expect(meta.get('og:missing')).to.equal(undefined);
  });

  it('finds the canonical link among other links, and the decoded title', () => {
    expect(canonicalLink(PAGE)).to.equal('https://example.test/p/1');
    expect(pageTitle(PAGE)).to.equal('Ada & friends on Example');
    expect(canonicalLink('<link rel="stylesheet" href="/a.css">')).to.equal(undefined);
  });

  it('parses JSON-LD blocks, flattening arrays and skipping those that do not parse', () => {
    expect(jsonLdBlocks(PAGE)).to.deep.equal([{ '@type': 'SocialMediaPosting', headline: 'One' }, { '@type': 'ImageObject' }, { '@type': 'Person' }]);
  });

  it('parses the JSON script with a given id, and lists every script with its attributes', () => {
    expect(jsonScriptById(PAGE, 'STATE')).to.deep.equal({ a: { b: [1, 2] } });
    expect(jsonScriptById(PAGE, 'MISSING')).to.equal(undefined);
    // The script itself, for text that is not JSON (Spotify's base64 `initial-state`); an id in text is none.
    expect(scriptById('<p>id="S"</p><script id="S" type="text/plain">eyJhIjoxfQ==</script>', 'S')).to.deep.equal({ attributes: { id: 'S', type: 'text/plain' }, text: 'eyJhIjoxfQ==' });
    expect(scriptById(PAGE, 'MISSING')).to.equal(undefined);
    const blocks = scriptBlocks(PAGE);
    expect(blocks).to.have.length(5);
    expect(blocks[4]).to.deep.equal({ attributes: {}, text: 'var x = "<b>not data</b>";' });
  });

  it('reads a meta refresh target in its usual spellings', () => {
    expect(metaRefreshTarget('<meta http-equiv="refresh" content="0;URL=https://x.com/i/status/1">')).to.equal('https://x.com/i/status/1');
    expect(metaRefreshTarget(`<META HTTP-EQUIV="Refresh" CONTENT="0; url='https://a.test/b'">`)).to.equal('https://a.test/b');
    expect(metaRefreshTarget(PAGE)).to.equal(undefined);
  });
});

describe('page readers read only what they need (docs/design.md §13)', () => {
  const HEAD_TRAPS = `<!doctype html><html><head>
<script>document.write('<meta property="og:title" content="from a script">'); var s = "</head><body>";</script>
<style>body::before { content: "<meta name=description content=style>" }</style>
<!-- <meta property="og:image" content="https://commented.out/x.jpg"> -->
<meta property="og:title" content="Real title">
<TITLE>A &lt;b&gt; title</TITLE>
</head>
<body><meta property="og:description" content="in the body"><link rel="canonical" href="https://late.example/"></body></html>`;

  it('reads the head only: tags inside scripts, styles and comments, and tags after </head>, are not read', () => {
    const meta = readMetaTags(HEAD_TRAPS);
    expect(meta.get('og:title')).to.equal('Real title');
    expect(meta.all('og:title')).to.have.length(1);
    expect(meta.get('description')).to.equal(undefined);
    expect(meta.get('og:image')).to.equal(undefined);
    expect(meta.get('og:description')).to.equal(undefined);
    expect(canonicalLink(HEAD_TRAPS)).to.equal(undefined);
    expect(pageTitle(HEAD_TRAPS)).to.equal('A <b> title');
    expect(readHead(HEAD_TRAPS).end).to.equal(HEAD_TRAPS.indexOf('</head>\n<body>'));
  });

  it('ends the head at <body when </head> is missing, and reads a page with neither to its end', () => {
    const noEnd = '<head><meta name="a" content="1"><body><meta name="b" content="2">';
    expect(readMetaTags(noEnd).get('a')).to.equal('1');
    expect(readMetaTags(noEnd).get('b')).to.equal(undefined);
    const fragment = '<meta property="og:title" content="excerpt"><link rel="canonical" href="https://x.test/1">';
    expect(readMetaTags(fragment).get('og:title')).to.equal('excerpt');
    expect(canonicalLink(fragment)).to.equal('https://x.test/1');
  });

  it('reads a meta refresh inside <noscript> (a crawler runs no scripts), and quoted > inside attribute values', () => {
    expect(metaRefreshTarget('<head><noscript><META http-equiv="refresh" content="0;URL=https://x.com/a/status/1"></noscript></head>')).to.equal('https://x.com/a/status/1');
    expect(readMetaTags('<meta property="og:title" content="a > b" data-x=\'>\'><meta name="c" content="d">').get('og:title')).to.equal('a > b');
  });

  it('finds JSON-LD anywhere in the page by string search, in page order', () => {
    const page = '<head><script type="application/ld+json">{"n":1}</script></head><body><p>ld+json is a format</p><script type=\'application/LD+JSON\'>[{"n":2},{"n":3}]</script></body>';
    expect(jsonLdBlocks(page)).to.deep.equal([{ n: 1 }, { n: 2 }, { n: 3 }]);
  });

  it('finds a state script by its id attribute only, whatever the quoting, never by a mention of the id elsewhere', () => {
    const page = `<script>var el = document.getElementById("STATE");</script><p id="STATE">no</p><script type="application/json" id=STATE>{"ok":true}</script>`;
    expect(jsonScriptById(page, 'STATE')).to.deep.equal({ ok: true });
    expect(jsonScriptById("<SCRIPT id='S2'>{\"a\":1}</SCRIPT>", 'S2')).to.deep.equal({ a: 1 });
    expect(jsonScriptById('<div id="STATE">{}</div>', 'STATE')).to.equal(undefined);
  });

  it('slices out each script whose text holds a marker once, and not markup that mentions it', () => {
    const page = '<p>"thread_items" in text</p><script data-sjs>{"thread_items":[1],"more":"thread_items"}</script><script>x</script><script data-sjs>{"thread_items":[2]}</script>';
    const found = [...scriptsContaining(page, 'thread_items')];
    expect(found.map((b) => b.text)).to.deep.equal(['{"thread_items":[1],"more":"thread_items"}', '{"thread_items":[2]}']);
    expect(found[0]!.attributes).to.deep.equal({ 'data-sjs': '' });
  });
});

describe('state scripts and JSON-LD by kind', () => {
  it('slices out the object a script assigns after a marker, braces inside strings included, and nothing when it does not close or parse', () => {
    const page = '<script>var ytInitialPlayerResponse = {"a":{"b":"} not the end {"},"c":[1]};var other = {"x":1};</script>';
    expect(jsonObjectAfter(page, 'ytInitialPlayerResponse = {')).to.deep.equal({ a: { b: '} not the end {' }, c: [1] });
    expect(jsonObjectAfter('<script>var s = {"a":1</script>', 'var s = {')).to.equal(undefined);
    expect(jsonObjectAfter('<script>var s = {a:1};</script>', 'var s = {')).to.equal(undefined);
    expect(jsonObjectAfter(page, 'missing = {')).to.equal(undefined);
  });

  it('picks the first JSON-LD block of one of the types asked for, whether @type is a name or a list', () => {
    const blocks = [{ '@type': 'Organization' }, { '@type': ['Thing', 'VideoObject'], name: 'v' }, { '@type': 'SocialMediaPosting', name: 'p' }];
    expect(jsonLdOfType(blocks, ['SocialMediaPosting', 'VideoObject'])).to.deep.equal(blocks[1]);
    expect(jsonLdOfType(blocks, ['SocialMediaPosting'])).to.deep.equal(blocks[2]);
    expect(jsonLdOfType([null, 'x', [{ '@type': 'VideoObject' }]], ['VideoObject'])).to.equal(undefined);
  });
});

// The page readers the HTML strategies share: meta tags, canonical link, scripts, JSON-LD, refresh.
import { expect } from 'chai';
import { canonicalLink, jsonLdBlocks, jsonScriptById, metaRefreshTarget, pageTitle, readMetaTags, scriptBlocks } from '../../../src/infrastructure/platforms/shared/html.js';
import { cookieHeader, setCookieValue } from '../../../src/infrastructure/platforms/shared/cookies.js';

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

describe('cookies', () => {
  it('joins configured cookies into one Cookie header, and gives none for none', () => {
    expect(cookieHeader({ sessionid: 'abc', csrftoken: 'def' })).to.equal('sessionid=abc; csrftoken=def');
    expect(cookieHeader({})).to.equal(undefined);
    expect(cookieHeader(undefined)).to.equal(undefined);
  });

  it('finds one cookie among several set-cookie lines', () => {
    const setCookie = 'ttwid=1%7Cabc; Path=/; Secure\ntt_chain_token=Zm9vYmFy==; Domain=.tiktok.com; HttpOnly\nmsToken=x';
    expect(setCookieValue(setCookie, 'tt_chain_token')).to.equal('Zm9vYmFy==');
    expect(setCookieValue(setCookie, 'missing')).to.equal(undefined);
    expect(setCookieValue(undefined, 'tt_chain_token')).to.equal(undefined);
  });
});

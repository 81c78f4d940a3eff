// The oEmbed builder on its own, fed what the service should never hand it: its XML is well-formed
// for any text (read by a strict XML parser), its player markup too, and a URL that is not http(s)
// never reaches `author_url`, `thumbnail_url`, `url` or the `html` markup.
import { expect } from 'chai';
import fc from 'fast-check';
import type { ResolveResult } from '../../src/application/use-cases/resolve.js';
import { escapeXml, oembedXml, toOEmbed } from '../../src/interfaces/http/oembed.js';
import { childTexts, parseXml } from '../support/xml.js';

const base = { platform: 'mastodon', canonicalUrl: 'https://social.example/@ana/1', siteName: 'Mastodon', themeColor: '#6364ff', nsfw: false, cacheHit: false } as const;
const okResult = (fields: Record<string, unknown>): ResolveResult => ({ status: 'ok', kind: 'link', ...base, ...fields }) as ResolveResult;

const UNSAFE = ['javascript:alert(1)', ' JaVaScRiPt:alert(1)', 'data:text/html,x', '/relative.png', '//evil.example/a.png', 'vbscript:x'];

describe('the oEmbed builder', () => {
  it('for any text, writes XML a strict parser reads back as that text without what XML cannot carry', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 80 }), fc.string({ unit: 'binary', maxLength: 40 }), (title, name) => {
        const root = parseXml(oembedXml({ version: '1.0', type: 'link', title, author_name: name }));
        const texts = childTexts(root);
        // What a parser reads is the text less the characters XML forbids (and CR, which a parser
        // would turn into a newline anyway).
        expect(texts['title']).to.equal(escapeXmlInverse(title));
        expect(texts['author_name']).to.equal(escapeXmlInverse(name));
      }),
      { numRuns: 200 },
    );
  });

  it('when the text holds every C0 and C1 control character and U+FFFE/U+FFFF, the XML is well-formed and keeps tab and newline (CR as newline)', () => {
    const every = Array.from({ length: 0xa0 }, (_, i) => String.fromCharCode(i)).join('') + '\uFFFE\uFFFF\uD800';
    const root = parseXml(oembedXml({ version: '1.0', type: 'link', title: `a${every}z` }));
    expect(childTexts(root)['title']).to.equal(`a\t\n\n !"#$%&'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_\`abcdefghijklmnopqrstuvwxyz{|}~z`);
  });

  for (const url of UNSAFE) {
    it(`when the result carries ${JSON.stringify(url)} as every URL, leaves it out of author_url, thumbnail_url, url and html`, () => {
      const photo = toOEmbed(okResult({ kind: 'image', author: { name: 'Ana', url }, image: { url, width: 10, height: 10 } }), {}, 3600)!;
      expect(photo).to.include({ type: 'link', author_name: 'Ana' }).and.not.have.any.keys('author_url', 'thumbnail_url', 'url', 'html');
      const video = toOEmbed(okResult({ kind: 'video', video: { url, mimeType: 'video/mp4', needsProxy: false }, image: { url, width: 10, height: 10 } }), {}, 3600)!;
      expect(video).to.include({ type: 'link' }).and.not.have.any.keys('thumbnail_url', 'html');
    });
  }

  for (const mimeType of ['video/mp4', 'text/html']) {
    it(`when the video is ${mimeType}, writes player markup that is well-formed XML with the URLs exact`, () => {
      const src = "https://cdn.example.org/v.mp4?a=1&b='x'&c=\"y\"";
      const poster = 'https://cdn.example.org/p.jpg?s=1&t=2';
      const answer = toOEmbed(okResult({ kind: 'video', video: { url: src, mimeType, needsProxy: false, width: 640, height: 360 }, image: { url: poster, width: 640, height: 360 } }), {}, 3600)!;
      const player = parseXml(String(answer.html));
      expect(player.name).to.equal(mimeType === 'text/html' ? 'iframe' : 'video');
      expect(player.attributes['src']).to.equal(src);
      if (mimeType !== 'text/html') expect(player.attributes['poster']).to.equal(poster);
      // The markup survives a trip through the XML answer unchanged.
      expect(childTexts(parseXml(oembedXml(answer)))['html']).to.equal(answer.html);
    });
  }

  it('when the video is HLS, offers it as an HLS <source> with a fallback text saying an HLS-capable player is needed', () => {
    for (const video of [
      { url: 'https://video.example.org/p/playlist.m3u8', mimeType: 'application/vnd.apple.mpegurl' },
      { url: 'https://video.example.org/p/stream.m3u8?sig=1', mimeType: 'video/mp4' },
    ]) {
      const answer = toOEmbed(okResult({ kind: 'video', video: { ...video, needsProxy: false, width: 640, height: 360 } }), {}, 3600)!;
      const player = parseXml(String(answer.html));
      expect(player.name).to.equal('video');
      expect(player.attributes).not.to.have.property('src');
      expect(player.children.map((c) => [c.name, c.attributes['src'], c.attributes['type']])).to.deep.equal([['source', video.url, 'application/vnd.apple.mpegurl']]);
      expect(player.text).to.match(/needs a browser or player that supports HLS/);
    }
  });

  it('when the video needs the proxy, plays it on its playableUrl, and without one gives no player rather than the raw URL', () => {
    const video = { url: 'https://cdn.example.org/locked.mp4', mimeType: 'video/mp4', needsProxy: true, width: 640, height: 360 };
    const proxied = toOEmbed(okResult({ kind: 'video', video: { ...video, playableUrl: 'https://postlens.example/v/abc' } }), {}, 3600)!;
    expect(parseXml(String(proxied.html)).attributes['src']).to.equal('https://postlens.example/v/abc');
    const unproxied = toOEmbed(okResult({ kind: 'video', video }), {}, 3600)!;
    expect(unproxied).to.include({ type: 'link' }).and.not.have.any.keys('html');
  });

  it('escapes the five XML specials', () => {
    expect(escapeXml(`<a href="x">&'</a>`)).to.equal('&lt;a href=&quot;x&quot;&gt;&amp;&apos;&lt;/a&gt;');
  });
});

/** The text a reader of the XML gets back: forbidden characters gone, CR (and CRLF) a newline. */
function escapeXmlInverse(text: string): string {
  return text.replace(/\r\n?/g, '\n').replace(/[\u0000-\u0008\u000B-\u001F\u007F-\u009F\uFFFE\uFFFF]|[\uD800-\uDFFF]/gu, '');
}

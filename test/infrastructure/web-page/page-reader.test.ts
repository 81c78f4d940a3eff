// The page reader: bytes as browsers read them (WHATWG encoding sniffing over real bytes in the
// legacy encodings), the head read by a resumable scan, the body only for its JSON-LD, and reading
// stopped at the byte cap or once the head says enough.
import { expect } from 'chai';
import iconv from 'iconv-lite';
import { readPage } from './read-page.js';

const page = (head: string, body = '<p>text</p>') => `<!doctype html><html><head>${head}</head><body>${body}</body></html>`;
const encoded = (html: string, encoding: string) => new Uint8Array(iconv.encode(html, encoding));

describe('page reader', () => {
  describe('encodings', () => {
    const cases: { name: string; encoding: string; text: string; contentType?: string; declare?: string; expected: string }[] = [
      { name: 'windows-1251 from the Content-Type charset', encoding: 'win1251', text: 'Новости дня: «Привет, мир»', contentType: 'text/html; charset=windows-1251', expected: 'windows-1251' },
      { name: 'windows-1252 from a meta charset naming ISO-8859-1 (read as windows-1252, as browsers do)', encoding: 'win1252', text: 'Café déjà vu — “quoted” €5', declare: '<meta charset="iso-8859-1">', expected: 'windows-1252' },
      { name: 'Shift_JIS from a meta charset', encoding: 'shift_jis', text: '日本語のニュース記事、東京', declare: '<meta charset="Shift_JIS">', expected: 'Shift_JIS' },
      { name: 'EUC-JP from the Content-Type charset', encoding: 'euc-jp', text: '日本語の記事です。大阪', contentType: 'text/html;charset="EUC-JP"', expected: 'EUC-JP' },
      { name: 'GBK from a meta charset naming gb2312', encoding: 'gbk', text: '中文新闻标题：北京欢迎你', declare: '<meta charset=gb2312>', expected: 'GBK' },
      { name: 'GB18030 from the Content-Type charset', encoding: 'gb18030', text: '中文标题 𠀀 €', contentType: 'text/html; charset=GB18030', expected: 'gb18030' },
      { name: 'EUC-KR given only by http-equiv', encoding: 'euc-kr', text: '한국어 뉴스 제목입니다', declare: '<meta http-equiv="Content-Type" content="text/html; charset=euc-kr">', expected: 'EUC-KR' },
    ];
    for (const c of cases) {
      it(`reads ${c.name}, byte by byte as in one piece`, () => {
        const bytes = encoded(page(`${c.declare ?? ''}<title>${c.text}</title><meta property="og:description" content="${c.text}">`), c.encoding);
        for (const chunk of [1, 3, 1 << 20]) {
          const { facts } = readPage(bytes, { chunk, contentType: c.contentType ?? 'text/html' });
          expect(facts.encoding, `chunk ${chunk}`).to.equal(c.expected);
          expect(facts.title, `chunk ${chunk}`).to.equal(c.text);
          expect(facts.metas.find((m) => m['property'] === 'og:description')?.['content']).to.equal(c.text);
        }
      });
    }

    it('lets a UTF-8 BOM win over a Content-Type charset, and reads UTF-16LE by its BOM', () => {
      const utf8 = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(page('<title>Zoë’s café</title>'))]);
      expect(readPage(utf8, { contentType: 'text/html; charset=windows-1252' }).facts).to.include({ encoding: 'UTF-8', title: 'Zoë’s café' });
      const utf16 = new Uint8Array(iconv.encode('\ufeff' + page('<title>Zoë’s café</title>'), 'utf16le'));
      expect(readPage(utf16, { chunk: 5 }).facts).to.include({ encoding: 'UTF-16LE', title: 'Zoë’s café' });
    });

    it('reads an unknown label, in the header or a meta, as UTF-8 without an error', () => {
      const bytes = new TextEncoder().encode(page('<meta charset="klingon-8"><title>Ça va</title>'));
      expect(readPage(bytes, { contentType: 'text/html; charset=x-bogus' }).facts).to.include({ encoding: 'UTF-8', title: 'Ça va' });
    });

    it('reads UTF-8 when nothing names a charset, and ignores a meta charset past the first 1,024 bytes', () => {
      const late = page(`<!--${'x'.repeat(1100)}--><meta charset="windows-1251"><title>Grüße</title>`);
      expect(readPage(late, { chunk: 100 }).facts).to.include({ encoding: 'UTF-8', title: 'Grüße' });
    });
  });

  describe('the head', () => {
    it('decodes entities once, in the title and in attributes, and keeps a URL parameter that looks like an entity', () => {
      const { facts } = readPage(page('<title>Tom &amp;amp; Jerry &#8211; &quot;live&quot;</title><meta property="og:url" content="https://a.example/?x=1&copy=2&amp;y=3">'));
      expect(facts.title).to.equal('Tom &amp; Jerry – "live"');
      expect(facts.metas[0]!['content']).to.equal('https://a.example/?x=1&copy=2&y=3');
    });

    it("takes the <title> from the head only, never an SVG's or the body's", () => {
      expect(readPage(page('<meta name="description" content="d">', '<title>Body title</title><svg><title>icon</title></svg>')).facts.title).to.equal(undefined);
      expect(readPage(page('<title> Head\n title </title>', '<title>Body</title>')).facts.title).to.equal('Head title');
    });

    it('is not fooled by a </head> or a <meta> inside a script or a comment of the head', () => {
      const { facts } = readPage(page('<script>var s = "</head><meta property=og:title content=fake>";</script><!-- <meta name="description" content="hidden"> --><meta property="og:title" content="Real">'));
      expect(facts.metas).to.deep.equal([{ property: 'og:title', content: 'Real' }]);
      expect(facts.headComplete).to.equal(true);
    });

    it('reads the <html lang>, every meta and link of the head, and stops taking them at <body>', () => {
      const { facts } = readPage(`<html lang="pt-BR"><head><meta name="a" content="1"><link rel="icon" href="/i.png"><body><meta name="b" content="2"><link rel="canonical" href="/x">`);
      expect(facts.html).to.deep.equal({ lang: 'pt-BR' });
      expect(facts.metas).to.deep.equal([{ name: 'a', content: '1' }]);
      expect(facts.links).to.deep.equal([{ rel: 'icon', href: '/i.png' }]);
    });
  });

  describe('JSON-LD', () => {
    it('collects the blocks of head and body in page order, a top-level array as several, invalid JSON skipped', () => {
      const { facts } = readPage(
        page(
          '<script type="application/ld+json">{"@type":"NewsArticle","headline":"H"}</script><script type="application/ld+json">{not json</script>',
          '<script type="text/javascript">var t = "ld+json";</script><script type="Application/LD+JSON; charset=utf-8">[{"@type":"Person","name":"A"},{"@type":"Organization","name":"O"}]</script><script type="application/ld+json"><!--\n{"@type":"WebPage"}\n--></script>',
        ),
        { chunk: 7 },
      );
      expect(facts.jsonLd).to.deep.equal([{ '@type': 'NewsArticle', headline: 'H' }, { '@type': 'Person', name: 'A' }, { '@type': 'Organization', name: 'O' }, { '@type': 'WebPage' }]);
    });
  });

  describe('when to stop', () => {
    const head = '<meta property="og:title" content="T"><script type="application/ld+json">{"@type":"Article","headline":"T"}</script>';
    const filler = `<div>${'<p>lorem ipsum dolor sit amet</p>'.repeat(60_000)}</div>`; // ~2 MB

    it('says enough right after </head> once the head holds Open Graph data and a JSON-LD block: the rest of a large page is never pushed', () => {
      const html = page(head, `${filler}<script type="application/ld+json">{"@type":"Person","name":"late"}</script>`);
      const { facts, pushed, verdict } = readPage(html, { chunk: 16 * 1024 });
      expect(html.length).to.be.greaterThan(1_900_000);
      expect(verdict).to.equal('enough');
      expect(pushed).to.be.at.most(16 * 1024);
      expect(facts.bytesRead).to.equal(pushed);
      expect(facts.jsonLd).to.deep.equal([{ '@type': 'Article', headline: 'T' }]);
    });

    it('reads on through the body for its JSON-LD when the head lacks either, and finds the block at the end', () => {
      const html = page('<meta property="og:title" content="T">', `${filler}<script type="application/ld+json">{"@type":"Person","name":"late"}</script>`);
      const { facts, pushed, verdict } = readPage(html, { chunk: 16 * 1024, maxBytes: 4 << 20 });
      expect(verdict).to.equal('more');
      expect(pushed).to.equal(Buffer.byteLength(html));
      expect(facts.jsonLd).to.deep.equal([{ '@type': 'Person', name: 'late' }]);
      expect(facts.truncated).to.equal(false);
    });

    it('stops at the byte cap exactly, even inside a chunk, and reads nothing past it', () => {
      const html = page('<meta property="og:title" content="T">', `${filler}<script type="application/ld+json">{"@type":"Person","name":"late"}</script>`);
      const { facts, pushed, verdict } = readPage(html, { chunk: 10_000, maxBytes: 100_001 });
      expect(verdict).to.equal('enough');
      expect(pushed).to.equal(110_000);
      expect(facts.bytesRead).to.equal(100_001);
      expect(facts.truncated).to.equal(true);
      expect(facts.jsonLd).to.deep.equal([]);
      expect(facts.title).to.equal(undefined);
      expect(facts.metas).to.have.length(1);
    });
  });
});

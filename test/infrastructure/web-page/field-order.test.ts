// Every field's sources in docs/design.md §3's order, row by row: with the sources from row i on, the
// value is row i's — so removing any source shows the next one, and no later one ever wins.
import { expect } from 'chai';
import type { WebFields } from '../../../src/infrastructure/platforms/web/page/web-fields.js';
import { fieldsOf, ld } from './extract.js';

interface Row {
  source: string;
  head?: string;
  body?: string;
  oembed?: Record<string, unknown>;
  expected: unknown;
}

function orderTable(field: keyof WebFields, rows: Row[]): void {
  describe(`${field} sources, first wins`, () => {
    rows.forEach((row, i) => {
      it(`when ${row.source} is the first source left, takes it`, () => {
        const rest = rows.slice(i);
        const oembed = Object.assign({}, ...rest.map((r) => r.oembed ?? {})) as Record<string, unknown>;
        const fields = fieldsOf(rest.map((r) => r.head ?? '').join(''), { body: rest.map((r) => r.body ?? '').join(''), ...(Object.keys(oembed).length ? { oembed } : {}) });
        expect(fields[field]).to.deep.equal(row.expected);
      });
    });
  });
}

describe('web field rules', () => {
  orderTable('title', [
    { source: 'oEmbed title', oembed: { type: 'rich', title: 'From oEmbed' }, expected: 'From oEmbed' },
    { source: 'og:title', head: '<meta property="og:title" content="From  OG">', expected: 'From OG' },
    { source: 'twitter:title', head: '<meta name="twitter:title" content="From Twitter">', expected: 'From Twitter' },
    { source: 'JSON-LD headline', head: ld({ '@type': 'NewsArticle', headline: 'From headline' }), expected: 'From headline' },
    { source: "JSON-LD name of the page's subject (never the site's)", head: ld([{ '@type': 'WebSite', name: 'The Site' }, { '@type': 'Product', name: 'From name' }]), expected: 'From name' },
    { source: '<title>', head: '<title>From title</title>', expected: 'From title' },
    { source: 'nothing', expected: undefined },
  ]);

  orderTable('description', [
    { source: 'og:description', head: '<meta property="og:description" content="OG desc">', expected: 'OG desc' },
    { source: 'twitter:description', head: '<meta name="twitter:description" content="Twitter desc">', expected: 'Twitter desc' },
    { source: 'meta description', head: '<meta name="description" content="Meta desc">', expected: 'Meta desc' },
    { source: 'JSON-LD description (never articleBody)', body: ld({ '@type': 'Article', articleBody: 'The whole text', description: 'LD desc' }), expected: 'LD desc' },
    { source: 'only an articleBody', body: ld({ '@type': 'Article', articleBody: 'The whole text' }), expected: undefined },
  ]);

  orderTable('image', [
    { source: 'an oEmbed photo', oembed: { type: 'photo', url: 'https://img.example/oe.jpg', width: 800, height: 600 }, expected: { url: 'https://img.example/oe.jpg', width: 800, height: 600 } },
    { source: 'og:image:secure_url (with the object sizes)', head: '<meta property="og:image" content="http://img.example/og.jpg"><meta property="og:image:secure_url" content="https://img.example/secure.jpg"><meta property="og:image:width" content="1200"><meta property="og:image:height" content="630">', expected: { url: 'https://img.example/secure.jpg', width: 1200, height: 630 } },
    { source: 'og:image:url (over the og:image of the same object)', head: '<meta name="viewport" content="width=device-width"><meta property="og:image:url" content="/og-url.jpg"><meta property="og:image:alt" content="URL alt">', expected: { url: 'https://www.news.example.org/og-url.jpg', alt: 'URL alt' } },
    { source: 'og:image', head: '<meta property="og:image" content="//img.example/og.jpg"><meta property="og:image:alt" content="A cat">', expected: { url: 'https://img.example/og.jpg', alt: 'A cat' } },
    { source: 'twitter:image:src', head: '<meta name="twitter:image:src" content="https://img.example/tw-src.jpg">', expected: { url: 'https://img.example/tw-src.jpg' } },
    { source: 'twitter:image', head: '<meta name="twitter:image" content="https://img.example/tw.jpg">', expected: { url: 'https://img.example/tw.jpg' } },
    { source: 'itemprop=image', head: '<meta itemprop="image" content="https://img.example/itemprop.jpg">', expected: { url: 'https://img.example/itemprop.jpg' } },
    { source: 'JSON-LD image as an ImageObject in an array', body: ld({ '@type': 'Article', image: [{ '@type': 'ImageObject', url: 'https://img.example/ld.jpg', width: '1600', height: { '@type': 'QuantitativeValue', value: 900 } }, 'https://img.example/ld2.jpg'] }), expected: { url: 'https://img.example/ld.jpg', width: 1600, height: 900 } },
    { source: 'link rel=image_src', head: '<link rel="image_src" href="/image-src.png">', expected: { url: 'https://www.news.example.org/image-src.png' } },
    { source: 'the oEmbed thumbnail', oembed: { thumbnail_url: 'https://img.example/thumb.jpg', thumbnail_width: 480, thumbnail_height: 360 }, expected: { url: 'https://img.example/thumb.jpg', width: 480, height: 360 } },
    { source: "a body <img> (never taken)", body: '<img src="https://img.example/body.jpg" width="500" height="500">', expected: undefined },
  ]);

  orderTable('video', [
    { source: 'og:video:secure_url of a video type', head: '<meta property="og:video" content="http://v.example/a.mp4"><meta property="og:video:secure_url" content="https://v.example/a.mp4"><meta property="og:video:type" content="video/mp4"><meta property="og:video:width" content="1280"><meta property="og:video:height" content="720">', expected: { url: 'https://v.example/a.mp4', mimeType: 'video/mp4', width: 1280, height: 720 } },
    { source: 'og:video:url typed by its extension', head: '<meta property="og:video:url" content="https://v.example/b.webm">', expected: { url: 'https://v.example/b.webm', mimeType: 'video/webm' } },
    { source: "twitter:player:stream (with the player's stated size)", head: '<meta name="twitter:player:stream" content="https://v.example/stream">', expected: { url: 'https://v.example/stream', mimeType: 'video/mp4', width: 640, height: 360 } },
    { source: 'JSON-LD VideoObject.contentUrl', body: ld({ '@type': 'VideoObject', contentUrl: 'https://v.example/ld.m3u8', embedUrl: 'https://v.example/embed/ld' }), expected: { url: 'https://v.example/ld.m3u8', mimeType: 'application/vnd.apple.mpegurl' } },
    { source: 'twitter:player (a player page)', head: '<meta name="twitter:player" content="https://v.example/player/1"><meta name="twitter:player:width" content="640"><meta name="twitter:player:height" content="360">', expected: { url: 'https://v.example/player/1', mimeType: 'text/html', width: 640, height: 360 } },
    { source: "the oEmbed video's iframe", oembed: { type: 'video', html: '<iframe width="480" src="https://v.example/embed/oe?x=1&amp;y=2"></iframe>', width: 480, height: 270 }, expected: { url: 'https://v.example/embed/oe?x=1&y=2', mimeType: 'text/html', width: 480, height: 270 } },
    { source: 'og:video of type text/html', head: '<meta property="og:video" content="https://v.example/embed/og"><meta property="og:video:type" content="text/html">', expected: { url: 'https://v.example/embed/og', mimeType: 'text/html' } },
    { source: 'only a Flash og:video or a JSON-LD embedUrl (never a player: articles list embedded videos there)', head: '<meta property="og:video" content="https://v.example/old.swf">', body: ld({ '@type': 'VideoObject', embedUrl: 'https://v.example/embed/ld2' }), expected: undefined },
  ]);

  orderTable('audio', [
    { source: 'og:audio:secure_url typed audio/*', head: '<meta property="og:audio" content="http://a.example/s.mp3"><meta property="og:audio:secure_url" content="https://a.example/s.mp3"><meta property="og:audio:type" content="audio/mpeg">', expected: { url: 'https://a.example/s.mp3', mimeType: 'audio/mpeg' } },
    { source: 'og:audio typed by its extension', head: '<meta property="og:audio" content="https://a.example/t.ogg">', expected: { url: 'https://a.example/t.ogg', mimeType: 'audio/ogg' } },
    { source: 'JSON-LD AudioObject.contentUrl', body: ld({ '@type': 'AudioObject', contentUrl: 'https://a.example/ld.m4a' }), expected: { url: 'https://a.example/ld.m4a', mimeType: 'audio/mp4' } },
    { source: 'nothing', expected: undefined },
  ]);

  orderTable('author', [
    { source: 'oEmbed author_name/author_url', oembed: { author_name: 'OE Author', author_url: 'https://www.news.example.org/oe' }, expected: { name: 'OE Author', url: 'https://www.news.example.org/oe' } },
    { source: 'JSON-LD author, an @id reference followed', body: ld({ '@graph': [{ '@type': 'Article', author: { '@id': '#jane' } }, { '@id': '#jane', '@type': 'Person', name: 'Jane Roe', url: '/authors/jane' }] }), expected: { name: 'Jane Roe', url: 'https://www.news.example.org/authors/jane' } },
    { source: 'meta author (a URL from article:author completes it)', head: '<meta name="author" content="By Max Mustermann"><meta property="article:author" content="https://www.news.example.org/max">', expected: { name: 'Max Mustermann', url: 'https://www.news.example.org/max' } },
    { source: 'article:author as a name', head: '<meta property="article:author" content="Ana Silva">', expected: { name: 'Ana Silva' } },
    { source: 'twitter:creator', head: '<meta name="twitter:creator" content="@newsdesk">', expected: { name: '@newsdesk' } },
    { source: 'only a date or a URL as the meta author', head: '<meta name="author" content="2024-05-01">', expected: undefined },
  ]);

  orderTable('siteName', [
    { source: 'oEmbed provider_name', oembed: { provider_name: 'OE Site' }, expected: 'OE Site' },
    { source: 'og:site_name', head: '<meta property="og:site_name" content="OG Site">', expected: 'OG Site' },
    { source: 'JSON-LD publisher.name', body: ld({ '@type': 'NewsArticle', publisher: { '@type': 'Organization', name: 'LD Publisher' } }), expected: 'LD Publisher' },
    { source: 'application-name', head: '<meta name="application-name" content="App Name">', expected: 'App Name' },
    { source: 'the host without www.', expected: 'news.example.org' },
  ]);

  orderTable('publishedAt', [
    { source: 'JSON-LD datePublished', body: ld({ '@type': 'NewsArticle', datePublished: '2024-05-01T10:00:00+02:00' }), expected: '2024-05-01T08:00:00Z' },
    { source: 'article:published_time', head: '<meta property="article:published_time" content="2023-01-02T03:04:05Z">', expected: '2023-01-02T03:04:05Z' },
    { source: 'itemprop=datePublished (a work dated before the web)', head: '<meta itemprop="datePublished" content="1986-06-11">', expected: '1986-06-11T00:00:00Z' },
    { source: 'only a value that is no date, or an uploadDate', head: '<meta property="article:published_time" content="yesterday">', body: ld({ '@type': 'VideoObject', uploadDate: '2020-01-01' }), expected: undefined },
  ]);

  orderTable('editedAt', [
    { source: 'JSON-LD dateModified', body: ld({ '@type': 'BlogPosting', dateModified: '2024-06-01T00:00:00Z' }), expected: '2024-06-01T00:00:00Z' },
    { source: 'article:modified_time', head: '<meta property="article:modified_time" content="Tue, 02 Jan 2024 03:04:05 GMT">', expected: '2024-01-02T03:04:05Z' },
    { source: 'a modified time that does not parse', head: '<meta property="article:modified_time" content="2024-13-45">', expected: undefined },
  ]);

  orderTable('themeColor', [
    { source: 'the first #rrggbb theme-color', head: '<meta name="theme-color" content="red"><meta name="theme-color" content="#1A2B3C" media="(prefers-color-scheme: light)">', expected: '#1a2b3c' },
    { source: 'a #rgb theme-color', head: '<meta name="theme-color" content="#AbC">', expected: '#aabbcc' },
    { source: 'none (the default)', expected: '#5f6368' },
  ]);

  orderTable('icon', [
    { source: 'the largest apple-touch-icon', head: '<link rel="apple-touch-icon" sizes="120x120" href="/t120.png"><link rel="apple-touch-icon" sizes="180x180" href="/t180.png">', expected: { url: 'https://www.news.example.org/t180.png', width: 180, height: 180 } },
    { source: 'the largest sized PNG icon', head: '<link rel="icon" type="image/png" sizes="16x16" href="/i16.png"><link rel="icon" sizes="32x32 192x192" href="/i192.png">', expected: { url: 'https://www.news.example.org/i192.png', width: 192, height: 192 } },
    { source: 'shortcut icon', head: '<link rel="shortcut icon" href="/favicon.ico">', expected: { url: 'https://www.news.example.org/favicon.ico' } },
    { source: 'nothing declared (no /favicon.ico guessed)', expected: undefined },
  ]);

  orderTable('declaredCanonical', [
    { source: '<link rel=canonical>', head: '<link rel="canonical" href="/world/story">', expected: 'https://www.news.example.org/world/story' },
    { source: 'og:url', head: '<meta property="og:url" content="https://news.example.org/og">', expected: 'https://news.example.org/og' },
    { source: 'nothing', expected: undefined },
  ]);

  describe('lang', () => {
    it('takes <html lang> over og:locale, as BCP 47 in canonical case', () => {
      expect(fieldsOf('<meta property="og:locale" content="fr_FR">', { htmlAttributes: ' lang="EN-gb"' }).lang).to.equal('en-GB');
      expect(fieldsOf('<meta property="og:locale" content="pt_BR">').lang).to.equal('pt-BR');
      expect(fieldsOf('<meta property="og:locale" content="not a locale!">', { htmlAttributes: ' lang=""' }).lang).to.equal(undefined);
    });
  });

  describe('nsfw', () => {
    it('is true for the RTA label, rating adult or mature, or og:restrictions:age 18+, and false otherwise', () => {
      expect(fieldsOf('<meta name="RATING" content="RTA-5042-1996-1400-1577-RTA">').nsfw).to.equal(true);
      expect(fieldsOf('<meta name="rating" content="adult">').nsfw).to.equal(true);
      expect(fieldsOf('<meta name="rating" content="Mature">').nsfw).to.equal(true);
      expect(fieldsOf('<meta property="og:restrictions:age" content="18+">').nsfw).to.equal(true);
      expect(fieldsOf('<meta property="og:restrictions:age" content="13+"><meta name="rating" content="general">').nsfw).to.equal(false);
    });
  });

  describe('kind', () => {
    it('is video for a player, gallery for several distinct og:images, image for one picture or an oEmbed photo, else link', () => {
      expect(fieldsOf('<meta property="og:image" content="https://i.example/a.jpg"><meta name="twitter:player" content="https://v.example/p">').kind).to.equal('video');
      const gallery = fieldsOf('<meta property="og:image" content="https://i.example/a.jpg"><meta property="og:image" content="https://i.example/b.jpg"><meta property="og:image" content="https://i.example/a.jpg">');
      expect(gallery.kind).to.equal('gallery');
      expect(gallery.images).to.deep.equal([{ url: 'https://i.example/a.jpg' }, { url: 'https://i.example/b.jpg' }]);
      expect(gallery.image).to.deep.equal({ url: 'https://i.example/a.jpg' });
      expect(fieldsOf('<meta property="og:image" content="https://i.example/a.jpg"><meta property="og:image:url" content="https://i.example/a.jpg">')).to.include({ kind: 'image' }).and.not.have.property('images');
      expect(fieldsOf('', { oembed: { type: 'photo', url: 'https://i.example/p.png' } }).kind).to.equal('image');
      expect(fieldsOf('<title>Text only</title>').kind).to.equal('link');
    });
  });

  describe('oembedDiscovery', () => {
    it("takes the head's json+oembed alternate link, else the Link header's", () => {
      expect(fieldsOf('<link rel="alternate" type="application/json+oembed" href="/oembed?url=x&amp;format=json"><link rel="alternate" type="text/xml+oembed" href="/xml">').oembedDiscovery).to.equal('https://www.news.example.org/oembed?url=x&format=json');
      const header = '<https://www.news.example.org/feed>; rel="alternate"; type="application/rss+xml", <https://api.example.org/oembed?url=y>; rel="alternate"; type="application/json+oembed"';
      expect(fieldsOf('', { linkHeader: header }).oembedDiscovery).to.equal('https://api.example.org/oembed?url=y');
      expect(fieldsOf('').oembedDiscovery).to.equal(undefined);
    });
  });
});

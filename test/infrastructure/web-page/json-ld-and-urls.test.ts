// JSON-LD of every shape docs/design.md §3 names, and URL safety: every URL a page names is read against
// the page and kept only when it is http(s).
import { expect } from 'chai';
import { fieldsOf, ld } from './extract.js';

describe('web fields from JSON-LD', () => {
  it('reads an @graph with @id-only references to the author and publisher, the article before the page and the site', () => {
    const graph = {
      '@context': 'https://schema.org',
      '@graph': [
        { '@type': 'WebSite', '@id': 'https://n.example/#site', name: 'Site Name' },
        { '@type': 'WebPage', '@id': 'https://n.example/a#page', name: 'Page name | Site', datePublished: '2020-01-01T00:00:00Z' },
        { '@type': ['NewsArticle', 'Article'], headline: 'The headline', author: [{ '@id': 'https://n.example/#p1' }], publisher: { '@id': 'https://n.example/#org' }, datePublished: '2024-02-03T04:05:06Z', image: { '@id': 'https://n.example/#img' } },
        { '@type': 'Person', '@id': 'https://n.example/#p1', name: 'Pat Doe', url: 'https://n.example/pat' },
        { '@type': 'Organization', '@id': 'https://n.example/#org', name: 'The Publisher' },
        { '@type': 'ImageObject', '@id': 'https://n.example/#img', url: 'https://n.example/i.jpg', width: 1200, height: 675 },
      ],
    };
    const fields = fieldsOf(ld(graph));
    expect(fields).to.deep.include({ title: 'The headline', siteName: 'The Publisher', publishedAt: '2024-02-03T04:05:06Z', author: { name: 'Pat Doe', url: 'https://n.example/pat' }, image: { url: 'https://n.example/i.jpg', width: 1200, height: 675 } });
  });

  it('reads several blocks and a top-level array, skips an invalid block without failing, and decodes entities in its text once', () => {
    const fields = fieldsOf(`<script type="application/ld+json">{"@type": "Article", "headline": broken}</script>${ld([{ '@type': 'BreadcrumbList', name: 'Crumbs' }, { '@type': 'BlogPosting', headline: 'Tom &amp;amp; Jerry&#8217;s', author: 'Sam Poe' }])}`);
    expect(fields).to.deep.include({ title: 'Tom &amp; Jerry’s', author: { name: 'Sam Poe' } });
  });

  it('takes the page name when only the page node and the site name themselves, never the site name or a breadcrumb', () => {
    expect(fieldsOf(ld([{ '@type': 'WebSite', name: 'Site' }, { '@type': 'BreadcrumbList', name: 'Crumbs' }, { '@type': 'WebPage', name: 'Page' }])).title).to.equal('Page');
    expect(fieldsOf(ld([{ '@type': 'WebSite', name: 'Site' }, { '@type': 'Organization', name: 'Org' }])).title).to.equal(undefined);
  });

  it('follows a WebPage mainEntity, reads schema.org-prefixed types, and ignores scalars and nulls', () => {
    const fields = fieldsOf(`${ld(null)}${ld(42)}${ld({ '@type': 'WebPage', mainEntity: { '@type': 'schema:Recipe', name: 'Soup', description: 'Hot soup' } })}`);
    expect(fields).to.deep.include({ title: 'Soup', description: 'Hot soup' });
  });

  it('never takes a URL or a date as an author name, and keeps a URL author as the profile', () => {
    expect(fieldsOf(ld({ '@type': 'Article', author: 'https://n.example/staff/kim' })).author).to.deep.equal({ url: 'https://n.example/staff/kim' });
    expect(fieldsOf(ld({ '@type': 'Article', author: { '@type': 'Person', name: 'March 3, 2024' } })).author).to.equal(undefined);
    expect(fieldsOf('<meta name="author" content="03/04/2024">').author).to.equal(undefined);
  });
});

describe('URL safety', () => {
  it('drops javascript:, data:, blob:, credentials and garbage from every URL field, and resolves relative ones against the page', () => {
    const fields = fieldsOf(
      [
        '<meta property="og:image" content="javascript:alert(1)">',
        '<meta name="twitter:image" content="data:image/png;base64,AAAA">',
        '<meta itemprop="image" content="http://[not a host/x.png">',
        '<link rel="image_src" href="https://user:pw@img.example/x.png">',
        '<meta name="twitter:player" content="  JaVaScRiPt:alert(1)">',
        '<meta property="og:video" content="blob:https://v.example/1">',
        '<link rel="canonical" href="javascript:void(0)">',
        '<meta property="og:url" content="../other/page?x=1#frag">',
        '<link rel="icon" href="data:image/x-icon;base64,AA">',
        '<link rel="alternate" type="application/json+oembed" href="file:///etc/passwd">',
        ld({ '@type': 'Article', author: { name: 'A', url: 'javascript:x' }, image: 'ftp://img.example/a.png' }),
      ].join(''),
      { url: 'http://plain.example/news/item.html' },
    );
    expect(fields).to.not.have.any.keys('image', 'video', 'icon', 'oembedDiscovery');
    expect(fields.declaredCanonical).to.equal('http://plain.example/other/page?x=1#frag');
    expect(fields.author).to.deep.equal({ name: 'A' });
  });
});

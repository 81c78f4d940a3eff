// The soak's web pages (docs/design.md §3 `web`, WEB_CARDS on in its instance): replay's recordings of
// a few small pages of made-up news sites and blogs (Open Graph and JSON-LD in their heads, one with
// an oEmbed discovery link, one with several images), a page that answers 403, one that redirects to
// another, and pages on made-up hosts with nothing recorded (replay fails them as network errors).
// The soak sends them as `resolve web` (200), in its batches and on /oembed (200 or 404).
import type { RecordedExchange } from '../src/infrastructure/http/recorded-exchanges.js';

export interface WebPages {
  recordings: RecordedExchange[];
  /** Page URLs; none means the soak sends no web traffic. */
  pages: string[];
}

const SITES = ['soak-news.example', 'soak-journal.example', 'www.soak-blog.example'];
const PAGES_PER_SITE = 4;
const MADE_UP = 10;
const HTML = { 'content-type': 'text/html; charset=utf-8' };

export function webPages(): WebPages {
  const recordings: RecordedExchange[] = [];
  const pages: string[] = [];
  for (const [s, host] of SITES.entries()) {
    for (let p = 0; p < PAGES_PER_SITE; p++) {
      const path = `/2025/06/story-${s}-${p}`;
      recordings.push({ scope: `https://${host}`, method: 'GET', path, status: 200, headers: HTML, response: articleHtml(host, path, s, p) });
      // A link as chat apps receive it: tracking parameters the canonical form drops.
      pages.push(p % 2 ? `https://${host}${path}?utm_source=chat&utm_medium=share` : `https://${host}${path}`);
    }
  }
  // The page that carries an oEmbed discovery link (its head has no Open Graph): the endpoint is asked.
  const news = SITES[0]!;
  const discovered = `https://${news}/2025/06/video-harbour`;
  recordings.push(
    { scope: `https://${news}`, method: 'GET', path: '/2025/06/video-harbour', status: 200, headers: HTML, response: discoveryHtml(discovered) },
    {
      scope: `https://${news}`,
      method: 'GET',
      path: `/oembed?format=json&url=${encodeURIComponent(discovered)}`,
      status: 200,
      headers: { 'content-type': 'application/json' },
      response: { version: '1.0', type: 'photo', title: 'The harbour from the lighthouse', url: `https://${news}/media/lighthouse.jpg`, width: 1600, height: 900, author_name: 'Noor Hale', provider_name: 'Soak News' },
    },
    { scope: `https://${news}`, method: 'GET', path: '/members/only', status: 403, headers: HTML, response: '<html><head><title>Forbidden</title></head><body>Forbidden</body></html>' },
    { scope: `https://${news}`, method: 'GET', path: '/go/latest', status: 302, headers: { location: `https://${news}/2025/06/story-0-0` }, response: '' },
  );
  pages.push(discovered, `https://${news}/members/only`, `https://${news}/go/latest`);
  for (let i = 0; i < MADE_UP; i++) pages.push(`https://made-up-${i}.soak-web.example/articles/${i}`);
  return { recordings, pages };
}

/** An article's page: Open Graph and a JSON-LD block in its head; every third with two images (a gallery). */
function articleHtml(host: string, path: string, site: number, n: number): string {
  const title = `Soak story ${n} from site ${site}`;
  const ld = { '@context': 'https://schema.org', '@type': 'NewsArticle', headline: title, datePublished: `2025-06-0${1 + n}T08:00:00Z`, author: { '@type': 'Person', name: 'Quinn Harper' } };
  const second = n % 3 === 2 ? `<meta property="og:image" content="https://${host}/media/${n}-b.jpg">` : '';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title} | Site ${site}</title>
<meta property="og:title" content="${title}"><meta property="og:description" content="What happened at the harbour on day ${n}.">
<meta property="og:image" content="https://${host}/media/${n}.jpg">${second}<meta property="og:site_name" content="Soak Site ${site}">
<meta property="og:url" content="https://${host}${path}"><meta name="theme-color" content="#1a5f7a">
<script type="application/ld+json">${JSON.stringify(ld)}</script>
</head><body><article><p>${'The tide turns slowly over the breakwater. '.repeat(20)}</p></article></body></html>`;
}

function discoveryHtml(url: string): string {
  const endpoint = `${new URL(url).origin}/oembed?format=json&amp;url=${encodeURIComponent(url)}`;
  return `<!doctype html><html><head><title>The harbour from the lighthouse</title>
<link rel="alternate" type="application/json+oembed" href="${endpoint}" title="oEmbed"></head><body></body></html>`;
}

// A web page as a recorded exchange (replay's format), for the shared suites that stage an upstream
// rather than drive nock: the fault suite's healthy `web` resolve. Open Graph and a JSON-LD block in
// its <head>, so one request makes its card (no oEmbed registry match, no discovery link).
import type { RecordedExchange } from '../../../src/infrastructure/http/recorded-exchanges.js';

export const WEB_PAGE_HOST = 'harbour-news.example';
export const WEB_PAGE_URL = `https://${WEB_PAGE_HOST}/2025/06/harbour-at-dawn`;

/** The page's HTML: its head carries the card; its body, filler a reader must not need. */
export function webPageHtml(host = WEB_PAGE_HOST, path = '/2025/06/harbour-at-dawn', title = 'The harbour at dawn'): string {
  const url = `https://${host}${path}`;
  const ld = { '@context': 'https://schema.org', '@type': 'NewsArticle', headline: title, datePublished: '2025-06-02T08:15:30Z', author: { '@type': 'Person', name: 'Quinn Harper' } };
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title} | Harbour News</title>
<meta property="og:type" content="article"><meta property="og:title" content="${title}">
<meta property="og:description" content="Fishing boats leave before the light comes up.">
<meta property="og:image" content="https://${host}/media/harbour.jpg"><meta property="og:image:width" content="1200"><meta property="og:image:height" content="630">
<meta property="og:site_name" content="Harbour News"><meta property="og:url" content="${url}">
<script type="application/ld+json">${JSON.stringify(ld)}</script>
</head><body><article><h1>${title}</h1>${'<p>The tide turns slowly over the breakwater.</p>'.repeat(12)}</article></body></html>`;
}

export function webPageExchange(host = WEB_PAGE_HOST, path = '/2025/06/harbour-at-dawn', title?: string): RecordedExchange {
  return { scope: `https://${host}`, method: 'GET', path, status: 200, headers: { 'content-type': 'text/html; charset=utf-8' }, response: webPageHtml(host, path, title) };
}

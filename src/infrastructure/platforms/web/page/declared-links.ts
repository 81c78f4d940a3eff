// What a page declares about itself for the web platform's next steps (docs/design.md §3): its
// canonical address (`<link rel=canonical>` › `og:url`; whether it is on the same site is the
// platform's check) and its oEmbed discovery link (the head's `<link rel=alternate
// type=application/json+oembed>`, else the HTTP `Link` header's).
import type { PageView } from './page-view.js';

const OEMBED_JSON = /^(?:application|text)\/json\+oembed$/i;

export function declaredCanonicalOf(page: PageView): string | undefined {
  return page.links('canonical').map((link) => page.url(link['href'])).find((url) => url !== undefined) ?? page.url(page.meta('og:url'));
}

export function oembedDiscoveryOf(page: PageView, linkHeader?: string): string | undefined {
  const fromHead = page
    .links('alternate')
    .filter((link) => OEMBED_JSON.test(link['type']?.trim() ?? ''))
    .map((link) => page.url(link['href']))
    .find((url) => url !== undefined);
  return fromHead ?? oembedLinkInHeader(linkHeader).map((href) => page.url(href)).find((url) => url !== undefined);
}

/** The targets of a `Link` header's (RFC 8288) `rel=alternate` links typed `application/json+oembed`. */
export function oembedLinkInHeader(header: string | undefined): string[] {
  const targets: string[] = [];
  for (const [, target, params] of (header ?? '').matchAll(/<([^>]*)>((?:\s*;\s*[^;,]+)*)/g)) {
    const param = (name: string) => new RegExp(`;\\s*${name}\\s*=\\s*(?:"([^"]*)"|([^\\s;,]+))`, 'i').exec(params ?? '');
    const rel = param('rel');
    const type = param('type');
    if ((rel?.[1] ?? rel?.[2] ?? '').toLowerCase().split(/\s+/).includes('alternate') && OEMBED_JSON.test(type?.[1] ?? type?.[2] ?? '')) targets.push(target!);
  }
  return targets;
}

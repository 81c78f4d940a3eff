// One hop of an lnkd.in link. lnkd.in redirects to most targets, but answers some with its own
// "This link will take you to a page that's not on LinkedIn" page, whose continue button holds the
// target (`data-tracking-control-name="external_url_click"`): that page's pointer is read too.
import type { ShortLinkHop } from '../../../application/ports/platform-adapter.port.js';
import { readShortLink } from '../kit/short-link.js';
import { tagAttributes } from '../kit/tags.js';
import type { Upstream } from '../kit/upstream.js';

export function readLnkdIn(upstream: Upstream, url: string, signal: AbortSignal): Promise<ShortLinkHop> {
  return readShortLink(upstream, url, signal, {}, interstitialTarget);
}

/** The interstitial's continue link, if the page is one. */
export function interstitialTarget(html: string): string | undefined {
  for (const [tag] of html.matchAll(/<a\s[^>]*external_url_click[^>]*>/gi)) {
    const href = tagAttributes(tag)['href'];
    if (href && /^https?:\/\//i.test(href)) return href;
  }
  return undefined;
}

// One hop of a short link, read without following it: the Location of a redirect, or, when the
// service answers 200 with a page (t.co does for some clients), the page's own pointer to its target
// (`pageTarget` reads a platform's own interstitial first).
import type { ShortLinkHop } from '../../../application/ports/platform-adapter.port.js';
import { canonicalLink, metaRefreshTarget, readMetaTags } from './head.js';
import { reasonForStatus } from './status.js';
import type { Upstream } from './upstream.js';

export async function readShortLink(
  upstream: Upstream,
  url: string,
  signal: AbortSignal,
  headers: Readonly<Record<string, string>> = {},
  pageTarget: (html: string) => string | undefined = () => undefined,
): Promise<ShortLinkHop> {
  const response = await upstream.get(url, signal, { headers, redirect: 'manual' });
  const location = response.headers['location'];
  if (response.status >= 300 && response.status < 400) {
    return location ? { ok: true, location: new URL(location, url).href } : { ok: false, reason: 'upstream-error' };
  }
  const refused = reasonForStatus(response.status);
  if (refused) return { ok: false, reason: refused };
  const html = response.text();
  const target = pageTarget(html) ?? metaRefreshTarget(html) ?? readMetaTags(html).get('og:url') ?? canonicalLink(html);
  return target ? { ok: true, location: new URL(target, url).href } : { ok: false, reason: 'unsupported' };
}

// Redirects are followed by hand so that every hop is checked against the adapter's host list
// (here) and, in the live client, against the address guard before it is sent; at most 5.
import { UpstreamError } from '../../application/errors.js';
import type { HttpRequest, HttpResponse } from '../../application/ports/http.port.js';

export const MAX_REDIRECTS = 5;

/**
 * Throws unless the URL is https on one of the allowed hosts; for an open-web request, http(s) on
 * any host (the address guard then judges where the name leads).
 */
export function assertAllowedTarget(url: URL, allowedHosts: readonly string[], openWeb = false): void {
  if (openWeb) {
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new UpstreamError('UPSTREAM_HOST_REFUSED', `refused upstream scheme ${url.protocol}`);
    if (url.username || url.password) throw new UpstreamError('UPSTREAM_HOST_REFUSED', 'refused an upstream URL with credentials');
    return;
  }
  if (url.protocol !== 'https:') throw new UpstreamError('UPSTREAM_HOST_REFUSED', `refused non-https upstream ${url.protocol}//${url.host}`);
  if (url.username || url.password) throw new UpstreamError('UPSTREAM_HOST_REFUSED', 'refused an upstream URL with credentials');
  const host = url.hostname.toLowerCase().replace(/\.+$/, '');
  if (!allowedHosts.includes(host)) throw new UpstreamError('UPSTREAM_HOST_REFUSED', `refused upstream host ${host}`);
}

/** Sends `request`, following up to MAX_REDIRECTS redirects through `sendOnce` when asked to. */
export async function withRedirects(
  request: HttpRequest,
  sendOnce: (url: URL, request: HttpRequest) => Promise<HttpResponse>,
): Promise<HttpResponse> {
  let url = new URL(request.url);
  let current = request;
  for (let hop = 0; ; hop++) {
    assertAllowedTarget(url, request.allowedHosts, request.openWeb === true);
    const response = await sendOnce(url, current);
    const location = response.headers['location'];
    if (request.redirect === 'manual' || !isRedirect(response.status) || !location) return response;
    if (hop >= MAX_REDIRECTS) throw new UpstreamError('UPSTREAM_TOO_MANY_REDIRECTS', `more than ${MAX_REDIRECTS} redirects from ${new URL(request.url).host}`);
    url = nextHop(location, url);
    // 303 (and 301/302 after a POST, as browsers do) turn into a GET without a body.
    if (response.status === 303 || (current.method === 'POST' && response.status !== 307 && response.status !== 308)) {
      current = { ...current, method: 'GET', body: undefined };
    }
  }
}

/** The URL a redirect's Location names, relative to the URL that answered; unreadable is a bad response. */
export function nextHop(location: string, from: URL): URL {
  try {
    return new URL(location, from);
  } catch {
    throw new UpstreamError('UPSTREAM_BAD_RESPONSE', `unreadable redirect from ${from.host}`);
  }
}

export function isRedirect(status: number): boolean {
  return status === 301 || status === 302 || status === 303 || status === 307 || status === 308;
}

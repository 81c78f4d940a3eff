// Media redirects are followed by hand, each hop checked against the platform's media allowlist
// (exact hosts or `.suffix` entries, https on the default port), at most MAX_MEDIA_REDIRECTS: a CDN may bounce a
// video to another edge, never to a host the platform does not serve media from.
import { UpstreamError } from '../../application/errors.js';
import { isAllowedMediaUrl } from '../../domain/media-token-policy.js';
import type { MediaRequest, MediaResponse } from '../../application/ports/media-fetcher.port.js';
import { isRedirect, nextHop } from './redirects.js';

export const MAX_MEDIA_REDIRECTS = 4;

/** Throws UPSTREAM_HOST_REFUSED unless the URL is one the token policy would mint a token for. */
export function assertMediaTarget(url: URL, allowedHosts: readonly string[]): void {
  if (!isAllowedMediaUrl(url.href, allowedHosts)) throw new UpstreamError('UPSTREAM_HOST_REFUSED', `refused media URL on ${url.protocol}//${url.hostname}`);
}

/** Sends `request` through `sendOnce`, following redirects; the redirect bodies are discarded. */
export async function followMediaRedirects(
  request: MediaRequest,
  sendOnce: (url: URL) => Promise<MediaResponse>,
): Promise<MediaResponse> {
  let url = new URL(request.url);
  for (let hop = 0; ; hop++) {
    assertMediaTarget(url, request.allowedHosts);
    const response = await sendOnce(url);
    const location = response.headers['location'];
    if (!isRedirect(response.status) || !location) return response;
    response.body.destroy();
    if (hop >= MAX_MEDIA_REDIRECTS) throw new UpstreamError('UPSTREAM_TOO_MANY_REDIRECTS', `more than ${MAX_MEDIA_REDIRECTS} redirects from ${new URL(request.url).hostname}`);
    url = nextHop(location, url);
  }
}

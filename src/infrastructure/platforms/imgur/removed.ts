// Imgur's sign of a deleted file: the file's URL redirects to (and a deleted post's media list)
// i.imgur.com/removed.png, a stand-in picture answered with 200 (SOURCES.md). Requests to Imgur are
// made without following redirects, so a redirect there reads as `not-found` instead of a card of
// that picture.
import type { HttpResponse } from '../../../application/ports/http.port.js';
import { IMGUR_HOST } from '../../../domain/platforms/imgur.js';
import type { Upstream } from '../kit/upstream.js';

const REMOVED = `https://${IMGUR_HOST.media}/removed.png`;

export function isRemoved(url: string | undefined): boolean {
  return url !== undefined && url.split(/[?#]/)[0] === REMOVED;
}

/** A GET for JSON without following redirects; `removed` when Imgur redirected it to removed.png. */
export async function getUnlessRemoved(upstream: Upstream, url: string, signal: AbortSignal, headers: Readonly<Record<string, string>> = {}): Promise<HttpResponse | 'removed'> {
  const response = await upstream.get(url, signal, { headers: { accept: 'application/json', ...headers }, redirect: 'manual' });
  const location = response.headers['location'];
  if (response.status >= 300 && response.status < 400 && location && isRemoved(new URL(location, url).href)) return 'removed';
  return response;
}

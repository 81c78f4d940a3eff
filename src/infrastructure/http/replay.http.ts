// Replay adapter: answers every upstream request from recorded exchanges (UPSTREAM_REPLAY_DIR).
// An unmatched request fails like a network error, and is logged so the gap can be recorded.
import { UpstreamError } from '../../application/errors.js';
import type { HttpClient, HttpRequest, HttpResponse } from '../../application/ports/http.port.js';
import type { Logger } from '../../application/ports/logger.port.js';
import { exchangeBody, exchangeHeaders, findExchange, type RecordedExchange } from './recorded-exchanges.js';
import { withRedirects } from './redirects.js';
import { flattenHeaders, upstreamResponse } from './upstream-response.js';

export class ReplayHttpClient implements HttpClient {
  constructor(
    private readonly exchanges: readonly RecordedExchange[],
    private readonly logger: Logger,
  ) {}

  request(request: HttpRequest): Promise<HttpResponse> {
    return withRedirects(request, async (url, req) => this.once(url, req));
  }

  private once(url: URL, request: HttpRequest): HttpResponse {
    const method = request.method ?? 'GET';
    if (request.signal?.aborted) throw new UpstreamError('UPSTREAM_TIMEOUT', `${url.host} did not answer in time`);
    const def = findExchange(this.exchanges, method, url);
    if (!def) {
      this.logger.warn({ method, url: url.origin + url.pathname }, 'replay: no recorded exchange for upstream request');
      throw new UpstreamError('UPSTREAM_NOT_RECORDED', `no recorded exchange for ${method} ${url.origin}${url.pathname}`);
    }
    const body = method === 'HEAD' ? Buffer.alloc(0) : exchangeBody(def);
    return upstreamResponse(def.status ?? 200, url.href, flattenHeaders(Object.entries(exchangeHeaders(def))), body);
  }
}

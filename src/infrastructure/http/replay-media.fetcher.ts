// Replay media fetcher (UPSTREAM_REPLAY_DIR): answers `/v/` media requests from the same recorded
// exchanges as the HTTP port's replay, binary bodies included (`responseIsBinary`, hex), so the
// whole path from resolve to playback runs offline. Redirects and the allowlist are checked as live.
import { Readable } from 'node:stream';
import { UpstreamError } from '../../application/errors.js';
import type { Logger } from '../../application/ports/logger.port.js';
import type { MediaFetcher, MediaRequest, MediaResponse } from '../../application/ports/media-fetcher.port.js';
import { followMediaRedirects } from './media-redirects.js';
import { exchangeBody, exchangeHeaders, findExchange, type RecordedExchange } from './recorded-exchanges.js';

export class ReplayMediaFetcher implements MediaFetcher {
  constructor(
    private readonly exchanges: readonly RecordedExchange[],
    private readonly logger: Logger,
  ) {}

  fetch(request: MediaRequest): Promise<MediaResponse> {
    return followMediaRedirects(request, async (url) => this.once(url, request));
  }

  private once(url: URL, request: MediaRequest): MediaResponse {
    if (request.signal.aborted) throw new UpstreamError('UPSTREAM_NETWORK', 'the client went away');
    // A recorded GET answers a HEAD too (without its body), as the media host would.
    const def = findExchange(this.exchanges, request.method, url) ?? (request.method === 'HEAD' ? findExchange(this.exchanges, 'GET', url) : undefined);
    if (!def) {
      this.logger.warn({ method: request.method, url: url.origin + url.pathname }, 'replay: no recorded exchange for media request');
      throw new UpstreamError('UPSTREAM_NOT_RECORDED', `no recorded exchange for ${request.method} ${url.origin}${url.pathname}`);
    }
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(exchangeHeaders(def))) {
      if (name !== 'set-cookie') headers[name] = Array.isArray(value) ? value.join(', ') : value;
    }
    const body = request.method === 'HEAD' ? Buffer.alloc(0) : exchangeBody(def);
    return { status: def.status ?? 200, url: url.href, headers, body: Readable.from([body]) };
  }
}

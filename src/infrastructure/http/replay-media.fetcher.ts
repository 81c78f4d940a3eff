// Replay media fetcher (UPSTREAM_REPLAY_DIR): answers `/v/` media requests from the same recorded
// exchanges as the HTTP port's replay, binary bodies included (`responseIsBinary`, hex), so the
// whole path from resolve to playback runs offline. Redirects and the allowlist are checked as live,
// and answers hold only headers a live one could (recorded-answer.ts): the route sets them as given.
import { Readable } from 'node:stream';
import { UpstreamError } from '../../application/errors.js';
import type { Logger } from '../../application/ports/logger.port.js';
import type { MediaFetcher, MediaRequest, MediaResponse } from '../../application/ports/media-fetcher.port.js';
import { followMediaRedirects } from './media-redirects.js';
import { RecordedExchangeIndex } from './recorded-exchange-index.js';
import type { RecordedExchange } from './recorded-exchanges.js';
import { maskedUrl } from './secret-params.js';

export class ReplayMediaFetcher implements MediaFetcher {
  private readonly index: RecordedExchangeIndex;

  /** `exchanges`: the index the HTTP port shares, or definitions to index here. */
  constructor(
    exchanges: RecordedExchangeIndex | readonly RecordedExchange[],
    private readonly logger: Logger,
  ) {
    this.index = exchanges instanceof RecordedExchangeIndex ? exchanges : new RecordedExchangeIndex(exchanges, logger);
  }

  fetch(request: MediaRequest): Promise<MediaResponse> {
    return followMediaRedirects(request, async (url) => this.once(url, request));
  }

  private once(url: URL, request: MediaRequest): MediaResponse {
    if (request.signal.aborted) throw new UpstreamError('UPSTREAM_NETWORK', 'the client went away');
    // A recorded GET answers a HEAD too (without its body), as the media host would.
    const answer = this.index.find(request.method, url) ?? (request.method === 'HEAD' ? this.index.find('GET', url) : undefined);
    if (!answer) {
      this.logger.warn({ method: request.method, url: maskedUrl(url) }, 'replay: no recorded exchange for media request');
      throw new UpstreamError('UPSTREAM_NOT_RECORDED', `no recorded exchange for ${request.method} ${url.origin}${url.pathname}`);
    }
    // As the live fetcher hands them: one string per header, Set-Cookie dropped.
    const headers: Record<string, string> = {};
    for (const [name, values] of Object.entries(answer.headers)) {
      if (name !== 'set-cookie') headers[name] = values.join(', ');
    }
    const body = request.method === 'HEAD' ? Buffer.alloc(0) : answer.body;
    return { status: answer.status, url: url.href, headers, body: Readable.from([body]) };
  }
}

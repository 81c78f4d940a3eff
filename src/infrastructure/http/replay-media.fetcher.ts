// Replay media fetcher (UPSTREAM_REPLAY_DIR): answers `/v/` media requests from the same recorded
// exchanges as the HTTP port's replay, binary bodies included (`responseIsBinary`, hex), so the
// whole path from resolve to playback runs offline. Redirects and the allowlist are checked as live,
// and answers hold only headers a live one could (recorded-answer.ts): the route sets them as given.
// A Range over a recorded whole body is answered as the media hosts do (206 with the slice), so a
// player can seek offline and Safari, which asks for ranges before it plays, plays at all.
import { Readable } from 'node:stream';
import parseRange from 'range-parser';
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
    const ranged = answer.status === 200 ? sliceForRange(answer.body, request.headers['range'], headers) : undefined;
    const status = ranged?.status ?? answer.status;
    const whole = ranged?.body ?? answer.body;
    const body = request.method === 'HEAD' ? Buffer.alloc(0) : whole;
    return { status, url: url.href, headers, body: Readable.from([body]) };
  }
}

/**
 * One satisfiable range: 206 with its bytes; an unsatisfiable one: 416. Several ranges (which the
 * media hosts answer as multipart) or a malformed header get the whole body as recorded, as RFC 9110
 * allows. A ranged answer's length headers are set here; a whole one keeps the recorded headers.
 */
function sliceForRange(body: Buffer, range: string | undefined, headers: Record<string, string>): { status: number; body: Buffer } | undefined {
  if (range === undefined) return undefined;
  const ranges = parseRange(body.length, range);
  if (ranges === -1) {
    headers['content-range'] = `bytes */${body.length}`;
    headers['content-length'] = '0';
    return { status: 416, body: Buffer.alloc(0) };
  }
  if (ranges === -2 || ranges.length !== 1) return undefined;
  const { start, end } = ranges[0]!;
  headers['accept-ranges'] = 'bytes';
  headers['content-range'] = `bytes ${start}-${end}/${body.length}`;
  headers['content-length'] = String(end - start + 1);
  return { status: 206, body: body.subarray(start, end + 1) };
}

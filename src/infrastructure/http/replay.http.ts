// Replay adapter: answers every upstream request from recorded exchanges (UPSTREAM_REPLAY_DIR).
// An unmatched request fails like a network error, and is logged so the gap can be recorded.
// Answers are held to what a live one could be (recorded-answer.ts), and a content-encoded body
// is decoded as fetch would decode it for the live adapter.
import { brotliDecompressSync, gunzipSync, inflateRawSync, inflateSync } from 'node:zlib';
import { UpstreamError } from '../../application/errors.js';
import type { HttpClient, HttpRequest, HttpResponse } from '../../application/ports/http.port.js';
import type { Logger } from '../../application/ports/logger.port.js';
import type { RecordedAnswer } from './recorded-answer.js';
import { RecordedExchangeIndex } from './recorded-exchange-index.js';
import type { RecordedExchange } from './recorded-exchanges.js';
import { withRedirects } from './redirects.js';
import { maskedUrl } from './secret-params.js';
import { flattenHeaders, upstreamResponse } from './upstream-response.js';

export class ReplayHttpClient implements HttpClient {
  private readonly index: RecordedExchangeIndex;

  /** `exchanges`: the index the media fetcher shares, or definitions to index here. */
  constructor(
    exchanges: RecordedExchangeIndex | readonly RecordedExchange[],
    private readonly logger: Logger,
  ) {
    this.index = exchanges instanceof RecordedExchangeIndex ? exchanges : new RecordedExchangeIndex(exchanges, logger);
  }

  request(request: HttpRequest): Promise<HttpResponse> {
    return withRedirects(request, async (url, req) => this.once(url, req));
  }

  private once(url: URL, request: HttpRequest): HttpResponse {
    const method = request.method ?? 'GET';
    if (request.signal?.aborted) throw new UpstreamError('UPSTREAM_TIMEOUT', `${url.host} did not answer in time`);
    const answer = this.index.find(method, url, request.body);
    if (!answer) {
      this.logger.warn({ method, url: maskedUrl(url) }, 'replay: no recorded exchange for upstream request');
      throw new UpstreamError('UPSTREAM_NOT_RECORDED', `no recorded exchange for ${method} ${url.origin}${url.pathname}`);
    }
    const body = method === 'HEAD' ? Buffer.alloc(0) : decodedBody(answer, url);
    const headers = flattenHeaders(Object.entries(answer.headers));
    // A request that reads its body as it comes gets the recorded one as a single chunk.
    const sink = request.bodySink?.({ status: answer.status, url: url.href, headers });
    if (sink) return { ...upstreamResponse(answer.status, url.href, headers, Buffer.alloc(0)), cut: body.length > 0 && sink.push(body) === 'enough' };
    return upstreamResponse(answer.status, url.href, headers, body);
  }
}

/** Undoes the content-encodings fetch undoes (last applied first); others are left as they are, as fetch leaves them. */
function decodedBody(answer: RecordedAnswer, url: URL): Buffer {
  const codings = (answer.headers['content-encoding'] ?? []).flatMap((v) => v.split(',')).map((c) => c.trim().toLowerCase()).filter(Boolean);
  let body = answer.body;
  try {
    for (const coding of codings.reverse()) {
      if (coding === 'gzip' || coding === 'x-gzip') body = gunzipSync(body);
      else if (coding === 'deflate') body = inflateOrRaw(body);
      else if (coding === 'br') body = brotliDecompressSync(body);
    }
  } catch (error) {
    throw new UpstreamError('UPSTREAM_BAD_RESPONSE', `${url.host} answered a body its content-encoding does not decode`, { cause: error });
  }
  return body;
}

/** "deflate" is meant to be zlib-wrapped, but some servers send it raw; fetch takes both. */
function inflateOrRaw(body: Buffer): Buffer {
  try {
    return inflateSync(body);
  } catch {
    return inflateRawSync(body);
  }
}

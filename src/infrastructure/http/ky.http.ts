// Live HTTP adapter on ky (fetch): per-request timeout, body-size cap, manual redirects checked
// hop by hop, and transport failures turned into UpstreamError codes.
import ky, { TimeoutError } from 'ky';
import { UpstreamError, isUpstreamError } from '../../application/errors.js';
import type { HttpClient, HttpRequest, HttpResponse } from '../../application/ports/http.port.js';
import { withRedirects } from './redirects.js';
import { flattenHeaders, upstreamResponse } from './upstream-response.js';

export interface KyHttpSettings {
  timeoutMs: number;
  maxBytes: number;
  userAgent: string;
  /** Replaces the global fetch: the upstream proxy's, or a test's stand-in for the platform. */
  fetch?: typeof globalThis.fetch;
}

export class KyHttpClient implements HttpClient {
  constructor(private readonly settings: KyHttpSettings) {}

  request(request: HttpRequest): Promise<HttpResponse> {
    return withRedirects(request, (url, req) => this.once(url, req));
  }

  private async once(url: URL, request: HttpRequest): Promise<HttpResponse> {
    try {
      const response = await ky(url, {
        method: request.method ?? 'GET',
        headers: { 'user-agent': this.settings.userAgent, ...request.headers },
        body: request.body,
        timeout: this.settings.timeoutMs,
        retry: 0,
        throwHttpErrors: false,
        redirect: 'manual',
        signal: request.signal,
        ...(this.settings.fetch ? { fetch: this.settings.fetch } : {}),
      });
      const body = await readCapped(response, this.settings.maxBytes, url);
      return upstreamResponse(response.status, url.href, flattenHeaders(headerEntries(response.headers)), body);
    } catch (error) {
      throw toUpstreamError(error, url, request.signal);
    }
  }
}

function headerEntries(headers: Headers): [string, string | string[]][] {
  const entries: [string, string | string[]][] = [];
  headers.forEach((value, name) => {
    if (name !== 'set-cookie') entries.push([name, value]);
  });
  const cookies = headers.getSetCookie();
  if (cookies.length) entries.push(['set-cookie', cookies]);
  return entries;
}

/** Reads the body but stops (and cancels the stream) as soon as it passes the cap. */
async function readCapped(response: Response, maxBytes: number, url: URL): Promise<Buffer> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel();
    throw new UpstreamError('UPSTREAM_TOO_LARGE', `${url.host} declared ${declared} bytes`);
  }
  if (!response.body) return Buffer.alloc(0);
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of response.body) {
    total += chunk.byteLength;
    if (total > maxBytes) {
      await response.body.cancel().catch(() => undefined);
      throw new UpstreamError('UPSTREAM_TOO_LARGE', `${url.host} sent more than ${maxBytes} bytes`);
    }
    chunks.push(Buffer.from(chunk));
  }
  return Buffer.concat(chunks, total);
}

function toUpstreamError(error: unknown, url: URL, signal?: AbortSignal): UpstreamError {
  if (isUpstreamError(error)) return error;
  if (error instanceof TimeoutError || signal?.aborted || (error as Error)?.name === 'TimeoutError') {
    return new UpstreamError('UPSTREAM_TIMEOUT', `${url.host} did not answer in time`, { cause: error });
  }
  return new UpstreamError('UPSTREAM_NETWORK', `request to ${url.host} failed`, { cause: error });
}

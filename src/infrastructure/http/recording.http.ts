// Recording adapter (`npm run record`): passes every request to a live client and keeps each
// exchange, one per redirect hop, in the order the requests were made.
import type { HttpClient, HttpRequest, HttpResponse } from '../../application/ports/http.port.js';
import { withRedirects } from './redirects.js';

/** One hop as it went over the wire. Holds secrets (request headers, set-cookie): never write it as is. */
export interface Exchange {
  method: string;
  /** The URL asked for (the platform's own, whatever the live client's fetch did with it). */
  url: string;
  requestHeaders: Readonly<Record<string, string>>;
  /** The request body, when one was sent (POSTs): replay tells such exchanges apart by it. */
  requestBody?: string;
  status: number;
  /** Lower-case names, as HttpResponse has them. */
  headers: Readonly<Record<string, string>>;
  body: Buffer;
}

export class RecordingHttpClient implements HttpClient {
  // A slot per request, filled when its answer arrives: the order is the order of asking, and a
  // request that failed (timeout, network) leaves no exchange, as there is nothing to replay.
  private readonly slots: (Exchange | undefined)[] = [];
  /** `GET https://host/path: UPSTREAM_TIMEOUT` for each request that got no answer (no query: it may hold a token). */
  readonly failures: string[] = [];

  constructor(private readonly live: HttpClient) {}

  /** The exchanges so far, in request order. */
  get exchanges(): Exchange[] {
    return this.slots.filter((e): e is Exchange => e !== undefined);
  }

  /**
   * Redirects are followed here, one manual hop of the live client at a time, so that each hop
   * becomes its own exchange: replay follows the recorded Location the same way.
   */
  request(request: HttpRequest): Promise<HttpResponse> {
    return withRedirects(request, async (url, hop) => {
      const slot = this.slots.push(undefined) - 1;
      const response = await this.live.request({ ...hop, url: url.href, redirect: 'manual' }).catch((error: unknown) => {
        this.failures.push(`${hop.method ?? 'GET'} ${url.origin}${url.pathname}: ${(error as { code?: string }).code ?? String(error)}`);
        throw error;
      });
      this.slots[slot] = {
        method: hop.method ?? 'GET',
        url: url.href,
        requestHeaders: { ...hop.headers },
        ...(hop.body !== undefined && { requestBody: hop.body }),
        status: response.status,
        headers: response.headers,
        body: response.body,
      };
      return response;
    });
  }
}

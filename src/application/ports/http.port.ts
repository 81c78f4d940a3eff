// The only way adapters reach the network. Implemented live (ky) or from recorded exchanges (replay).
export interface HttpRequest {
  url: string;
  method?: 'GET' | 'POST' | 'HEAD';
  headers?: Readonly<Record<string, string>>;
  body?: string;
  /** Exact hosts this request and each of its redirects may go to. */
  allowedHosts: readonly string[];
  /** Follow redirects (manually, re-checking each hop) or hand a 3xx back. Default: follow. */
  redirect?: 'follow' | 'manual';
  /** Aborts the exchange, e.g. when the whole resolve runs out of budget. */
  signal?: AbortSignal;
  /** A lower body cap than the client's own (UPSTREAM_MAX_BYTES) for this request, e.g. NodeInfo's 64 KB. */
  maxBytes?: number;
  /**
   * The open web (docs/design.md §3 "The open web"): any host instead of `allowedHosts`, `http:` as well as
   * `https:`; every hop still passes the address guard (public addresses only) and the caps. Only
   * the `web` adapter asks for it, for the hosts of the one page it resolves.
   */
  openWeb?: boolean;
  /**
   * Reads the final answer's body as it arrives instead of buffering it: given that answer's
   * status, headers and URL, a sink, or undefined to buffer as usual. Chunks are pushed until the
   * sink says `enough` or `maxBytes` (the lower cap) is reached, then the body is cancelled —
   * neither is an error, the response's `body` is then empty and `cut` says whether reading stopped
   * early.
   */
  bodySink?(answer: { status: number; url: string; headers: Readonly<Record<string, string>> }): BodySink | undefined;
}

/** Takes a body chunk by chunk; `enough` stops the reading (and the download). */
export interface BodySink {
  push(chunk: Uint8Array): 'more' | 'enough';
}

export interface HttpResponse {
  status: number;
  /** The URL that answered, after redirects. */
  url: string;
  /** Lower-case header names; repeated headers joined with ", " (set-cookie with "\n"). */
  headers: Readonly<Record<string, string>>;
  body: Buffer;
  /** The body went to the request's sink, which (or the byte cap) stopped it before its end. */
  cut?: boolean;
  text(): string;
  /** Parses the body as JSON; throws UpstreamError(UPSTREAM_BAD_RESPONSE) when it is not. */
  json(): unknown;
}

export interface HttpClient {
  /** Answers any HTTP status; throws UpstreamError for transport failures and refused targets. */
  request(request: HttpRequest): Promise<HttpResponse>;
}

export const HTTP_CLIENT = Symbol('HttpClient');

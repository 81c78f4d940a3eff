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
}

export interface HttpResponse {
  status: number;
  /** The URL that answered, after redirects. */
  url: string;
  /** Lower-case header names; repeated headers joined with ", " (set-cookie with "\n"). */
  headers: Readonly<Record<string, string>>;
  body: Buffer;
  text(): string;
  /** Parses the body as JSON; throws UpstreamError(UPSTREAM_BAD_RESPONSE) when it is not. */
  json(): unknown;
}

export interface HttpClient {
  /** Answers any HTTP status; throws UpstreamError for transport failures and refused targets. */
  request(request: HttpRequest): Promise<HttpResponse>;
}

export const HTTP_CLIENT = Symbol('HttpClient');

// Streams one media resource from its upstream for the `/v/` proxy. Unlike the HTTP port, nothing is
// buffered: the body is handed over as a stream for the caller to pipe (or destroy).
import type { Readable } from 'node:stream';
import type { Egress } from '../access/egress.js';

export interface MediaRequest {
  url: string;
  method: 'GET' | 'HEAD';
  /** The sealed upstream headers plus the client's Range and validators; nothing else. */
  headers: Readonly<Record<string, string>>;
  /**
   * Where this request and each redirect hop may go: exact hosts, or `.suffix` for every host under
   * one (the platform's `mediaHosts`). Only https is ever fetched.
   */
  allowedHosts: readonly string[];
  /** Aborts the exchange at any point, the body stream included (the client went away). */
  signal: AbortSignal;
  /** The egress (docs/design.md §9): through its proxy when it has one; absent: direct. */
  egress?: Egress;
}

export interface MediaResponse {
  status: number;
  /** The URL that answered, after redirects: relative URIs in a playlist resolve against it. */
  url: string;
  /** Lower-case names; repeated headers joined with ", ". */
  headers: Readonly<Record<string, string>>;
  /** The body as it arrives; empty for HEAD. The caller must consume or destroy it. */
  body: Readable;
}

export interface MediaFetcher {
  /**
   * Answers any final HTTP status (redirects are followed). Throws UpstreamError for transport
   * failures (UPSTREAM_TIMEOUT when no answer came in time), refused hops and redirect loops.
   */
  fetch(request: MediaRequest): Promise<MediaResponse>;
}

export const MEDIA_FETCHER = Symbol('MediaFetcher');

// What the service counts for operators (GET /metrics). The use cases and the HTTP interface call
// these as things happen; the adapter behind them decides how they are kept and exposed. Every
// label comes from a closed set (route patterns, platform ids, statuses, reasons, upstream hosts the
// platforms declare), never from a request's URL.

/** How the result cache answered a resolve of a post: a fresh entry, none (the upstream was asked), or a stale entry after the upstream failed. */
export type CacheAnswer = 'hit' | 'miss' | 'stale';

export interface Metrics {
  /** One answered HTTP request: `route` is the route's pattern (never the raw path), or `unmatched`. */
  httpRequest(route: string, method: string, status: number): void;
  /** One resolve answered: its platform (`none` without an adapter), status, and reason when degraded. */
  resolved(platform: string, status: string, reason: string | undefined): void;
  cacheAnswered(answer: CacheAnswer): void;
  /** One upstream HTTP exchange: `endpoint` is the upstream host, `failed` when no response came. */
  upstreamRequest(platform: string, endpoint: string, seconds: number, failed: boolean): void;
  /** A session or egress benched after the platform refused it (`cause`: blocked or rate-limited). */
  accessBenched(platform: string, benched: 'session' | 'egress', cause: string): void;
  /** One upstream request left through the egress of that name (`direct`, or a proxy's host:port). */
  upstreamEgress(platform: string, egress: string): void;
  /** A /v/ stream began; the returned function counts it ended. */
  mediaStreamStarted(): () => void;
  mediaBytesSent(bytes: number): void;
  /** Everything counted, in the Prometheus text exposition format of `contentType`. */
  scrape(): Promise<string>;
  readonly contentType: string;
}

export const METRICS = Symbol('Metrics');

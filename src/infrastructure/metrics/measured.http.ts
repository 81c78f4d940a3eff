// Times every upstream exchange the adapters make, for the latency histogram: the platform is the
// one whose declared upstream hosts hold the request's host, the endpoint is that host (a closed
// set, unlike the path, which carries post ids and user names).
import type { HttpClient, HttpRequest, HttpResponse } from '../../application/ports/http.port.js';
import type { Metrics } from '../../application/ports/metrics.port.js';

export class MeasuredHttpClient implements HttpClient {
  constructor(
    private readonly inner: HttpClient,
    private readonly metrics: Metrics,
    /** The platform declaring `host` among its upstream hosts, if any. */
    private readonly platformOfHost: (host: string) => string | undefined,
    /** The name of the egress the request leaves through (the resolve's); none: not counted by egress. */
    private readonly egressName?: () => string,
  ) {}

  async request(request: HttpRequest): Promise<HttpResponse> {
    const host = URL.canParse(request.url) ? new URL(request.url).hostname : '';
    const platform = this.platformOfHost(host);
    if (platform === undefined) return this.inner.request(request);
    if (this.egressName) this.metrics.upstreamEgress(platform, this.egressName());
    const started = performance.now();
    let failed = true;
    try {
      const response = await this.inner.request(request);
      failed = false;
      return response;
    } finally {
      this.metrics.upstreamRequest(platform, host, (performance.now() - started) / 1000, failed);
    }
  }
}

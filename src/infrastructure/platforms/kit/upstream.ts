// A platform's side of the HTTP port: every request bound to the hosts the platform declares (the
// port refuses any other), with the shapes adapters ask for again and again — a GET, a JSON GET,
// and a page fetched as a browser or as a link crawler sees it.
import type { HttpClient, HttpRequest, HttpResponse } from '../../../application/ports/http.port.js';
import { USER_AGENTS, type Visitor } from './user-agents.js';

export interface GetOptions {
  headers?: Readonly<Record<string, string>>;
  /** Hand a 3xx back instead of following it (the port follows by default). */
  redirect?: 'follow' | 'manual';
}

export class Upstream {
  constructor(
    private readonly http: HttpClient,
    readonly hosts: readonly string[],
  ) {}

  /** Any request (a POST, say) to one of the platform's hosts. */
  request(request: Omit<HttpRequest, 'allowedHosts'>): Promise<HttpResponse> {
    return this.http.request({ ...request, allowedHosts: this.hosts });
  }

  get(url: string, signal: AbortSignal, { headers = {}, redirect }: GetOptions = {}): Promise<HttpResponse> {
    return this.request({ url, headers, signal, ...(redirect ? { redirect } : {}) });
  }

  /** A GET that asks for JSON; `headers` may add to or override the Accept. */
  getJson(url: string, signal: AbortSignal, headers: Readonly<Record<string, string>> = {}): Promise<HttpResponse> {
    return this.get(url, signal, { headers: { accept: 'application/json', ...headers } });
  }

  /** A page as `visitor` asks for it: that role's User-Agent and an HTML Accept, then `headers` (which win). */
  page(url: string, visitor: Visitor, signal: AbortSignal, { headers = {}, redirect }: GetOptions = {}): Promise<HttpResponse> {
    return this.get(url, signal, { headers: { 'user-agent': USER_AGENTS[visitor], accept: 'text/html,application/xhtml+xml', ...headers }, ...(redirect ? { redirect } : {}) });
  }
}

/**
 * What every adapter starts with: the hosts its spec lets it call (`upstreamHosts`, which tests
 * read) and the Upstream bound to them. A subclass keeps its own `@inject`ed constructor and
 * passes its spec's hosts to `super`.
 */
export abstract class UpstreamAdapter {
  readonly upstreamHosts: readonly string[];
  protected readonly upstream: Upstream;

  protected constructor(http: HttpClient, upstreamHosts: readonly string[]) {
    this.upstreamHosts = upstreamHosts;
    this.upstream = new Upstream(http, upstreamHosts);
  }
}

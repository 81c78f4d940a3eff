// The connection pools of the configured proxies (UPSTREAM_PROXY, the credentials file's `proxy`
// and `proxies`): one undici ProxyAgent per proxy URL, made when first used, CONNECT for https
// targets. The proxy's own address is the operator's and is not checked. Only proxies configured
// now get a pool: a resolve still under way with a proxy a reload removed is refused, rather than
// re-creating a pool nothing would ever close.
import { ProxyAgent, type Dispatcher } from 'undici';
import { UpstreamError } from '../../application/errors.js';

export interface ProxyPoolOptions {
  /** TLS options for the targets reached through a tunnel: tests trust their own CA here. */
  requestTls?: { ca?: string | string[] };
}

export class ProxyPool {
  private readonly agents = new Map<string, ProxyAgent>();
  private configured: ReadonlySet<string>;

  /** `proxyUrls`: the proxies configured at start (`retain` names the next set). */
  constructor(
    proxyUrls: Iterable<string>,
    private readonly options: ProxyPoolOptions = {},
  ) {
    this.configured = new Set(proxyUrls);
  }

  /** The pool of `proxyUrl` (`http(s)://[user:pass@]host:port`); UPSTREAM_NETWORK for a proxy no longer configured. */
  dispatcher(proxyUrl: string): Dispatcher {
    let agent = this.agents.get(proxyUrl);
    if (!agent) {
      if (!this.configured.has(proxyUrl)) throw new UpstreamError('UPSTREAM_NETWORK', 'the egress of this request is no longer configured');
      agent = new ProxyAgent({ uri: proxyUrl, ...(this.options.requestTls ? { requestTls: this.options.requestTls } : {}) });
      this.agents.set(proxyUrl, agent);
    }
    return agent;
  }

  /** From now on only these proxies (the credentials file read again): the pools of the others are closed. */
  retain(proxyUrls: ReadonlySet<string>): void {
    this.configured = new Set(proxyUrls);
    for (const [url, agent] of this.agents) {
      if (proxyUrls.has(url)) continue;
      this.agents.delete(url);
      void agent.close().catch(() => undefined);
    }
  }

  async close(): Promise<void> {
    const agents = [...this.agents.values()];
    this.agents.clear();
    this.configured = new Set();
    await Promise.all(agents.map((agent) => agent.close().catch(() => undefined)));
  }
}

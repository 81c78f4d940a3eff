// The connection pools of the configured proxies (UPSTREAM_PROXY, the credentials file's `proxy`
// and `proxies`): one undici ProxyAgent per proxy URL, made when first used, CONNECT for https
// targets. The proxy resolves the target's name itself, so no lookup is made here (DESIGN §9: a
// network may give only the proxy a way out and resolve nothing public). The proxy's own address
// is the operator's and is not checked.
import { ProxyAgent, type Dispatcher } from 'undici';

export interface ProxyPoolOptions {
  /** TLS options for the targets reached through a tunnel: tests trust their own CA here. */
  requestTls?: { ca?: string | string[] };
}

export class ProxyPool {
  private readonly agents = new Map<string, ProxyAgent>();

  constructor(private readonly options: ProxyPoolOptions = {}) {}

  /** The pool of `proxyUrl` (`http(s)://[user:pass@]host:port`). */
  dispatcher(proxyUrl: string): Dispatcher {
    let agent = this.agents.get(proxyUrl);
    if (!agent) {
      agent = new ProxyAgent({ uri: proxyUrl, ...(this.options.requestTls ? { requestTls: this.options.requestTls } : {}) });
      this.agents.set(proxyUrl, agent);
    }
    return agent;
  }

  /** Closes the pools of proxies no longer configured (after the credentials file is read again). */
  retain(proxyUrls: ReadonlySet<string>): void {
    for (const [url, agent] of this.agents) {
      if (proxyUrls.has(url)) continue;
      this.agents.delete(url);
      void agent.close().catch(() => undefined);
    }
  }

  async close(): Promise<void> {
    const agents = [...this.agents.values()];
    this.agents.clear();
    await Promise.all(agents.map((agent) => agent.close().catch(() => undefined)));
  }
}

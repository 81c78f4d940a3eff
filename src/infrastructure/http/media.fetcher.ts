// Live media fetcher on undici.request (not fetch/ky: docs/design.md §13 measured fetch streams at about
// half the speed, and fetch decompresses silently). The body is undici's own stream, handed over
// unread; destroying it, or aborting the request's signal, closes the upstream request at once.
import { Agent, request, type Dispatcher } from 'undici';
import { UpstreamError, isUpstreamError } from '../../application/errors.js';
import type { MediaFetcher, MediaRequest, MediaResponse } from '../../application/ports/media-fetcher.port.js';
import { followMediaRedirects } from './media-redirects.js';
import type { ProxyPool } from './proxy-pool.js';
import { AddressGuard, type HostLookup } from './address-guard.js';
import { publicOnlyLookup } from './public-address.js';

export interface UndiciMediaSettings {
  /** No answer (headers, across every redirect) within this: UPSTREAM_TIMEOUT. Also the longest silence allowed mid-body. */
  timeoutMs: number;
  /** Sent unless the sealed headers name their own. */
  userAgent: string;
  /** The pools of the proxies a request's egress names (CONNECT for https); the proxy resolves the name. */
  proxies?: ProxyPool;
  /** Replaces the pool of direct requests: tests trust their own CA and map media hosts to loopback. */
  dispatcher?: Dispatcher;
  /** Resolves media host names of proxied requests for the address guard. Default: the system resolver; tests stand in for DNS. */
  lookup?: HostLookup;
}

export class UndiciMediaFetcher implements MediaFetcher {
  private readonly dispatcher: Dispatcher;
  /** Checks the targets of proxied requests (direct ones are checked by the pool's lookup). */
  private readonly guard: AddressGuard;

  constructor(private readonly settings: UndiciMediaSettings) {
    this.guard = new AddressGuard(settings.lookup);
    this.dispatcher = settings.dispatcher ?? new Agent({ connect: { lookup: publicOnlyLookup as never } });
  }

  async fetch(media: MediaRequest): Promise<MediaResponse> {
    // One deadline for the answer's headers across all hops; cleared once they are in, so a long
    // video is never cut by it. The client's signal stays linked for the body's whole life.
    const controller = new AbortController();
    const onClientAbort = () => controller.abort(media.signal.reason);
    if (media.signal.aborted) onClientAbort();
    else media.signal.addEventListener('abort', onClientAbort, { once: true });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort(new Error('media upstream timeout'));
    }, this.settings.timeoutMs);
    try {
      return await followMediaRedirects(media, (url) => this.once(url, media, controller.signal));
    } catch (error) {
      throw toUpstreamError(error, new URL(media.url).hostname, timedOut);
    } finally {
      clearTimeout(timer);
    }
  }

  private async once(url: URL, media: MediaRequest, signal: AbortSignal): Promise<MediaResponse> {
    const proxyUrl = media.egress?.proxyUrl;
    // Through a proxy the name is still checked here when this machine can answer for it (docs/design.md §9).
    if (proxyUrl) await this.guard.assertProxiedTarget(url, signal);
    const answer = await request(url, {
      method: media.method,
      dispatcher: proxyUrl ? this.pools().dispatcher(proxyUrl) : this.dispatcher,
      signal,
      headers: { 'user-agent': this.settings.userAgent, ...media.headers, 'accept-encoding': 'identity' },
      headersTimeout: this.settings.timeoutMs,
      bodyTimeout: this.settings.timeoutMs,
    });
    // undici's body emits an AbortError when destroyed unread (a refused or non-media answer is
    // dropped that way): nothing to report then, and a consumer such as pipeline sees errors itself.
    answer.body.on('error', () => undefined);
    return { status: answer.statusCode, url: url.href, headers: flatten(answer.headers), body: answer.body };
  }

  private pools(): ProxyPool {
    if (!this.settings.proxies) throw new UpstreamError('UPSTREAM_NETWORK', 'no proxy pool for a proxied egress');
    return this.settings.proxies;
  }
}

/** One string per header; Set-Cookie is dropped here already: nothing downstream may want it. */
function flatten(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    const key = name.toLowerCase();
    if (value === undefined || key === 'set-cookie') continue;
    out[key] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

function toUpstreamError(error: unknown, host: string, timedOut: boolean): UpstreamError {
  if (isUpstreamError(error)) return error;
  const code = (error as { code?: string } | null)?.code;
  if (timedOut || code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_CONNECT_TIMEOUT') {
    return new UpstreamError('UPSTREAM_TIMEOUT', `${host} did not answer in time`, { cause: error });
  }
  if (code === 'POSTLENS_ADDRESS_REFUSED') return new UpstreamError('UPSTREAM_HOST_REFUSED', `${host} resolves to a non-public address`, { cause: error });
  return new UpstreamError('UPSTREAM_NETWORK', `media request to ${host} failed`, { cause: error });
}

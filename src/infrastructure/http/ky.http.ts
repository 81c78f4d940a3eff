// Live HTTP adapter on ky (fetch). Every hop: host allowlist and https (redirects.ts), then the
// address guard (every address the host stands for must be public; through a proxy, which resolves
// the name itself, only a literal address is judged), then one attempt under a
// deadline that covers the lookup, the headers and the whole body, with a body-size cap; at most
// one retry per request for idempotent requests (retry.ts). Transport failures become
// UpstreamError codes.
import ky from 'ky';
import { Agent, type Dispatcher } from 'undici';
import type { Egress } from '../../application/access/egress.js';
import { UpstreamError, isUpstreamError } from '../../application/errors.js';
import type { HttpClient, HttpRequest, HttpResponse } from '../../application/ports/http.port.js';
import { AddressGuard, type HostLookup } from './address-guard.js';
import type { ProxyPool } from './proxy-pool.js';
import { withRedirects } from './redirects.js';
import { proxiedFetch } from './upstream-proxy.js';
import { DEFAULT_RETRY_DELAY, withOneRetry, type RetryAllowance, type RetryDelay } from './retry.js';
import { flattenHeaders, upstreamResponse } from './upstream-response.js';
import { streamInto } from './streamed-body.js';

export interface KyHttpSettings {
  /** One attempt's whole time: name lookup, headers and body. */
  timeoutMs: number;
  maxBytes: number;
  userAgent: string;
  /**
   * Replaces the global fetch of direct requests: a test's stand-in for the platform. The address
   * guard still checks every target first; the connection is then the fetch's business.
   */
  fetch?: typeof globalThis.fetch;
  /** The egress of the request being made (the resolve's, docs/design.md §9); direct when absent or undefined. */
  egress?: () => Egress | undefined;
  /** The pools of the proxies an egress names; required for an egress with a proxy. */
  proxies?: ProxyPool;
  /** Resolves upstream names for the address guard. Default: the system resolver; tests stand in for DNS. */
  lookup?: HostLookup;
  /**
   * The connection pool of direct requests. Default: an undici Agent that connects only to the
   * addresses the guard checked. Tests pass one that maps names to their loopback servers.
   */
  dispatcher?: Dispatcher;
  /** The pause before the one retry; default 100–250 ms. */
  retryDelayMs?: RetryDelay;
}

export class KyHttpClient implements HttpClient {
  private readonly guard: AddressGuard;
  private readonly dispatcher: Dispatcher | undefined;

  constructor(private readonly settings: KyHttpSettings) {
    this.guard = new AddressGuard(settings.lookup);
    // Node's bundled fetch takes an undici dispatcher (not an http.Agent) as a fetch option; nock
    // still intercepts the global fetch before it is used, so the adapter tests see no difference.
    this.dispatcher = settings.fetch ? undefined : (settings.dispatcher ?? new Agent({ connect: { lookup: this.guard.connectLookup } }));
  }

  request(request: HttpRequest): Promise<HttpResponse> {
    const allowance: RetryAllowance = { left: 1 };
    const delay = this.settings.retryDelayMs ?? DEFAULT_RETRY_DELAY;
    return withRedirects(request, (url, hop) => withOneRetry(hop, () => this.once(url, hop), allowance, delay));
  }

  private async once(url: URL, request: HttpRequest): Promise<HttpResponse> {
    // ky's own timeout stops at the headers; this deadline also covers a body trickled slowly.
    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(new UpstreamError('UPSTREAM_TIMEOUT', `${url.host} did not answer in time`)), this.settings.timeoutMs);
    const unlink = followAbort(request.signal, deadline);
    const { signal } = deadline;
    const proxyUrl = this.settings.egress?.()?.proxyUrl;
    try {
      if (proxyUrl) await this.guard.assertProxiedTarget(url, signal);
      else await this.guard.assertPublic(url, signal);
      const response = await ky(url, {
        method: request.method ?? 'GET',
        headers: { 'user-agent': this.settings.userAgent, ...request.headers },
        body: request.body,
        timeout: false,
        retry: 0,
        throwHttpErrors: false,
        redirect: 'manual',
        signal,
        fetch: withOwnSignal(proxyUrl ? this.proxied(proxyUrl) : (this.settings.fetch ?? globalThis.fetch), signal),
        // Passed through to fetch by ky (an option Request does not know).
        ...(this.dispatcher && !proxyUrl ? ({ dispatcher: this.dispatcher } as object) : {}),
      });
      const maxBytes = Math.min(this.settings.maxBytes, request.maxBytes ?? Infinity);
      const headers = flattenHeaders(headerEntries(response.headers));
      const sink = request.bodySink?.({ status: response.status, url: url.href, headers });
      if (sink) return { ...upstreamResponse(response.status, url.href, headers, Buffer.alloc(0)), cut: await streamInto(response, sink, maxBytes) };
      const body = await readCapped(response, maxBytes, url);
      return upstreamResponse(response.status, url.href, headers, body);
    } catch (error) {
      throw toUpstreamError(error, url, signal);
    } finally {
      clearTimeout(timer);
      unlink();
    }
  }

  /** A fetch through the proxy's pool. */
  private proxied(proxyUrl: string): typeof globalThis.fetch {
    if (!this.settings.proxies) throw new UpstreamError('UPSTREAM_NETWORK', 'no proxy pool for a proxied egress');
    return proxiedFetch(this.settings.proxies.dispatcher(proxyUrl));
  }
}

/**
 * Aborts `controller` when the caller's signal aborts, with the caller's reason; returns the undo.
 * Does what AbortSignal.any would, at a fraction of its cost per request (Node 20 makes every
 * signal it builds transferable, the largest single cost of a cold resolve's client, bench P4).
 */
function followAbort(outer: AbortSignal | undefined, controller: AbortController): () => void {
  if (!outer) return () => undefined;
  if (outer.aborted) {
    controller.abort(outer.reason);
    return () => undefined;
  }
  const onAbort = () => controller.abort(outer.reason);
  outer.addEventListener('abort', onAbort, { once: true });
  return () => outer.removeEventListener('abort', onAbort);
}

/**
 * ky hands fetch a Request whose signal follows ours only through a WeakRef inside undici: once
 * that Request is garbage-collected, aborting ours no longer reaches the connection
 * (nodejs/undici#4068, nodejs/node#55428). The deadline and the resolve budget would then leave a
 * silent or trickling upstream holding its socket (and this read) until it gives up; the fault
 * suite (test/faults) shows it by collecting garbage mid-exchange. So fetch gets the request's
 * parts and our signal itself. `base` is looked up per request, so nock's stand-in is used in tests.
 */
function withOwnSignal(base: typeof globalThis.fetch, signal: AbortSignal): typeof globalThis.fetch {
  return async (input, init) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const body = request.body ? await request.arrayBuffer() : undefined;
    return base(request.url, { ...init, method: request.method, headers: request.headers, body, redirect: 'manual', signal });
  };
}

function headerEntries(headers: Headers): [string, string | string[]][] {
  const entries: [string, string | string[]][] = [];
  headers.forEach((value, name) => {
    if (name !== 'set-cookie') entries.push([name, value]);
  });
  const cookies = headers.getSetCookie();
  if (cookies.length) entries.push(['set-cookie', cookies]);
  return entries;
}

/** Reads the body but stops (and cancels the stream) as soon as it passes the cap. */
async function readCapped(response: Response, maxBytes: number, url: URL): Promise<Buffer> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel();
    throw new UpstreamError('UPSTREAM_TOO_LARGE', `${url.host} declared ${declared} bytes`);
  }
  if (!response.body) return Buffer.alloc(0);
  // An uncompressed body's declared length within the cap is held to by fetch (a longer body is cut
  // off, a shorter one fails): read it in one go, cheaper than chunk by chunk; the deadline still
  // aborts the read. A compressed body's length says nothing of what it inflates to: counted below.
  const encoding = response.headers.get('content-encoding');
  if (response.headers.has('content-length') && (!encoding || encoding === 'identity')) return Buffer.from(await response.arrayBuffer());
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of response.body) {
    total += chunk.byteLength;
    if (total > maxBytes) {
      await response.body.cancel().catch(() => undefined);
      throw new UpstreamError('UPSTREAM_TOO_LARGE', `${url.host} sent more than ${maxBytes} bytes`);
    }
    chunks.push(Buffer.from(chunk));
  }
  return Buffer.concat(chunks, total);
}

function toUpstreamError(error: unknown, url: URL, signal: AbortSignal): UpstreamError {
  if (isUpstreamError(error)) return error;
  if (signal.aborted || (error as Error)?.name === 'TimeoutError') {
    return new UpstreamError('UPSTREAM_TIMEOUT', `${url.host} did not answer in time`, { cause: error });
  }
  // fetch wraps what failed the connection ("fetch failed"); a refusal by the pinned lookup is in the chain.
  const refused = refusalIn(error);
  if (refused) return refused;
  return new UpstreamError('UPSTREAM_NETWORK', `request to ${url.host} failed`, { cause: error });
}

function refusalIn(error: unknown): UpstreamError | undefined {
  for (let e = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    if (isUpstreamError(e) && e.code === 'UPSTREAM_HOST_REFUSED') return e;
  }
  return undefined;
}

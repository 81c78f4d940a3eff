// The one adapter-test harness: given(platform, scenario).resolve(url) builds the platform's adapter
// from the registry (as the service's container does) over the real HTTP adapter, with the
// scenario's fixtures answering through nock, resolves the post the URL names, and gives the
// adapter's answer with the upstream requests it made, in order.
import nock from 'nock';
import { container } from 'tsyringe';
import { CLOCK, type Clock } from '../../src/application/ports/clock.port.js';
import { SESSION_IN_USE, type SessionInUse } from '../../src/application/access/session-in-use.js';
import type { PlatformCredential } from '../../src/application/credentials.js';
import { HTTP_CLIENT, type HttpClient, type HttpRequest } from '../../src/application/ports/http.port.js';
import type { AdapterResult, PostRef } from '../../src/application/ports/platform-adapter.port.js';
import { SPEC_LIST } from '../../src/application/settings.js';
import { isUpstreamError, type UpstreamErrorCode } from '../../src/application/errors.js';
import { reasonForError } from '../../src/application/upstream-call.js';
import { postMatchOf } from '../../src/application/short-links.js';
import { createSpecList } from '../../src/domain/platforms/index.js';
import type { PlatformId } from '../../src/domain/platforms/platform-id.js';
import { SystemClock } from '../../src/infrastructure/clock/system.clock.js';
import { PLATFORM_ADAPTERS, type AdapterClass } from '../../src/infrastructure/platforms/index.js';
import { useFixture, type ExchangeOptions, type ServedRequest } from './fixtures.js';
import { testHttpClient } from './http.js';

/** One session per platform, as a resolve chose it: what an adapter test gives its adapter. */
export type OneSessionEach = Readonly<Partial<Record<PlatformId, PlatformCredential>>>;

/** Every resolve runs with the platform's one session (none: anonymous). */
export function sessionEach(sessions: OneSessionEach): SessionInUse {
  return { credential: (platform) => sessions[platform] };
}

export interface GivenOptions {
  /** The session the adapter's resolves run with, per platform; anonymous by default. */
  credentials?: OneSessionEach;
  /** The adapter's clock (tokens, expiries); the system clock by default. */
  clock?: Clock;
  /** Mastodon instances besides the default list (MASTODON_INSTANCES). */
  mastodonInstances?: readonly string[];
  /** The HTTP client under the request log; the real one (testHttpClient) by default. */
  http?: HttpClient;
  /** What each fixture exchange's request must (or must not) carry (nock's reqheaders / badheaders). */
  headerRules?: ExchangeOptions['headerRules'];
  /** Answer each fixture exchange once (the fixture is then exactly the requests made). */
  once?: boolean;
  /** Leave out the fixture exchanges this refuses. */
  only?: ExchangeOptions['only'];
}

export interface ResolveOptions {
  /** The time the adapter is given (the resolve budget); 5 s by default. */
  budgetMs?: number;
  signal?: AbortSignal;
}

/** One upstream request, as the adapter asked the HTTP client for it (its method spelled out). */
export type UpstreamRequest = Omit<HttpRequest, 'method' | 'signal'> & { method: NonNullable<HttpRequest['method']> };

export interface Resolved {
  /** The adapter's answer; a thrown UpstreamError as the resolve use case reads it (`reasonForError`). */
  result: AdapterResult;
  /** The code of the UpstreamError the adapter threw, when it threw one (the use case logs it). */
  thrown?: UpstreamErrorCode;
  /** The upstream requests this resolve made, in order. */
  requests: UpstreamRequest[];
}

export interface Given<P extends PlatformId = PlatformId> {
  /** The adapter under test (one instance for every resolve of this `given`). */
  adapter: InstanceType<(typeof PLATFORM_ADAPTERS)[P]>;
  /** The post a URL names, as the resolve use case would hand it to the adapter. */
  post(url: string): PostRef;
  resolve(url: string, options?: ResolveOptions): Promise<Resolved>;
  /** Resolves a post given as a PostRef (ids the URL routes would not produce). */
  resolvePost(post: PostRef, options?: ResolveOptions): Promise<Resolved>;
  /** Every upstream request made through this `given` so far, in order. */
  requests: UpstreamRequest[];
  /** The requests the fixtures answered, as they arrived on the wire (redirect hops included), in order. */
  served: ServedRequest[];
  /** Requests nock answered with nothing (no exchange, or headers the rules refuse), as `METHOD host/path`. */
  unmatched: string[];
}

// nock reports a request nothing answered on one global emitter; it goes to the latest `given`
// (tests run one at a time), so a refused request shows up instead of only failing the adapter.
let unmatchedOfLatest: string[] = [];
type NoMatch = { method?: string; hostname?: string; path?: string; options?: { hostname?: string } };
nock.emitter.on('no match', (req: NoMatch) => {
  unmatchedOfLatest.push(`${req.method ?? '?'} ${req.hostname ?? req.options?.hostname ?? '?'}${String(req.path).split('?')[0]}`);
});

/** Installs the scenarios' fixtures (nock; call nock.cleanAll() after) and builds the adapter. */
export function given<P extends PlatformId>(platform: P, scenarios: string | readonly string[] = [], options: GivenOptions = {}): Given<P> {
  const served: ServedRequest[] = [];
  const unmatched: string[] = [];
  unmatchedOfLatest = unmatched;
  const { headerRules, once, only } = options;
  const exchangeOptions: ExchangeOptions = { onServed: (request) => served.push(request), headerRules, once, only };
  for (const scenario of typeof scenarios === 'string' ? [scenarios] : scenarios) useFixture(platform, scenario, exchangeOptions);
  const specs = createSpecList({ mastodonInstances: options.mastodonInstances ?? [] });
  const spec = specs.find((candidate) => candidate.id === platform);
  if (!spec) throw new Error(`given: no spec for ${platform}`);

  const requests: UpstreamRequest[] = [];
  const http = options.http ?? testHttpClient();
  const recording: HttpClient = {
    request: (request) => {
      const { signal: _signal, ...asked } = request;
      requests.push({ ...asked, method: request.method ?? 'GET' });
      return http.request(request);
    },
  };
  const scope = container.createChildContainer();
  scope.register(HTTP_CLIENT, { useValue: recording });
  scope.register(SESSION_IN_USE, { useValue: sessionEach(options.credentials ?? {}) });
  scope.register(CLOCK, { useValue: options.clock ?? new SystemClock() });
  scope.register(SPEC_LIST, { useValue: specs });
  // The registry's class for P; the compiler cannot follow P through the lookup, hence the cast.
  const adapter = scope.resolve(PLATFORM_ADAPTERS[platform] as AdapterClass) as InstanceType<(typeof PLATFORM_ADAPTERS)[P]>;

  const post = (url: string): PostRef => {
    const match = postMatchOf(specs, spec, url);
    if (!match) throw new Error(`given: ${url} is not a ${platform} post URL`);
    return { platform, canonicalUrl: match.canonicalUrl, contentId: match.contentId, ids: match.ids };
  };
  const resolvePost = async (ref: PostRef, resolveOptions: ResolveOptions = {}): Promise<Resolved> => {
    const first = requests.length;
    const signal = resolveOptions.signal ?? AbortSignal.timeout(resolveOptions.budgetMs ?? 5000);
    try {
      return { result: await adapter.resolve(ref, signal), requests: requests.slice(first) };
    } catch (error) {
      if (!isUpstreamError(error)) throw error;
      return { result: { ok: false, reason: reasonForError(error, signal.aborted) }, thrown: error.code, requests: requests.slice(first) };
    }
  };
  return {
    adapter,
    post,
    resolve: (url, resolveOptions) => resolvePost(post(url), resolveOptions),
    resolvePost,
    requests,
    served,
    unmatched,
  };
}

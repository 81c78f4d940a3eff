// The two GETs callers repeat most — a resolve the cache answers, a canonical URL — answered on
// node:http without Koa. Koa + @koa/router alone cost about as much per request as the whole
// answer may (bench K0 against P1/P3), so these two skip it when the request is plain: a valid key,
// the parameters given once and well-formed, and an answer that needs no upstream. The query is
// read, the limit counted and the 200 or 429 written by the same functions as Koa's; anything else
// goes to Koa before anything is counted, with the resolve plan already made when the cache missed
// (hand-over.ts), so that Koa neither plans the URL nor reads the cache again.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { DependencyContainer } from 'tsyringe';
import { LOGGER, type Logger } from '../../application/ports/logger.port.js';
import { METRICS, type Metrics } from '../../application/ports/metrics.port.js';
import { API_RATE_LIMITER, type RateLimiter } from '../../application/ports/rate-limiter.port.js';
import { forRequest } from '../../application/request-log.js';
import { CanonicalizeUseCase } from '../../application/use-cases/canonicalize.js';
import { ResolveUseCase, type ResolveResult } from '../../application/use-cases/resolve.js';
import { readCanonicalQuery, readResolveQuery, type Query } from './api-query.js';
import type { AppSettings } from './app-settings.js';
import { HAND_OVERS, type HandOvers } from './hand-over.js';
import { readQuery } from './hot-query.js';
import { authenticator } from './middleware/auth.js';
import { clientIpOf, FAILED_AUTH_GUARD, type FailedAuthGuard } from './middleware/failed-auth.js';
import { callerLimitKey, rateLimitHeaders, rateLimitRefusal } from './middleware/rate-limit.js';
import { commonHeaders, logAccess, requestIdFor } from './middleware/request-context.js';

/** What a hot route makes of the query: the 200 answer, or undefined to leave the request to Koa. */
type HotRoute = (query: Query, requestId: string, req: IncomingMessage) => object | undefined | Promise<object | undefined>;

/** Answers a request and returns true, or returns false having touched nothing (Koa's turn). */
export type HotPath = (req: IncomingMessage, res: ServerResponse, handOn: () => void) => boolean;

// Where Koa's URL parser (parseurl) would not simply split at the first `?`: leave those to it.
const UNUSUAL_TARGET = /[\t\n\f\r #\u00a0\ufeff]/;

export function hotPath(container: DependencyContainer, settings: AppSettings): HotPath {
  const resolve = container.resolve(ResolveUseCase);
  const canonical = container.resolve(CanonicalizeUseCase);
  const limiter = container.resolve<RateLimiter>(API_RATE_LIMITER);
  const logger = container.resolve<Logger>(LOGGER);
  const metrics = container.resolve<Metrics>(METRICS);
  const handOvers = container.resolve<HandOvers>(HAND_OVERS);
  const authenticate = authenticator(settings.apiKeys);
  const failures = container.resolve<FailedAuthGuard>(FAILED_AUTH_GUARD);
  const serialised = serialiser();

  const routes = new Map<string, HotRoute>([
    ['/api/v1/canonical', (query) => {
      const read = readCanonicalQuery(query);
      const answer = read.ok ? canonical.execute(read.url) : undefined;
      return answer?.ok ? answer.result : undefined;
    }],
    ['/api/v1/resolve', (query, requestId, req) => {
      const read = readResolveQuery(query);
      if (!read.ok) return undefined;
      const plan = resolve.plan(read.url);
      if (!plan.ok) {
        handOvers.give(req, plan); // Koa answers the refusal from it
        return undefined;
      }
      const handOverOnMiss = (answer: ResolveResult | undefined) => {
        if (answer === undefined) handOvers.give(req, plan);
        return answer;
      };
      // A hit held in this process comes at once: no turn of the microtask queue for it.
      const cached = plan.cached({ media: read.media, requestId });
      return cached instanceof Promise ? cached.then(handOverOnMiss) : handOverOnMiss(cached);
    }],
  ]);

  return (req, res, handOn) => {
    const target = req.url ?? '';
    if (req.method !== 'GET' || UNUSUAL_TARGET.test(target)) return false;
    const mark = target.indexOf('?');
    const path = mark === -1 ? target : target.slice(0, mark);
    const route = routes.get(path);
    if (!route) return false;
    const auth = authenticate(req.headers.authorization);
    if (!auth.ok) return false;
    // An address blocked for failed authentication is refused by Koa, correct key or not; the
    // address is read only while some address is blocked.
    if (failures.anyBlocked && failures.refusal(clientIpOf(req, settings.trustProxy))) return false;
    const started = performance.now();
    const requestId = requestIdFor(singleHeader(req.headers['x-request-id']));
    void (async () => {
      try {
        const params = readQuery(mark === -1 ? '' : target.slice(mark + 1));
        const routed = params && route((name) => params.get(name), requestId, req);
        const answer = routed instanceof Promise ? await routed : routed;
        if (answer === undefined) return false;
        const body = serialised(answer);
        // Counted in memory, the decision comes at once too. From here on this door answers.
        const counted = limiter.consume(callerLimitKey(auth.callerId), 1);
        const decision = counted instanceof Promise ? await counted : counted;
        const status = decision.allowed ? 200 : 429;
        const text = decision.allowed ? body : JSON.stringify(rateLimitRefusal(decision));
        const headers: Record<string, string | number> = Object.assign(commonHeaders(requestId), rateLimitHeaders(decision));
        headers['Content-Type'] = 'application/json; charset=utf-8';
        headers['Content-Length'] = Buffer.byteLength(text);
        res.writeHead(status, headers).end(text);
        // The hot routes' paths are their patterns: the same label as when Koa answers them.
        logAccess(logger, requestId, 'GET', path, status, started, { metrics, route: path });
        return true;
      } catch (error) {
        // Koa answers instead (its error mapping, its log line); this is only worth a debug line.
        logger.debug(forRequest(requestId, { err: error instanceof Error ? error.name : 'error' }), 'hot path handed a request on after an error');
        return false;
      }
    })().then((answered) => {
      if (!answered) handOn();
    });
    return true;
  };
}

/**
 * JSON.stringify, once per frozen answer: a cache hit's answer is deep-frozen and the same object on
 * every hit of one stored value (result-cache.ts), so its text never changes either.
 */
function serialiser(): (answer: object) => string {
  const bodies = new WeakMap<object, string>();
  return (answer) => {
    if (!Object.isFrozen(answer)) return JSON.stringify(answer);
    let body = bodies.get(answer);
    if (body === undefined) bodies.set(answer, (body = JSON.stringify(answer)));
    return body;
  };
}

function singleHeader(value: string | string[] | undefined): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

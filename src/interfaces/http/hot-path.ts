// The two GETs callers repeat most — a resolve the cache answers, a canonical URL — answered on
// node:http without Koa. Koa + @koa/router alone cost about as much per request as the whole
// answer may (bench K0 against P1/P3), so these two skip it when the request is plain: a valid
// key, the parameters given once and well-formed, an answer that needs no upstream, and a limit
// not exceeded. Anything else goes to Koa, which holds the one implementation of every refusal,
// error and miss; a limiter decision taken here goes with the request, so nothing counts twice.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { DependencyContainer } from 'tsyringe';
import { LOGGER, type Logger } from '../../application/ports/logger.port.js';
import { API_RATE_LIMITER, type RateDecision, type RateLimiter } from '../../application/ports/rate-limiter.port.js';
import { CanonicalizeUseCase } from '../../application/use-cases/canonicalize.js';
import { ResolveUseCase } from '../../application/use-cases/resolve.js';
import type { AppSettings } from './app-settings.js';
import { forRequest } from '../../application/request-log.js';
import { readQuery } from './hot-query.js';
import { authenticator } from './middleware/auth.js';
import { clientIpOf, FAILED_AUTH_GUARD, type FailedAuthGuard } from './middleware/failed-auth.js';
import { handOnDecision, rateLimitHeaders } from './middleware/rate-limit.js';
import { logAccess, requestIdFor } from './middleware/request-context.js';

/** What a hot route makes of the query: the 200 answer, or undefined to leave the request to Koa. */
type HotRoute = (query: ReadonlyMap<string, string | null>, requestId: string) => object | undefined | Promise<object | undefined>;

/** Answers a request and returns true, or returns false having touched nothing (Koa's turn). */
export type HotPath = (req: IncomingMessage, res: ServerResponse, handOn: () => void) => boolean;

// Where Koa's URL parser (parseurl) would not simply split at the first `?`: leave those to it.
const UNUSUAL_TARGET = /[\t\n\f\r #\u00a0\ufeff]/;

export function hotPath(container: DependencyContainer, settings: AppSettings): HotPath {
  const resolve = container.resolve(ResolveUseCase);
  const canonical = container.resolve(CanonicalizeUseCase);
  const limiter = container.resolve<RateLimiter>(API_RATE_LIMITER);
  const logger = container.resolve<Logger>(LOGGER);
  const authenticate = authenticator(settings.apiKeys);
  const failures = container.resolve<FailedAuthGuard>(FAILED_AUTH_GUARD);

  const routes = new Map<string, HotRoute>([
    ['/api/v1/canonical', (query) => {
      const url = single(query.get('url'));
      const answer = url === undefined ? undefined : canonical.execute(url);
      return answer?.ok ? answer.result : undefined;
    }],
    ['/api/v1/resolve', (query, requestId) => {
      const url = single(query.get('url'));
      const given = query.get('media');
      const media = given === undefined || given === '' ? 'raw' : given === 'proxied' ? 'proxied' : undefined;
      if (url === undefined || media === undefined) return undefined;
      const prepared = resolve.prepare(url);
      return prepared.ok ? prepared.runFromCache({ media, requestId }) : undefined;
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
    let decision: RateDecision | undefined;
    void (async () => {
      try {
        const query = readQuery(mark === -1 ? '' : target.slice(mark + 1));
        // A hit held in this process comes at once: no turn of the microtask queue for it.
        const routed = query && route(query, requestId);
        const answer = routed instanceof Promise ? await routed : routed;
        if (answer !== undefined) {
          // Counted in memory, the decision comes at once too.
          const counted = limiter.consume(`api:${auth.callerId}`, 1);
          decision = counted instanceof Promise ? await counted : counted;
        }
        if (answer === undefined || !decision?.allowed) return false;
        const body = serialised(answer);
        const headers: Record<string, string | number> = { 'X-Request-Id': requestId, 'X-Content-Type-Options': 'nosniff' };
        for (const [name, value] of rateLimitHeaders(decision)) headers[name] = value;
        headers['Content-Type'] = 'application/json; charset=utf-8';
        headers['Content-Length'] = Buffer.byteLength(body);
        res.writeHead(200, headers).end(body);
        logAccess(logger, requestId, 'GET', path, 200, started);
        return true;
      } catch (error) {
        // Koa answers instead (its error mapping, its log line); this is only worth a debug line.
        logger.debug(forRequest(requestId, { err: error instanceof Error ? error.name : 'error' }), 'hot path handed a request on after an error');
        return false;
      }
    })().then((answered) => {
      if (answered) return;
      if (decision) handOnDecision(req, limiter, decision);
      handOn();
    });
    return true;
  };
}

/** Frozen answers (cache hits, see resolvedFrom) never change, so each is serialised once. */
const bodies = new WeakMap<object, string>();

function serialised(answer: object): string {
  if (!Object.isFrozen(answer)) return JSON.stringify(answer);
  let body = bodies.get(answer);
  if (body === undefined) bodies.set(answer, (body = JSON.stringify(answer)));
  return body;
}

/** A query value given exactly once and not empty, as Koa's validation requires. */
function single(value: string | null | undefined): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function singleHeader(value: string | string[] | undefined): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

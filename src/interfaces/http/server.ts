// The HTTP server and its connection policy (docs/design.md §6): at most MAX_CONNECTIONS open and
// MAX_CONNECTIONS_PER_IP from one address, headers within HEADERS_TIMEOUT_MS and a whole request
// within REQUEST_TIMEOUT_MS, and a JSON `{error}` for whatever Node refuses before the app.
import { createServer, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Logger } from '../../application/ports/logger.port.js';
import { capConnectionsPerAddress } from './connection-cap.js';
import { logAccess, requestIdFor } from './middleware/request-context.js';
import {
  answerOnSocket,
  CONNECT_REFUSED,
  HOST_MISSING,
  MAX_HEADER_BYTES,
  protocolErrorBody,
  protocolErrorFor,
  protocolErrorHeaders,
  requestTimedOut,
  UNSUPPORTED_EXPECT,
  type ProtocolError,
} from './protocol-errors.js';

export interface ServerSettings {
  maxConnections: number;
  /** 0: no per-address cap. */
  maxConnectionsPerIp: number;
  headersTimeoutMs: number;
  requestTimeoutMs: number;
}

/** Refused connections are logged at most this often, as a count: a flood must not flood the log. */
const REFUSAL_LOG_EVERY_MS = 10_000;

/** Call drainable(server) on the result before it listens, as for any node:http server. */
export function createHttpServer(listener: RequestListener, settings: ServerSettings, logger: Logger): Server {
  // The response in flight on each socket, so that a client error arriving mid-response does not
  // write into it.
  const inFlight = new WeakMap<Duplex, ServerResponse>();
  // The headers are part of the request, and Node refuses a headers timeout above the request's.
  const headersTimeout = Math.min(settings.headersTimeoutMs, settings.requestTimeoutMs);
  const server = createServer(
    {
      maxHeaderSize: MAX_HEADER_BYTES,
      headersTimeout,
      // Counts while the request is being received only: a long /v/ response is not bound by it.
      requestTimeout: settings.requestTimeoutMs,
      // Node looks for expired requests every 30 s by default, which holds a slow or silent socket
      // up to 30 s past its timeout; a tenth of the headers timeout (0.1–1 s) keeps that slack small.
      connectionsCheckingInterval: Math.max(100, Math.min(1000, Math.floor(headersTimeout / 10))),
      // Node would answer a missing Host with a bare 400; the listener below answers it with a body.
      requireHostHeader: false,
    },
    (req, res) => {
      if (!req.headers.host && req.httpVersion === '1.1') return answer(req, res, HOST_MISSING, logger);
      inFlight.set(req.socket, res);
      listener(req, res);
    },
  );
  server.maxConnections = settings.maxConnections;

  let refusedByCap = 0;
  let refusedByMax = 0;
  let loggedAt = -Infinity;
  const refused = (cap: 'address' | 'server') => {
    if (cap === 'address') refusedByCap++;
    else refusedByMax++;
    const now = performance.now();
    if (now - loggedAt < REFUSAL_LOG_EVERY_MS) return;
    loggedAt = now;
    logger.warn(
      { refusedPerIpCap: refusedByCap, refusedMaxConnections: refusedByMax, maxConnections: settings.maxConnections, maxConnectionsPerIp: settings.maxConnectionsPerIp },
      'connections refused: a connection cap is reached',
    );
    refusedByCap = refusedByMax = 0;
  };
  capConnectionsPerAddress(server, settings.maxConnectionsPerIp, () => refused('address'));
  server.on('drop', () => refused('server'));

  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    const res = inFlight.get(socket);
    // Nothing can be answered on a socket that is gone, or into a response whose bytes are going out.
    if (error.code === 'ECONNRESET' || !socket.writable || (res?.headersSent && !res.writableEnded)) {
      socket.destroy();
      return;
    }
    logger.debug({ code: error.code }, 'request refused before the app: answered with a protocol error');
    const timedOut = error.code === 'ERR_HTTP_REQUEST_TIMEOUT';
    if (res && !res.writableEnded) {
      // The app holds this request and was reading its body (Node raises one code for both
      // timeouts): the answer goes out through its response, so that the app's access line and the
      // shutdown drainer see it end, and the app's own late answer is dropped.
      return answerInFlight(res, timedOut ? requestTimedOut('body', settings.requestTimeoutMs) : protocolErrorFor(error.code));
    }
    answerOnSocket(socket, timedOut ? requestTimedOut('headers', headersTimeout) : protocolErrorFor(error.code));
  });
  // Node would answer `Expect: 100-continue` at once, inviting the body before the app has looked
  // at the request: a refused key (401, 429) then costs the upload it should have spared. The
  // interim answer goes out only when the app starts reading the body.
  server.on('checkContinue', (req: IncomingMessage, res: ServerResponse) => {
    continueWhenRead(req, res);
    server.emit('request', req, res);
  });
  // An Expect other than 100-continue (Node would answer 417 with no body).
  server.on('checkExpectation', (req: IncomingMessage, res: ServerResponse) => answer(req, res, UNSUPPORTED_EXPECT, logger));
  // Without a listener Node drops a CONNECT request's socket without a word.
  server.on('connect', (_req: IncomingMessage, socket: Duplex) => answerOnSocket(socket, CONNECT_REFUSED));
  return server;
}

/** Sends `100 Continue` once something reads the request's body (flowing or `readable`), if no answer began first. */
function continueWhenRead(req: IncomingMessage, res: ServerResponse): void {
  let sent = false;
  const send = () => {
    if (sent) return;
    sent = true;
    req.off('newListener', onListener);
    if (!res.headersSent && !res.writableEnded) res.writeContinue();
  };
  const onListener = (event: string | symbol) => {
    if (event === 'readable') send();
  };
  req.once('resume', send);
  req.on('newListener', onListener);
}

/** Answers through a response the app has not begun, and closes the connection once it is sent. */
function answerInFlight(res: ServerResponse, error: ProtocolError): void {
  const body = protocolErrorBody(error);
  const headers = protocolErrorHeaders(body);
  const requestId = res.getHeader('x-request-id');
  if (typeof requestId === 'string') headers['X-Request-Id'] = requestId;
  // Node detaches a request from its socket once the response is sent, so the app's unfinished
  // read of the body would wait forever: ending the request lets it fail and log its access line.
  res.once('finish', () => res.req.destroy());
  res.writeHead(error.status, headers).end(body);
}

/** Answers a parsed request with a protocol error and closes its connection; it gets its access line. */
function answer(req: IncomingMessage, res: ServerResponse, error: ProtocolError, logger: Logger): void {
  const started = performance.now();
  const body = protocolErrorBody(error);
  const headers = protocolErrorHeaders(body);
  const incomingId = req.headers['x-request-id'];
  const requestId = requestIdFor(typeof incomingId === 'string' ? incomingId : undefined);
  headers['X-Request-Id'] = requestId;
  res.writeHead(error.status, headers).end(body);
  logAccess(logger, requestId, req.method ?? '', (req.url ?? '').split('?')[0] ?? '', error.status, started);
}

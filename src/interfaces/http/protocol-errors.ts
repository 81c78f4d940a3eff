// Answers to what Node's HTTP layer refuses before the app sees a request (docs/design.md §6): the same
// JSON `{error}` as every other error of the service, 400 for an oversized or malformed request
// (where Node alone would say 431 or 413, or 400 with no body), 408 when its headers or body did
// not arrive in time. Each answer closes the connection: after a parse error the rest of the byte
// stream cannot be trusted to start a request.
import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { errorBody, type ErrorCode } from './error-codes.js';

/** Node's own limit, made explicit so a `--max-http-header-size` flag cannot move it: request line and headers. */
export const MAX_HEADER_BYTES = 16 * 1024;

export interface ProtocolError {
  status: 400 | 408;
  code: Extract<ErrorCode, 'HEADERS_TOO_LARGE' | 'MALFORMED_REQUEST' | 'EXPECT_UNSUPPORTED' | 'CONNECT_UNSUPPORTED' | 'REQUEST_TIMEOUT'>;
  message: string;
}

/** The answer to a request whose headers (or body) did not arrive within `ms`. */
export function requestTimedOut(part: 'headers' | 'body', ms: number): ProtocolError {
  const within = ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;
  return { status: 408, code: 'REQUEST_TIMEOUT', message: part === 'headers' ? `The request's headers did not all arrive within ${within}.` : `The request's body did not all arrive within ${within} of its start.` };
}

/** The answer to any other error Node emits as `clientError`, by its code. */
export function protocolErrorFor(code: string | undefined): ProtocolError {
  switch (code) {
    case 'HPE_HEADER_OVERFLOW':
      return { status: 400, code: 'HEADERS_TOO_LARGE', message: `The request line and headers are too large (${MAX_HEADER_BYTES / 1024} KB at most, the URL included).` };
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return { status: 400, code: 'MALFORMED_REQUEST', message: 'The chunked body carries oversized chunk extensions.' };
    default:
      // Every other HPE_* code: a malformed request line or header, an invalid chunk, both
      // Content-Length and Transfer-Encoding (a smuggling attempt), an unknown method or version.
      return { status: 400, code: 'MALFORMED_REQUEST', message: 'The request is not valid HTTP/1.1.' };
  }
}

export const UNSUPPORTED_EXPECT: ProtocolError = { status: 400, code: 'EXPECT_UNSUPPORTED', message: 'Expect is supported only as 100-continue.' };
export const CONNECT_REFUSED: ProtocolError = { status: 400, code: 'CONNECT_UNSUPPORTED', message: 'CONNECT is not supported: this is not a proxy.' };
export const HOST_MISSING: ProtocolError = { status: 400, code: 'MALFORMED_REQUEST', message: 'An HTTP/1.1 request must carry a Host header.' };

/** The headers of a protocol-error answer: JSON, an id like every response's, and the connection closing. */
export function protocolErrorHeaders(body: string): Record<string, string | number> {
  return {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    'X-Request-Id': randomUUID(),
    'X-Content-Type-Options': 'nosniff',
    Connection: 'close',
  };
}

export function protocolErrorBody({ code, message }: ProtocolError): string {
  return JSON.stringify(errorBody(code, message));
}

/** Writes a whole response on a socket no ServerResponse owns, then closes the socket once it is written. */
export function answerOnSocket(socket: Duplex, error: ProtocolError): void {
  const body = protocolErrorBody(error);
  const head = [`HTTP/1.1 ${error.status} ${STATUS_CODES[error.status]}`, ...Object.entries(protocolErrorHeaders(body)).map(([name, value]) => `${name}: ${value}`)];
  // Destroyed rather than only ended: http sockets allow half-open connections, and a client that
  // never closes its side would otherwise keep the descriptor.
  socket.end(`${head.join('\r\n')}\r\n\r\n${body}`, () => socket.destroy());
}

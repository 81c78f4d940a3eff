// Structured logging. Never pass API keys, cookies, tokens or upstream headers.
export interface Logger {
  debug(fields: object, message: string): void;
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
  /** The one line per answered request (message `request`, level info). */
  access(line: AccessLine): void;
}

/** An access line's fields: nothing else, so nothing secret (no headers, no query string). */
export interface AccessLine {
  /** Written as `reqId`, like the request's other lines. */
  requestId: string;
  method: string;
  path: string;
  status: number;
  ms: number;
}

export const LOGGER = Symbol('Logger');

// Structured logging. Never pass API keys, cookies, tokens or upstream headers.
export interface Logger {
  debug(fields: object, message: string): void;
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

export const LOGGER = Symbol('Logger');

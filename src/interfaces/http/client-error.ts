// A client-safe error: its message is shown to the caller (4xx), as koa's `expose` rule has it, with
// its code (error-codes.ts), which also decides its status.
import { ERROR_CODES, type ErrorCode } from './error-codes.js';

export class ClientError extends Error {
  override name = 'ClientError' as const;
  readonly expose = true;
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
    this.status = ERROR_CODES[code].status;
  }
}

export function refuse(code: ErrorCode, message: string): never {
  throw new ClientError(code, message);
}

// Structured JSON logs (pino). Every line written during a request carries its request id; secret
// header and field names are redacted wherever they appear, as a second line of defence.
import { pino, type Logger as Pino } from 'pino';
import { requestContext } from '../../application/request-context.js';
import type { Logger } from '../../application/ports/logger.port.js';

const REDACT = [
  'authorization',
  'cookie',
  'token',
  '*.authorization',
  '*.cookie',
  '*.token',
  'headers',
  '*.headers',
  'req.headers',
  'apiKey',
  '*.apiKey',
];

export function createPino(level: string, destination?: NodeJS.WritableStream): Pino {
  return pino(
    {
      level,
      base: undefined,
      redact: { paths: REDACT, censor: '[redacted]' },
      mixin: () => {
        const ctx = requestContext.getStore();
        return ctx ? { reqId: ctx.requestId } : {};
      },
    },
    destination as pino.DestinationStream | undefined,
  );
}

export class PinoLogger implements Logger {
  constructor(private readonly pino: Pino) {}
  debug(fields: object, message: string): void {
    this.pino.debug(fields, message);
  }
  info(fields: object, message: string): void {
    this.pino.info(fields, message);
  }
  warn(fields: object, message: string): void {
    this.pino.warn(fields, message);
  }
  error(fields: object, message: string): void {
    this.pino.error(fields, message);
  }
}

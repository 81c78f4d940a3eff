// Structured JSON logs (pino). Lines written for a request carry its id as `reqId` (the callers
// pass it in their fields: application/request-log.ts); secret header and field names are
// redacted wherever they appear, as a second line of defence. Access lines, one per request, take
// a cheaper road (see `AccessLog`).
import { pino, type Logger as Pino } from 'pino';
import type { AccessLine, Logger } from '../../application/ports/logger.port.js';

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

/** Buffered access lines reach stdout at least this often. */
export const ACCESS_FLUSH_MS = 250;

export function createPino(level: string, destination?: NodeJS.WritableStream): Pino {
  return pino(
    { level, base: undefined, redact: { paths: REDACT, censor: '[redacted]' } },
    destination as pino.DestinationStream | undefined,
  );
}

/**
 * The access log: one line per request, in pino's format (level, time, reqId, the four fields,
 * msg). Its fields are fixed and never secret, so the line is written directly rather than through
 * pino's redaction and field serialisation (≈ 3 µs a line, bench/RESULTS.md); and on stdout lines
 * are gathered up to 4 KB before one write(2), written every ACCESS_FLUSH_MS and at exit, instead of
 * a system call per request. They are gathered here, not by sonic-boom's `minLength`: its write
 * measures the byte length of everything it holds on each call (≈ 1 µs a line at 4 KB). The writes
 * are synchronous (`sync: true`), so a batch never interleaves with the main logger's lines on the
 * same descriptor. Given a destination (tests, recording), it writes there at once.
 */
export class AccessLog {
  private readonly enabled: boolean;
  private readonly out: { write(text: string): unknown };

  constructor(level: string, destination?: NodeJS.WritableStream) {
    this.enabled = (pino.levels.values[level] ?? Number.POSITIVE_INFINITY) <= pino.levels.values.info!;
    this.out = destination ?? stdoutBatch;
  }

  write(line: AccessLine): void {
    if (!this.enabled) return;
    this.out.write(
      `{"level":30,"time":${Date.now()},"reqId":${JSON.stringify(line.requestId)},"method":${JSON.stringify(line.method)},"path":${JSON.stringify(line.path)},"status":${line.status},"ms":${line.ms},"msg":"request"}\n`,
    );
  }

  /** Writes out the lines gathered for stdout (the composition's close calls it). */
  flush(): void {
    stdoutBatch.flush();
  }
}

/** Lines for stdout gathered into one write of about BATCH_CHARS; one batch for the process. */
const BATCH_CHARS = 4096;

class StdoutBatch {
  private pending = '';
  private destination: ReturnType<typeof pino.destination> | undefined;

  write(text: string): void {
    if (!this.destination) this.start();
    this.pending += text;
    if (this.pending.length >= BATCH_CHARS) this.flush();
  }

  flush(): void {
    if (this.pending === '' || !this.destination) return;
    const text = this.pending;
    this.pending = '';
    try {
      this.destination.write(text);
    } catch {
      // stdout closed (the log shipper went away): nothing left to tell it.
    }
  }

  private start(): void {
    this.destination = pino.destination({ dest: 1, sync: true });
    setInterval(() => this.flush(), ACCESS_FLUSH_MS).unref();
    process.once('exit', () => this.flush());
  }
}

const stdoutBatch = new StdoutBatch();

export class PinoLogger implements Logger {
  constructor(
    private readonly pino: Pino,
    private readonly accessLog: AccessLog,
  ) {}
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
  access(line: AccessLine): void {
    this.accessLog.write(line);
  }
}

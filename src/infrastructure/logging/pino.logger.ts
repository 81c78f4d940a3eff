// Structured JSON logs (pino). Lines written for a request carry its id as `reqId` (the callers
// pass it in their fields: application/request-log.ts); secret header and field names are
// redacted wherever they appear, as a second line of defence. Access lines, one per request, take
// a cheaper road (see `AccessLog`). In the service both reach stdout through `stdoutLines`, which no
// reader of stdout can block or crash (standard-output.ts).
import { pino, type Logger as Pino } from 'pino';
import type { AccessLine, Logger } from '../../application/ports/logger.port.js';
import { standardOutputs } from './standard-output.js';

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
  return pino({ level, base: undefined, redact: { paths: REDACT, censor: '[redacted]' } }, (destination as pino.DestinationStream | undefined) ?? stdoutLines);
}

/**
 * The access log: one line per request, in pino's format (level, time, reqId, the four fields,
 * msg). Its fields are fixed and never secret, so the line is written directly rather than through
 * pino's redaction and field serialisation (its cost is in bench/RESULTS.md); and on stdout lines
 * are gathered up to 4 KB before one write(2), written every ACCESS_FLUSH_MS and at exit, instead of
 * a system call per request. They are gathered here, not by sonic-boom's `minLength`: its write
 * measures the byte length of everything it holds on each call. Given a
 * destination (tests, recording), it writes there at once.
 */
export class AccessLog {
  private readonly enabled: boolean;
  private readonly out: { write(text: string): unknown };

  constructor(level: string, destination?: NodeJS.WritableStream) {
    this.enabled = (pino.levels.values[level] ?? Number.POSITIVE_INFINITY) <= pino.levels.values.info!;
    this.out = destination ?? { write: (text: string) => stdoutLines.gather(text) };
  }

  write(line: AccessLine): void {
    if (!this.enabled) return;
    this.out.write(
      `{"level":30,"time":${Date.now()},"reqId":${JSON.stringify(line.requestId)},"method":${JSON.stringify(line.method)},"path":${JSON.stringify(line.path)},"status":${line.status},"ms":${line.ms},"msg":"request"}\n`,
    );
  }

  /** Writes out the lines gathered for stdout (the composition's close calls it). */
  flush(): void {
    stdoutLines.flush();
  }
}

/** Access lines for stdout gathered into one write of about BATCH_CHARS. */
const BATCH_CHARS = 4096;

/**
 * stdout for both loggers, one for the process: access lines are gathered (`gather`), the main
 * logger's lines written at once (`write`) after whatever was gathered, so stdout keeps the order in
 * which lines were logged.
 */
class StdoutLines {
  private pending = '';
  private started = false;

  gather(text: string): void {
    if (!this.started) this.start();
    this.pending += text;
    if (this.pending.length >= BATCH_CHARS) this.flush();
  }

  write(text: string): void {
    if (!this.started) this.start();
    this.flush();
    standardOutputs().stdout.write(text);
  }

  flush(): void {
    if (this.pending === '') return;
    const text = this.pending;
    this.pending = '';
    standardOutputs().stdout.write(text);
  }

  /** Resolves once the lines logged so far have left the process (or cannot), or after `ms`. */
  written(ms: number): Promise<void> {
    this.flush();
    return this.started ? standardOutputs().stdout.written(ms) : Promise.resolve();
  }

  private start(): void {
    this.started = true;
    setInterval(() => this.flush(), ACCESS_FLUSH_MS).unref();
    // Written to Node's stream, the last batch goes out at exit as far as the reader takes it.
    process.once('exit', () => this.flush());
  }
}

const stdoutLines = new StdoutLines();

/** Resolves once the lines logged to stdout so far have left the process, or after `ms` (shutdown). */
export function logsWritten(ms: number): Promise<void> {
  return stdoutLines.written(ms);
}

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

// The real service as a child process (`node --import tsx src/main.ts`), for what only a process
// shows: signals, exit codes, sockets closed by the OS. It listens on a free loopback port (PORT=0)
// and its JSON log lines are collected so tests can wait for them.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { createInterface } from 'node:readline';
import { registerSecret, watchLogLine } from '../support/secret-scan.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface LogLine {
  level: number;
  msg: string;
  [field: string]: unknown;
}

export interface ServiceOptions {
  env: Record<string, string>;
  /** Extra modules loaded before main (`--import`), e.g. the soak's stats probe. */
  preload?: string[];
  /** Open an IPC channel to the child (for a preloaded probe). */
  ipc?: boolean;
  /** Node options before everything else, e.g. --expose-gc. */
  nodeArgs?: string[];
  /** Which log lines to keep in `lines` (default all); a long run keeps few. Waiters see every line. */
  keep?: (line: LogLine) => boolean;
}

export class ServiceProcess {
  readonly lines: LogLine[] = [];
  /** stdout and stderr text that is not a JSON log line (start-up banners, crashes). */
  readonly other: string[] = [];
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
  port = 0;
  private waiters: { test: (line: LogLine) => boolean; resolve: (line: LogLine) => void }[] = [];

  private constructor(
    readonly child: ChildProcess,
    private readonly keep: (line: LogLine) => boolean,
  ) {
    this.exited = once(child, 'exit').then(([code, signal]) => ({ code: code as number | null, signal: signal as NodeJS.Signals | null, at: Date.now() }));
    for (const stream of [child.stdout!, child.stderr!]) {
      createInterface({ input: stream }).on('line', (text) => this.take(text));
    }
  }

  static async start(options: ServiceOptions, timeoutMs = 20_000): Promise<ServiceProcess> {
    const args = [...(options.nodeArgs ?? []), '--import', 'tsx', ...(options.preload ?? []).flatMap((m) => ['--import', m]), 'src/main.ts'];
    const child = spawn(process.execPath, args, {
      cwd: ROOT,
      // Only what the test gives, plus PATH: the parent's REDIS_URL or API keys must not leak in.
      env: { PATH: process.env.PATH ?? '', PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...options.env },
      stdio: ['ignore', 'pipe', 'pipe', ...(options.ipc ? (['ipc'] as const) : [])],
    });
    // The child's secrets join the whole-suite scan, and so does every line it prints.
    for (const name of ['API_KEYS', 'PROXY_SECRET', 'PROXY_SECRET_PREVIOUS'] as const) {
      for (const value of (options.env[name] ?? '').split(',')) if (value.trim()) registerSecret(value.trim(), `the child's ${name}`);
    }
    const service = new ServiceProcess(child, options.keep ?? (() => true));
    const listening = await Promise.race([
      service.waitFor((l) => l.msg === 'postlens listening', timeoutMs),
      service.exited.then((e) => {
        throw new Error(`the service exited (${e.code ?? e.signal}) before listening: ${service.other.join('\n')}`);
      }),
    ]).catch(async (error: unknown) => {
      // A service that never said it listens is no one's to stop afterwards: stopped here.
      await service.kill();
      throw error;
    });
    service.port = listening.port as number;
    return service;
  }

  get baseUrl(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Resolves with the first line (seen or to come) that passes `test`. */
  waitFor(test: (line: LogLine) => boolean, timeoutMs = 10_000): Promise<LogLine> {
    const seen = this.lines.find(test);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no matching log line within ${timeoutMs} ms`)), timeoutMs);
      this.waiters.push({ test, resolve: (line) => (clearTimeout(timer), resolve(line)) });
    });
  }

  signal(signal: NodeJS.Signals): void {
    this.child.kill(signal);
  }

  /** For `after` hooks: SIGKILL if still running. */
  async kill(): Promise<void> {
    if (this.child.exitCode === null && this.child.signalCode === null) {
      this.child.kill('SIGKILL');
      await this.exited;
    }
  }

  private take(text: string): void {
    watchLogLine(text);
    let line: LogLine;
    try {
      line = JSON.parse(text) as LogLine;
      if (typeof line.msg !== 'string') throw new Error('not a log line');
    } catch {
      if (text.trim()) this.other.push(text);
      return;
    }
    if (this.keep(line)) this.lines.push(line);
    this.waiters = this.waiters.filter((w) => (w.test(line) ? (w.resolve(line), false) : true));
  }
}

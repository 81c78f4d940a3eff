// The orchestrator's side of a bench process: every server and the load generator run in a process
// of their own (forked, TypeScript through tsx), report their port when ready, and answer small
// requests over IPC (their RSS, their CPU time, counters). Stopped with SIGTERM so a --cpu-prof
// profile is written; killed outright if that takes longer than 3 s.
import { fork, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';

export interface StartOptions {
  env?: Record<string, string>;
  /** Extra node flags, e.g. --cpu-prof. */
  nodeFlags?: string[];
  /** How long to wait for the 'ready' message. */
  readyTimeoutMs?: number;
}

export interface Worker {
  readonly name: string;
  /** Loopback port the worker listens on (0 for workers without a server). */
  readonly port: number;
  readonly pid: number;
  call<T = unknown>(cmd: string, args?: unknown): Promise<T>;
  stop(): Promise<void>;
}

const live = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of live) child.kill('SIGKILL');
});

/** Only what a server needs: the service reads its configuration from the environment alone. */
function baseEnv(): Record<string, string> {
  const keep: Record<string, string> = {};
  for (const name of ['PATH', 'HOME', 'TMPDIR', 'LANG']) if (process.env[name]) keep[name] = process.env[name]!;
  return keep;
}

export async function startWorker(name: string, options: StartOptions = {}): Promise<Worker> {
  const script = fileURLToPath(new URL(`../workers/${name}.ts`, import.meta.url));
  const child = fork(script, [], {
    execArgv: ['--import', 'tsx', '--expose-gc', ...(options.nodeFlags ?? [])],
    env: { ...baseEnv(), ...options.env },
    // The service's access log goes to stdout: discarded, as a log shipper would take it away.
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  live.add(child);
  child.once('exit', () => live.delete(child));

  let next = 0;
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  child.on('message', (message: { id?: number; result?: unknown; error?: string }) => {
    if (message.id === undefined) return;
    const waiter = pending.get(message.id);
    pending.delete(message.id);
    if (message.error !== undefined) waiter?.reject(new Error(`${name}: ${message.error}`));
    else waiter?.resolve(message.result);
  });
  child.once('exit', (code, signal) => {
    for (const waiter of pending.values()) waiter.reject(new Error(`${name} exited (${code ?? signal})`));
    pending.clear();
  });

  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${name} was not ready within ${options.readyTimeoutMs ?? 20000} ms`)), options.readyTimeoutMs ?? 20000);
    child.on('message', (message: { type?: string; port?: number }) => {
      if (message.type !== 'ready') return;
      clearTimeout(timer);
      resolve(message.port ?? 0);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited before it was ready (code ${code})`));
    });
  });

  return {
    name,
    port,
    pid: child.pid!,
    call<T>(cmd: string, args?: unknown): Promise<T> {
      const id = next++;
      return new Promise<T>((resolve, reject) => {
        pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
        child.send({ id, cmd, args });
      });
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
      await exited;
      clearTimeout(timer);
    },
  };
}

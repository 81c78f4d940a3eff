// The real process with stdout or stderr on a FIFO whose reader died (writes fail with EPIPE) or
// stalled (it never reads: the pipe fills and writes would block): it keeps serving, and SIGTERM
// ends it within SHUTDOWN_GRACE_MS. The FIFO is opened by a shell (`exec node … > fifo`), as an
// operator's redirection would. Before the fix a dead or stalled stdout reader left the process
// alive past the grace and a second signal, and a dead stderr reader crashed it at Node's first
// warning.
import { expect } from 'chai';
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { TEST_KEY } from '../support/app.js';
import { listeningPort } from '../support/listening-port.js';
import { eventually, sleep } from '../support/redis.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const GRACE_MS = 3_000;
/** Beyond the grace: process start-up of the exit path and a loaded 2-core machine. */
const MARGIN_MS = 2_000;

type Output = 'stdout' | 'stderr';
type Reader = 'dead' | 'stalled';

interface Run {
  service: ChildProcess;
  reader: ChildProcess;
  exited: Promise<number | null>;
  base: string;
  dir: string;
}

/** A FIFO, its reader, and the service writing `output` into it (the other output to /dev/null). */
async function start(output: Output, reader: Reader): Promise<Run> {
  const dir = mkdtempSync(join(tmpdir(), 'postlens-fifo-'));
  const fifo = join(dir, output);
  execFileSync('mkfifo', [fifo]);
  // `cat` reads everything until it is killed; `sleep` holds the FIFO open and never reads.
  const readerProcess =
    reader === 'dead' ? spawn('cat', [fifo], { stdio: 'ignore' }) : spawn('sh', ['-c', 'exec sleep 600 < "$0"', fifo], { stdio: 'ignore' });
  const redirect = output === 'stdout' ? '>' : '2>';
  const nodeArgs = ['--import', 'tsx', ...(output === 'stderr' ? ['--import', './test/lifecycle/emit-warnings.preload.ts'] : []), 'src/main.ts'];
  const service = spawn('sh', ['-c', `exec "$0" "$@" ${redirect}"$FIFO"`, process.execPath, ...nodeArgs], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      FIFO: fifo,
      // The kernel picks the port; the test reads it from /proc (the service's output is the FIFO).
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      API_KEYS: TEST_KEY,
      PROXY_SECRET: 'blocked-output-test-secret-0123456789abc',
      SHUTDOWN_GRACE_MS: String(GRACE_MS),
    },
    stdio: 'ignore',
  });
  const exited = once(service, 'exit').then(([code]) => code as number | null);
  // `sh -c 'exec node …'`: the shell becomes node, so the child's pid is the service's.
  let port: number | undefined;
  // Start-up through tsx takes seconds, far more on a loaded CI machine.
  const listening = await eventually(() => (port = listeningPort(service.pid!)) !== undefined, 60_000);
  if (!listening) throw new Error('the service did not start listening');
  const base = `http://127.0.0.1:${port}`;
  const up = await eventually(() => get(`${base}/healthz`, 1_000).then((status) => status === 200), 20_000);
  if (!up) throw new Error('the service did not start');
  return { service, reader: readerProcess, exited, base, dir };
}

/** The status of a GET, or 0 when it fails or takes longer than `timeoutMs`. */
async function get(url: string, timeoutMs: number): Promise<number> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    await res.arrayBuffer();
    return res.status;
  } catch {
    return 0;
  }
}

/** Requests whose access lines are ~2 KB each (a long path of dots, nothing token-like): far more than a pipe holds. */
async function fillStdout(base: string): Promise<void> {
  const path = `/nope/${'a.'.repeat(1000)}`;
  for (let round = 0; round < 20; round++) {
    await Promise.all(Array.from({ length: 10 }, () => get(base + path, 2_000)));
  }
}

describe('shutdown with a blocked stdout or stderr (real process, FIFO)', function () {
  this.timeout(150_000);
  let run: Run | undefined;

  afterEach(async () => {
    if (!run) return;
    if (run.service.exitCode === null && run.service.signalCode === null) run.service.kill('SIGKILL');
    run.reader.kill('SIGKILL');
    await run.exited;
    rmSync(run.dir, { recursive: true, force: true });
    run = undefined;
  });

  for (const output of ['stdout', 'stderr'] as const) {
    for (const reader of ['dead', 'stalled'] as const) {
      it(`when ${output}’s reader ${reader === 'dead' ? 'has died' : 'never reads'}, the service keeps answering and SIGTERM ends it within SHUTDOWN_GRACE_MS`, async () => {
        run = await start(output, reader);
        if (reader === 'dead') {
          run.reader.kill('SIGKILL');
          await once(run.reader, 'exit');
        }
        // stdout gets access lines; stderr gets the preloaded warnings on their own, ~200 KB in half a second.
        if (output === 'stdout') await fillStdout(run.base);
        else await sleep(500);
        expect(run.service.exitCode, 'the service is still running').to.equal(null);
        const answering = await get(`${run.base}/healthz`, 2_000);

        const signalled = Date.now();
        run.service.kill('SIGTERM');
        const code = await Promise.race([run.exited, sleep(GRACE_MS + MARGIN_MS).then(() => 'still running' as const)]);
        const tookMs = Date.now() - signalled;
        expect(code, `exit within ${GRACE_MS + MARGIN_MS} ms of SIGTERM`).to.equal(0);
        expect(tookMs).to.be.below(GRACE_MS + MARGIN_MS);
        expect(answering, 'the service answered while its output was blocked').to.equal(200);
      });
    }
  }
});

// The process's stdout and stderr as outputs that whoever reads them (a log shipper, a terminal, a
// FIFO) can neither freeze, nor crash, nor fill the memory of, by stalling or going away.
//
// They are written through Node's own streams, never to the descriptors directly: on a pipe or a
// socket Node writes what the pipe takes at once and queues the rest, so a write never blocks the
// event loop (pino's sonic-boom writes to the descriptor itself: on a full pipe its synchronous
// writes retried EAGAIN in a sleep loop, and its exit flush retried EPIPE forever — the process
// then outlived SIGTERM, its grace and a second signal). A stalled reader only grows Node's queue:
// past MAX_BACKLOG_BYTES, lines are dropped and counted, and the count is written once the reader
// has caught up. A reader gone (EPIPE) is an 'error' on the stream, which would crash the process
// unheard: it is heard here, and writing stops.
import type { Writable } from 'node:stream';

/** How much may wait for a slow or stalled reader before lines are dropped (≈ 30,000 access lines). */
export const MAX_BACKLOG_BYTES = 4 * 1024 * 1024;

/** How often `written` looks whether the queue is empty. */
const SETTLE_POLL_MS = 10;

export class StandardOutput {
  private gone = false;
  private dropped = 0;

  constructor(
    private readonly stream: Writable,
    private readonly maxBacklog = MAX_BACKLOG_BYTES,
  ) {
    stream.on('error', () => {
      this.gone = true;
    });
    stream.on('drain', () => this.reportDropped());
  }

  write(text: string): void {
    if (this.gone) return;
    if (this.stream.writableLength > this.maxBacklog) {
      this.dropped++;
      return;
    }
    this.stream.write(text);
  }

  /** Resolves once everything written has left the process (or never can), or after `ms`. */
  async written(ms: number): Promise<void> {
    const until = Date.now() + ms;
    while (!this.gone && this.stream.writableLength > 0 && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, SETTLE_POLL_MS));
    }
  }

  private reportDropped(): void {
    if (this.dropped === 0 || this.gone) return;
    const dropped = this.dropped;
    this.dropped = 0;
    this.stream.write(`{"level":40,"time":${Date.now()},"dropped":${dropped},"msg":"log lines dropped: the reader of this output fell behind"}\n`);
  }
}

let outputs: { stdout: StandardOutput; stderr: StandardOutput } | undefined;

/**
 * The process's two outputs, guarded from the first call on. The service calls it at start-up, so
 * that a dead stderr reader cannot crash it on Node's first warning either.
 */
export function standardOutputs(): { stdout: StandardOutput; stderr: StandardOutput } {
  outputs ??= { stdout: new StandardOutput(process.stdout), stderr: new StandardOutput(process.stderr) };
  return outputs;
}

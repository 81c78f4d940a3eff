// A closed-loop load generator on undici (a Pool straight to the socket, so nock, loaded for every
// test, never sees these requests and its interceptor costs nothing): `concurrency` workers each
// send the next request as soon as the previous answer is read, until stopped. Every answer is kept
// as a sample, so a test can judge each phase of a run afterwards. autocannon would give rates
// only; the tests need per-answer status, body fields and the moment each request started.
import { Pool } from 'undici';

export interface LoadRequest {
  path: string;
  method?: 'GET' | 'POST' | 'HEAD';
  headers?: Record<string, string>;
  body?: string;
  /** Free label carried into the sample (e.g. which kind of request this was). */
  kind: string;
}

export interface Sample {
  kind: string;
  path: string;
  /** 0 when the request failed without an answer (connection refused, reset, timeout). */
  status: number;
  /** epoch ms when the request was sent */
  at: number;
  ms: number;
  /** Parsed JSON body, when the answer was JSON. */
  body?: any;
  /** Length of a body that was not JSON (media). */
  bytes?: number;
  error?: string;
}

export interface LoadOptions {
  baseUrl: string;
  concurrency: number;
  /** Picks the next request; `n` counts requests sent so far. */
  next: (n: number) => LoadRequest;
  /** Called with every sample; by default they are collected in `samples`. */
  onSample?: (sample: Sample) => void;
  /** No answer within this: the request is abandoned and counted as status 0. */
  timeoutMs?: number;
  /** Parse JSON answers into `body` (default true); false only counts bytes (cheaper, for long runs). */
  parseJson?: boolean;
  /** Requests per second across all workers (default: as fast as answers come). */
  ratePerSecond?: number;
}

export class LoadLoop {
  readonly samples: Sample[] = [];
  private readonly pool: Pool;
  private running = true;
  private sent = 0;
  private nextSendAt = performance.now();
  private readonly workers: Promise<void>[];

  constructor(private readonly options: LoadOptions) {
    this.pool = new Pool(options.baseUrl, { connections: options.concurrency });
    this.workers = Array.from({ length: options.concurrency }, () => this.work());
  }

  /** Stops sending, waits for the answers still due, closes the connections. */
  async stop(): Promise<Sample[]> {
    this.running = false;
    await Promise.all(this.workers);
    await this.pool.close();
    return this.samples;
  }

  private async work(): Promise<void> {
    while (this.running) {
      await this.pace();
      if (!this.running) break;
      const req = this.options.next(this.sent++);
      const sample = await this.once(req);
      if (this.options.onSample) this.options.onSample(sample);
      else this.samples.push(sample);
    }
  }

  /** With a rate, each request takes the next send slot; a worker behind schedule sends at once. */
  private async pace(): Promise<void> {
    const rate = this.options.ratePerSecond;
    if (!rate) return;
    const now = performance.now();
    this.nextSendAt = Math.max(this.nextSendAt + 1000 / rate, now - 1000); // no burst after a stall
    const wait = this.nextSendAt - now;
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  }

  private async once(req: LoadRequest): Promise<Sample> {
    const at = Date.now();
    const started = performance.now();
    try {
      const answer = await this.pool.request({
        path: req.path,
        method: req.method ?? 'GET',
        headers: req.headers,
        body: req.body,
        headersTimeout: this.options.timeoutMs ?? 10_000,
        bodyTimeout: this.options.timeoutMs ?? 10_000,
      });
      const type = String(answer.headers['content-type'] ?? '');
      let body: unknown;
      let bytes = 0;
      if (type.includes('json') && this.options.parseJson !== false) body = await answer.body.json();
      else for await (const chunk of answer.body) bytes += (chunk as Buffer).length;
      return { kind: req.kind, path: req.path, status: answer.statusCode, at, ms: performance.now() - started, body, bytes };
    } catch (error) {
      return { kind: req.kind, path: req.path, status: 0, at, ms: performance.now() - started, error: (error as Error).message };
    }
  }
}

/** The p-th percentile (0–100) of `values`, nearest-rank; NaN when empty. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}
